import { describe, expect, it } from "vitest";
import { monthBefore, readTaxMonth } from "./tax-month";

const NOW = new Date("2026-11-28T10:00:00+07:00");

describe("the month of a tax report", () => {
  it("reads a month typed the Thai way or written by a link, and defaults to last month", () => {
    for (const typed of ["3/2569", "03/2569", "032569", "2026-03"]) {
      const reading = readTaxMonth(typed, NOW);
      expect(reading.ok && reading.taxMonth).toEqual({
        month: "2026-03",
        range: { from: "2026-03-01", to: "2026-03-31" },
        running: false,
      });
    }
    const fallback = readTaxMonth("", NOW);
    expect(fallback.ok && fallback.taxMonth.month).toBe("2026-10");
    const now = readTaxMonth("11/2569", NOW);
    expect(now.ok && now.taxMonth).toMatchObject({ month: "2026-11", running: true });
  });

  it("refuses a month that is no month, and one that has not begun (Bangkok time)", () => {
    expect(readTaxMonth("13/2569", NOW)).toMatchObject({ ok: false, error: "shops.tax.month.bad" });
    expect(readTaxMonth("2569", NOW)).toMatchObject({ ok: false, error: "shops.tax.month.bad" });
    expect(readTaxMonth("12/2569", NOW)).toMatchObject({
      ok: false,
      error: "shops.tax.month.future",
      typed: "12/2569",
    });
    // 30 November 23:30 in Bangkok is already December there.
    const lateNight = new Date("2026-11-30T17:30:00Z");
    expect(readTaxMonth("12/2569", lateNight).ok).toBe(true);
  });

  it("counts months back and forth across years", () => {
    expect(monthBefore("2026-01")).toBe("2025-12");
    expect(monthBefore("2025-12", -1)).toBe("2026-01");
    expect(monthBefore("2026-03", 14)).toBe("2025-01");
  });
});
