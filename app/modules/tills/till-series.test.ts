import { describe, expect, it } from "vitest";
import { bangkokYear, BUDDHIST_ERA_OFFSET } from "~/lib/dates";
import {
  isNextInSeries,
  nextInSeries,
  TILL_CODE_PATTERN,
  tillCodeOf,
  tillDocumentNumber,
} from "./till-series";

describe("a till's number series", () => {
  it("prints the prefix, the till's code, the Buddhist-era year and six digits", () => {
    expect(tillDocumentNumber("ABB", "P01", 2569, 123)).toBe("ABB-P01-2569-000123");
    expect(tillDocumentNumber("RC-", "P12", 2570, 1)).toBe("RC-P12-2570-000001");
    expect(tillDocumentNumber("ABB", "P01", 2569, 1_234_567)).toBe("ABB-P01-2569-1234567");
    expect(() => tillDocumentNumber("ABB", "P01", 2569, 0)).toThrow(RangeError);
  });

  it("names tills P01 to P999", () => {
    expect([1, 9, 10, 99, 100].map(tillCodeOf)).toEqual(["P01", "P09", "P10", "P99", "P100"]);
    expect(tillCodeOf(7)).toMatch(TILL_CODE_PATTERN);
    expect(() => tillCodeOf(0)).toThrow(RangeError);
    expect(() => tillCodeOf(1000)).toThrow(RangeError);
  });

  it("takes the next number, and starts again at 1 when the year turns at midnight in Bangkok", () => {
    expect(nextInSeries(null, 2569)).toBe(1);
    expect(nextInSeries({ year: 2569, lastSeq: 41 }, 2569)).toBe(42);
    // 2026-12-31 16:59:59 UTC is 23:59:59 in Bangkok: still 2569; a second later, 2570.
    const buddhistYear = (at: string) => bangkokYear(at) + BUDDHIST_ERA_OFFSET;
    const before = buddhistYear("2026-12-31T16:59:59Z");
    const after = buddhistYear("2026-12-31T17:00:00Z");
    expect([before, after]).toEqual([2569, 2570]);
    expect(nextInSeries({ year: 2569, lastSeq: 41 }, after)).toBe(1);
  });

  it("accepts only the next number: no gap, no repeat, no year going back", () => {
    const at = { year: 2569, lastSeq: 41 };
    expect(isNextInSeries(at, 2569, 42)).toBe(true);
    expect(isNextInSeries(at, 2569, 41)).toBe(false);
    expect(isNextInSeries(at, 2569, 43)).toBe(false);
    expect(isNextInSeries(at, 2570, 1)).toBe(true);
    expect(isNextInSeries(at, 2570, 2)).toBe(false);
    expect(isNextInSeries(at, 2568, 1)).toBe(false);
    expect(isNextInSeries(null, 2569, 1)).toBe(true);
    expect(isNextInSeries(null, 2569, 2)).toBe(false);
  });
});
