import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { refundShare } from "./refund";

describe("refundShare", () => {
  it("takes the cumulative share, so the returns of a line add up to it exactly", () => {
    const line = { qtyMilli: 3000, totalSatang: 9_901, vatSatang: 648 };
    const parts = [0, 1000, 2000].map((before) => refundShare(line, before, 1000));
    expect(parts.map((p) => p.totalSatang)).toEqual([3_300, 3_301, 3_300]);
    expect(parts.reduce((s, p) => s + p.vatSatang, 0)).toBe(648);
    expect(parts.every((p) => p.exVatSatang === p.totalSatang - p.vatSatang)).toBe(true);
  });

  it("never makes or loses a satang however a line comes back", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 700 }),
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 20 }),
        (units, totalSatang, vatPerMille, cuts) => {
          const line = {
            qtyMilli: units * 1000,
            totalSatang,
            vatSatang: Math.floor((totalSatang * vatPerMille) / 10_700),
          };
          let before = 0;
          let total = 0;
          let vat = 0;
          for (const cut of cuts) {
            const qty = Math.min(cut * 1000, line.qtyMilli - before);
            if (qty === 0) break;
            const share = refundShare(line, before, qty);
            expect(share.totalSatang).toBeGreaterThanOrEqual(0);
            total += share.totalSatang;
            vat += share.vatSatang;
            before += qty;
          }
          if (before < line.qtyMilli) {
            const rest = refundShare(line, before, line.qtyMilli - before);
            total += rest.totalSatang;
            vat += rest.vatSatang;
          }
          expect(total).toBe(line.totalSatang);
          expect(vat).toBe(line.vatSatang);
        },
      ),
    );
  });

  it("refuses more than is still out", () => {
    expect(() =>
      refundShare({ qtyMilli: 2000, totalSatang: 100, vatSatang: 0 }, 1000, 1001),
    ).toThrow(RangeError);
  });
});
