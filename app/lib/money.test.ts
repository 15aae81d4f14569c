import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatBaht,
  formatPrice,
  formatQuantity,
  formatSatang,
  lineTotal,
  MAX_SATANG,
  parseBahtToSatang,
  percentOfSatang,
  satangToBahtInput,
  sumSatang,
  vatIncluded,
  vatOnTop,
} from "./money";

const satang = fc.integer({ min: 0, max: MAX_SATANG });

describe("parseBahtToSatang", () => {
  it("reads baht the way people type it into integer satang", () => {
    expect(parseBahtToSatang("1,250")).toBe(125_000);
    expect(parseBahtToSatang("1,234.50")).toBe(123_450);
    expect(parseBahtToSatang("1250.5")).toBe(125_050);
    expect(parseBahtToSatang("฿1,234.5")).toBe(123_450);
    expect(parseBahtToSatang("฿ 99.75")).toBe(9_975);
    expect(parseBahtToSatang("0.01")).toBe(1);
    expect(parseBahtToSatang("12 บาท")).toBe(1_200);
    // The listings' price field has always taken these.
    expect(parseBahtToSatang("2,500,000")).toBe(250_000_000);
    expect(parseBahtToSatang("1 250 000 บาท")).toBe(125_000_000);
    expect(parseBahtToSatang(" 9,999,999,999.99 ")).toBe(MAX_SATANG);
  });

  it("refuses what is not an amount, by the stricter of the two old rules", () => {
    const bad = [
      ...["", "abc", "-5", "1.234", "1e5", "12.", ".5x", "99999999999", "10,000,000,000"],
      // separators that are not groups of three, or two kinds in one amount
      ...["1,2,5,0", "12,50", "1,250 000", "1 2 5 0", "1,,250"],
      // a sign anywhere but in front, Thai digits, full-width digits
      ...["1,250฿", "1฿250", "๑,๒๕๐", "１２"],
    ];
    for (const text of bad) expect(parseBahtToSatang(text), text).toBeNull();
  });

  it("never goes through floating point: 0.1 + 0.2 style amounts stay exact", () => {
    expect(parseBahtToSatang("0.29")).toBe(29);
    expect(parseBahtToSatang("1.15")).toBe(115);
    expect(parseBahtToSatang("9999999999.99")).toBe(999_999_999_999);
  });

  it("round-trips every amount through each way it is written", () => {
    fc.assert(
      fc.property(satang, (amount) => {
        expect(parseBahtToSatang(formatSatang(amount))).toBe(amount);
        expect(parseBahtToSatang(satangToBahtInput(amount))).toBe(amount);
        expect(parseBahtToSatang(satangToBahtInput(amount, { dropZeroSatang: true }))).toBe(amount);
        expect(parseBahtToSatang(formatBaht(amount, "th"))).toBe(amount);
        expect(parseBahtToSatang(formatPrice(amount, "th"))).toBe(amount);
      }),
    );
  });

  it("gives a whole number of satang in range, or null, whatever is typed", () => {
    const typed = fc.oneof(
      fc.string(),
      fc.stringMatching(/^[฿ ]{0,2}[\d,. ]{1,16}( บาท)?$/),
      fc.double().map(String),
    );
    fc.assert(
      fc.property(typed, (text) => {
        const read = parseBahtToSatang(text);
        if (read === null) return;
        expect(Number.isSafeInteger(read)).toBe(true);
        expect(read).toBeGreaterThanOrEqual(0);
        expect(read).toBeLessThanOrEqual(MAX_SATANG);
      }),
    );
  });
});

describe("formatting", () => {
  it("writes satang as baht for documents, forms and pages", () => {
    expect(formatSatang(123_450)).toBe("1,234.50");
    expect(formatSatang(5)).toBe("0.05");
    expect(formatSatang(-123_450)).toBe("-1,234.50");
    expect(formatSatang(MAX_SATANG)).toBe("9,999,999,999.99");
    expect(satangToBahtInput(115)).toBe("1.15");
    expect(satangToBahtInput(-5)).toBe("-0.05");
    expect(satangToBahtInput(450_050, { dropZeroSatang: true })).toBe("4500.50");
    expect(satangToBahtInput(250_000_000, { dropZeroSatang: true })).toBe("2500000");
    expect(formatBaht(125_050, "th")).toBe("฿1,250.50");
    expect(formatBaht(125_050, "en")).toBe("THB\u00a01,250.50");
    expect(formatPrice(250_000_000, "th")).toBe("฿2,500,000");
    expect(formatPrice(450_050, "en")).toBe("฿4,500.50");
    expect(formatQuantity(12_500, "th")).toBe("12,500");
  });

  it("writes amounts as Intl.NumberFormat does, without making an Intl object (decision 0049)", () => {
    const locale = { th: "th-TH", en: "en-GB" } as const;
    const intl = (lang: "th" | "en", options: Intl.NumberFormatOptions, value: number) =>
      new Intl.NumberFormat(locale[lang], options).format(value);
    const currency = { style: "currency", currency: "THB" } as const;
    const amounts = fc.oneof(
      satang,
      fc.integer({ min: -MAX_SATANG, max: MAX_SATANG }),
      fc.constantFrom(0, 1, -1, 99, 100, 101, 99_999, 100_000, -100_000, MAX_SATANG),
    );
    fc.assert(
      fc.property(amounts, fc.constantFrom("th" as const, "en" as const), (amount, lang) => {
        const baht = amount / 100;
        expect(formatBaht(amount, lang)).toBe(
          intl(lang, { ...currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }, baht),
        );
        const whole = amount % 100 === 0;
        expect(formatPrice(amount, lang)).toBe(
          intl(
            lang,
            {
              ...currency,
              currencyDisplay: "narrowSymbol",
              minimumFractionDigits: whole ? 0 : 2,
              maximumFractionDigits: 2,
            },
            baht,
          ),
        );
        expect(formatQuantity(amount, lang)).toBe(intl(lang, { maximumFractionDigits: 0 }, amount));
      }),
      { numRuns: 500 },
    );
  });
});

describe("satang arithmetic", () => {
  it("takes a percentage with half-up rounding to the satang", () => {
    expect(percentOfSatang(10_000, 700)).toBe(700); // 7% of 100.00
    expect(percentOfSatang(150, 1_000)).toBe(15); // 10% of 1.50
    expect(percentOfSatang(5, 1_000)).toBe(1); // 0.5 satang rounds up
    expect(percentOfSatang(4, 1_000)).toBe(0);
    expect(percentOfSatang(-5, 1_000)).toBe(-1); // a half goes away from zero
    expect(percentOfSatang(MAX_SATANG, 10_000)).toBe(MAX_SATANG); // beyond 2^53 inside
  });

  it("rounds within half a satang of the exact value, always to whole satang", () => {
    fc.assert(
      fc.property(satang, fc.integer({ min: 0, max: 10_000 }), (amount, bp) => {
        const part = percentOfSatang(amount, bp);
        expect(Number.isSafeInteger(part)).toBe(true);
        const error = BigInt(part) * 10_000n - BigInt(amount) * BigInt(bp);
        expect(error >= -5_000n && error <= 5_000n).toBe(true);
        // exactly half a satang rounds up, never down
        expect(error).not.toBe(-5_000n);
      }),
    );
  });

  it("finds the VAT on top of a net price and inside a gross price (7%)", () => {
    expect(vatOnTop(10_000)).toBe(700);
    expect(vatIncluded(10_700)).toBe(700);
    expect(vatIncluded(100)).toBe(7); // 1.00 incl. VAT: 0.0654… → 0.07
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (net) => {
        // A net price plus its VAT gives back the same VAT from the gross within a satang.
        const gross = net + vatOnTop(net);
        expect(Math.abs(vatIncluded(gross) - vatOnTop(net))).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("adds and multiplies only whole satang", () => {
    expect(sumSatang([125_050, 1, 99])).toBe(125_150);
    expect(lineTotal(2_550, 3)).toBe(7_650);
    expect(() => sumSatang([100, 0.5])).toThrow(RangeError);
    expect(() => lineTotal(0.1 * 3, 2)).toThrow(RangeError);
  });
});
