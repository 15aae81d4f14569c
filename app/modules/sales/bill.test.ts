import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { spreadProportionally } from "./arithmetic";
import {
  type Bill,
  type BillInput,
  type Discount,
  computeBill,
  quickCashAmounts,
  remainingToPay,
  settlePayments,
  THAI_VAT_BASIS_POINTS,
  type VatMode,
} from "./bill";

const inclusive = { mode: "inclusive", rateBasisPoints: THAI_VAT_BASIS_POINTS } as const;
const exclusive = { mode: "exclusive", rateBasisPoints: THAI_VAT_BASIS_POINTS } as const;
const noVat = { mode: "none", rateBasisPoints: 0 } as const;

function bill(input: BillInput): Bill {
  const result = computeBill(input);
  if (!result.ok) throw new Error(`unexpected ${JSON.stringify(result.error)}`);
  return result.bill;
}

describe("worked examples", () => {
  it("café, prices with VAT: 2 lattes and a croissant, 10 % off the bill", () => {
    const b = bill({
      lines: [
        { unitPriceSatang: 6_500, qtyMilli: 2_000 },
        { unitPriceSatang: 5_500, qtyMilli: 1_000 },
      ],
      billDiscount: { kind: "percent", basisPoints: 1_000 },
      vat: inclusive,
    });
    // 185.00 − 18.50 = 166.50; VAT = round(16,650 × 7 / 107 = 1,089.25) = 10.89.
    expect(b).toMatchObject({
      grossSatang: 18_500,
      subtotalSatang: 18_500,
      billDiscountSatang: 1_850,
      totalSatang: 16_650,
      vatSatang: 1_089,
      vatBaseSatang: 15_561,
      exVatSatang: 15_561,
      nonVatSatang: 0,
      vatRateBasisPoints: 700,
    });
    // The discount splits 13 : 5.5 exactly; the VAT 765.27 : 323.73, the spare satang going
    // to the larger remainder (the croissant).
    expect(b.lines).toEqual([
      {
        grossSatang: 13_000,
        lineDiscountSatang: 0,
        billDiscountSatang: 1_300,
        netSatang: 11_700,
        vatSatang: 765,
        exVatSatang: 10_935,
        totalSatang: 11_700,
      },
      {
        grossSatang: 5_500,
        lineDiscountSatang: 0,
        billDiscountSatang: 550,
        netSatang: 4_950,
        vatSatang: 324,
        exVatSatang: 4_626,
        totalSatang: 4_950,
      },
    ]);
  });

  it("hardware shop, prices without VAT: line discount, metres of cable, bill discount", () => {
    const b = bill({
      lines: [
        // A drill at 1,290.00 with 5 % off: 64.50 off.
        {
          unitPriceSatang: 129_000,
          qtyMilli: 1_000,
          discount: { kind: "percent", basisPoints: 500 },
        },
        // 200 screws at 0.35.
        { unitPriceSatang: 35, qtyMilli: 200_000 },
        // 2.5 m of cable at 18.50 a metre.
        { unitPriceSatang: 1_850, qtyMilli: 2_500 },
      ],
      // Rounded down to 1,300.00 before VAT.
      billDiscount: { kind: "amount", satang: 4_175 },
      vat: exclusive,
    });
    expect(b).toMatchObject({
      grossSatang: 140_625,
      lineDiscountSatang: 6_450,
      subtotalSatang: 134_175,
      billDiscountSatang: 4_175,
      vatBaseSatang: 130_000,
      vatSatang: 9_100,
      totalSatang: 139_100,
    });
    expect(b.lines.map((l) => l.billDiscountSatang)).toEqual([3_813, 218, 144]);
    expect(b.lines.map((l) => l.netSatang)).toEqual([118_737, 6_782, 4_481]);
    expect(b.lines.map((l) => l.vatSatang)).toEqual([8_311, 475, 314]);
    expect(b.lines.map((l) => l.totalSatang)).toEqual([127_048, 7_257, 4_795]);
  });

  it("a weighed item: 1.255 kg at 89.00 is 111.695, rounded half up to 111.70", () => {
    const b = bill({ lines: [{ unitPriceSatang: 8_900, qtyMilli: 1_255 }], vat: noVat });
    expect(b.totalSatang).toBe(11_170);
  });

  it("a scale label's printed price is the line amount, whatever price × weight gives", () => {
    const b = bill({
      lines: [{ unitPriceSatang: 8_900, qtyMilli: 1_255, amountSatang: 11_165 }],
      vat: noVat,
    });
    expect(b.totalSatang).toBe(11_165);
  });

  it("a shop without VAT: no VAT at any line, everything is non-VAT value", () => {
    const b = bill({
      lines: [
        { unitPriceSatang: 2_500, qtyMilli: 3_000 },
        { unitPriceSatang: 1_000, qtyMilli: 1_000 },
      ],
      billDiscount: { kind: "amount", satang: 500 },
      vat: { mode: "none", rateBasisPoints: 700 },
    });
    expect(b).toMatchObject({
      totalSatang: 8_000,
      vatSatang: 0,
      vatBaseSatang: 0,
      nonVatSatang: 8_000,
      vatRateBasisPoints: 0,
    });
    expect(b.lines.every((l) => l.vatSatang === 0)).toBe(true);
  });

  it("a VAT-registered grocery: exempt vegetables carry no VAT, soap does", () => {
    const b = bill({
      lines: [
        { unitPriceSatang: 4_000, qtyMilli: 1_000, vatExempt: true },
        { unitPriceSatang: 10_700, qtyMilli: 1_000 },
      ],
      vat: inclusive,
    });
    expect(b).toMatchObject({
      totalSatang: 14_700,
      vatSatang: 700,
      vatBaseSatang: 10_000,
      nonVatSatang: 4_000,
      exVatSatang: 14_000,
    });
    expect(b.lines.map((l) => l.vatSatang)).toEqual([0, 700]);
  });

  it("rounds halves up: 7 % of 0.50 is 3.5 satang, 15 % of 0.10 is 1.5 satang", () => {
    expect(
      bill({ lines: [{ unitPriceSatang: 50, qtyMilli: 1_000 }], vat: exclusive }).vatSatang,
    ).toBe(4);
    const line = bill({
      lines: [
        { unitPriceSatang: 10, qtyMilli: 1_000, discount: { kind: "percent", basisPoints: 1_500 } },
      ],
      vat: noVat,
    });
    expect(line.lineDiscountSatang).toBe(2);
  });

  it("takes the VAT rate as a parameter", () => {
    const b = bill({
      lines: [{ unitPriceSatang: 11_000, qtyMilli: 1_000 }],
      vat: { mode: "inclusive", rateBasisPoints: 1_000 },
    });
    expect(b).toMatchObject({ vatSatang: 1_000, vatBaseSatang: 10_000, vatRateBasisPoints: 1_000 });
  });

  it("a 100 % bill discount leaves nothing to pay and no VAT", () => {
    const b = bill({
      lines: [{ unitPriceSatang: 5_000, qtyMilli: 1_000 }],
      billDiscount: { kind: "percent", basisPoints: 10_000 },
      vat: inclusive,
    });
    expect(b).toMatchObject({ totalSatang: 0, vatSatang: 0 });
  });
});

describe("refused bills", () => {
  const line = { unitPriceSatang: 1_000, qtyMilli: 1_000 };
  it.each([
    [
      { lines: [{ ...line, qtyMilli: 0 }], vat: noVat },
      { code: "badQuantity", line: 0 },
    ],
    [
      { lines: [line, { ...line, qtyMilli: 1.5 }], vat: noVat },
      { code: "badQuantity", line: 1 },
    ],
    [
      { lines: [{ ...line, unitPriceSatang: -1 }], vat: noVat },
      { code: "badPrice", line: 0 },
    ],
    [
      { lines: [{ ...line, unitPriceSatang: 0.5 }], vat: noVat },
      { code: "badPrice", line: 0 },
    ],
    [
      { lines: [{ ...line, discount: { kind: "amount", satang: 1_001 } }], vat: noVat },
      { code: "discountOverLine", line: 0 },
    ],
    [
      { lines: [{ ...line, discount: { kind: "percent", basisPoints: 10_001 } }], vat: noVat },
      { code: "badDiscount", line: 0 },
    ],
    [
      { lines: [line], billDiscount: { kind: "amount", satang: 1_001 }, vat: noVat },
      { code: "discountOverBill" },
    ],
    [
      { lines: [line], billDiscount: { kind: "amount", satang: -1 }, vat: noVat },
      { code: "badDiscount", line: null },
    ],
    [{ lines: [line], vat: { mode: "inclusive", rateBasisPoints: -700 } }, { code: "badVatRate" }],
    [
      { lines: [{ ...line, unitPriceSatang: 1_000_000_000_000, qtyMilli: 2_000 }], vat: noVat },
      { code: "tooLarge" },
    ],
  ] as [BillInput, unknown][])("%j", (input, error) => {
    expect(computeBill(input)).toEqual({ ok: false, error });
  });
});

describe("properties", () => {
  const discount = (max: number): fc.Arbitrary<Discount | null> =>
    fc.oneof(
      fc.constant(null),
      fc.integer({ min: 0, max }).map((satang) => ({ kind: "amount" as const, satang })),
      fc
        .integer({ min: 0, max: 10_000 })
        .map((basisPoints) => ({ kind: "percent" as const, basisPoints })),
    );
  const line = fc.record({
    unitPriceSatang: fc.integer({ min: 0, max: 5_000_000 }),
    qtyMilli: fc.integer({ min: 1, max: 50_000 }),
    amountSatang: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: undefined }),
    discount: discount(20_000),
    vatExempt: fc.boolean(),
  });
  const mode = fc.constantFrom<VatMode>("inclusive", "exclusive", "none");
  const input = fc.record({
    lines: fc.array(line, { minLength: 1, maxLength: 12 }),
    billDiscount: discount(200_000),
    vat: fc.record({ mode, rateBasisPoints: fc.integer({ min: 0, max: 2_500 }) }),
  });

  it("parts add up to the totals, nothing is negative, VAT is within half a satang", () => {
    fc.assert(
      fc.property(input, (inp) => {
        const result = computeBill(inp);
        if (!result.ok) {
          // Only discounts too large for their line or bill are refused by these inputs.
          expect(["discountOverLine", "discountOverBill"]).toContain(result.error.code);
          return;
        }
        const b = result.bill;
        const total = (pick: (l: Bill["lines"][number]) => number) =>
          b.lines.reduce((s, l) => s + pick(l), 0);
        expect(total((l) => l.totalSatang)).toBe(b.totalSatang);
        expect(total((l) => l.vatSatang)).toBe(b.vatSatang);
        expect(total((l) => l.exVatSatang)).toBe(b.exVatSatang);
        expect(total((l) => l.billDiscountSatang)).toBe(b.billDiscountSatang);
        expect(b.exVatSatang + b.vatSatang).toBe(b.totalSatang);
        expect(b.vatBaseSatang + b.nonVatSatang).toBe(b.exVatSatang);
        expect(b.vatSatang).toBeGreaterThanOrEqual(0);
        for (const l of b.lines) {
          expect(l.netSatang).toBeGreaterThanOrEqual(0);
          expect(l.exVatSatang).toBeGreaterThanOrEqual(0);
          expect(l.vatSatang).toBeGreaterThanOrEqual(0);
          expect(l.netSatang).toBeLessThanOrEqual(l.grossSatang);
        }
        const net = b.subtotalSatang - b.billDiscountSatang;
        const rate = b.vatRateBasisPoints;
        const taxable = b.lines.reduce(
          (s, l, i) => s + (inp.vat.mode === "none" || inp.lines[i]?.vatExempt ? 0 : l.netSatang),
          0,
        );
        if (b.vatMode === "exclusive") {
          expect(b.totalSatang).toBe(net + b.vatSatang);
          expect(Math.abs(b.vatSatang * 10_000 - taxable * rate)).toBeLessThanOrEqual(5_000);
        } else {
          expect(b.totalSatang).toBe(net);
          expect(Math.abs(b.vatSatang * (10_000 + rate) - taxable * rate)).toBeLessThanOrEqual(
            (10_000 + rate) / 2,
          );
        }
      }),
      { numRuns: 1_000 },
    );
  });

  it("spreads any amount into parts that add up exactly and stay within a satang of fair", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000_000 }), { minLength: 1, maxLength: 20 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, fraction) => {
          const sumW = weights.reduce((a, b) => a + b, 0);
          fc.pre(sumW > 0);
          const total = Math.floor(sumW * fraction);
          const parts = spreadProportionally(total, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          parts.forEach((part, i) => {
            const w = weights[i] ?? 0;
            expect(part).toBeLessThanOrEqual(w);
            const exact = (w * total) / sumW;
            expect(Math.abs(part - exact)).toBeLessThan(1.000001);
          });
        },
      ),
    );
  });
});

describe("payments", () => {
  it("cash over the total gives change", () => {
    expect(settlePayments(16_650, [{ method: "cash", amountSatang: 20_000 }])).toEqual({
      ok: true,
      tenderedSatang: 20_000,
      changeSatang: 3_350,
      cashKeptSatang: 16_650,
    });
  });

  it("split: PromptPay for part, cash for the rest with change", () => {
    expect(
      settlePayments(16_650, [
        { method: "promptpay", amountSatang: 10_000 },
        { method: "cash", amountSatang: 10_000 },
      ]),
    ).toEqual({ ok: true, tenderedSatang: 20_000, changeSatang: 3_350, cashKeptSatang: 6_650 });
    expect(
      settlePayments(16_650, [
        { method: "card", amountSatang: 6_650 },
        { method: "transfer", amountSatang: 10_000 },
      ]),
    ).toEqual({ ok: true, tenderedSatang: 16_650, changeSatang: 0, cashKeptSatang: 0 });
  });

  it("refuses a non-cash payment over what is left, and payments short of the total", () => {
    expect(
      settlePayments(16_650, [
        { method: "cash", amountSatang: 10_000 },
        { method: "promptpay", amountSatang: 10_000 },
        { method: "card", amountSatang: 6_651 },
      ]),
    ).toEqual({
      ok: false,
      error: { code: "nonCashOverTotal", payment: 2, remainingSatang: 6_650 },
    });
    expect(settlePayments(16_650, [{ method: "cash", amountSatang: 5_000 }])).toEqual({
      ok: false,
      error: { code: "notCovered", remainingSatang: 11_650 },
    });
    expect(settlePayments(16_650, [])).toEqual({
      ok: false,
      error: { code: "notCovered", remainingSatang: 16_650 },
    });
    expect(settlePayments(100, [{ method: "cash", amountSatang: 0 }])).toEqual({
      ok: false,
      error: { code: "badAmount", payment: 0 },
    });
  });

  it("a bill of nothing needs no payment", () => {
    expect(settlePayments(0, [])).toEqual({
      ok: true,
      tenderedSatang: 0,
      changeSatang: 0,
      cashKeptSatang: 0,
    });
  });

  it("when settled, what stays equals the total and only cash comes back", () => {
    const payment = fc.record({
      method: fc.constantFrom("cash", "promptpay", "transfer", "card") as fc.Arbitrary<
        "cash" | "promptpay" | "transfer" | "card"
      >,
      amountSatang: fc.integer({ min: 1, max: 200_000 }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 300_000 }),
        fc.array(payment, { maxLength: 5 }),
        (total, pays) => {
          const result = settlePayments(total, pays);
          const cash = pays
            .filter((p) => p.method === "cash")
            .reduce((s, p) => s + p.amountSatang, 0);
          if (!result.ok) return;
          expect(result.tenderedSatang - result.changeSatang).toBe(total);
          expect(result.changeSatang).toBeLessThanOrEqual(cash);
          expect(result.cashKeptSatang).toBe(cash - result.changeSatang);
        },
      ),
    );
  });

  it("shows what is left and the quick cash buttons that cover it", () => {
    expect(remainingToPay(16_650, [{ method: "promptpay", amountSatang: 10_000 }])).toBe(6_650);
    expect(remainingToPay(16_650, [{ method: "cash", amountSatang: 20_000 }])).toBe(0);
    expect(quickCashAmounts(6_650)).toEqual([6_650, 10_000, 50_000, 100_000]);
    expect(quickCashAmounts(24_000)).toEqual([24_000, 25_000, 30_000, 50_000, 100_000]);
    expect(quickCashAmounts(0)).toEqual([]);
    // Past the notes themselves: the next round sums (issue 32.8).
    expect(quickCashAmounts(125_050)).toEqual([125_050, 130_000, 150_000, 200_000]);
    expect(quickCashAmounts(100_000)).toEqual([100_000]);
    expect(quickCashAmounts(1_234_500)).toEqual([
      1_234_500, 1_235_000, 1_240_000, 1_250_000, 1_300_000,
    ]);
  });
});
