import { describe, expect, it } from "vitest";
import { dateText, monthText, rangeText } from "./date-text";

describe("the picked dates spelled out", () => {
  it("writes Thai dates with the Buddhist-era year and the month's full name", () => {
    expect(dateText("2026-10-03", "th")).toBe("3 ตุลาคม 2569");
    expect(monthText("2026-11", "th")).toBe("พฤศจิกายน 2569");
    expect(rangeText("2026-11-01", "2026-11-30", "th")).toBe("1–30 พฤศจิกายน 2569");
    expect(rangeText("2026-02-28", "2026-03-03", "th")).toBe("28 กุมภาพันธ์ – 3 มีนาคม 2569");
    expect(rangeText("2025-12-30", "2026-01-02", "th")).toBe("30 ธันวาคม 2568 – 2 มกราคม 2569");
    expect(rangeText("2026-11-05", "2026-11-05", "th")).toBe("5 พฤศจิกายน 2569");
  });

  it("writes English dates in the Gregorian calendar", () => {
    expect(dateText("2026-10-03", "en")).toBe("3 October 2026");
    expect(rangeText("2026-11-01", "2026-11-30", "en")).toBe("1–30 November 2026");
  });

  it("shows one end alone, and nothing for what is not a date", () => {
    expect(rangeText("2026-11-01", "", "th")).toBe("1 พฤศจิกายน 2569");
    expect(rangeText("", "2026-11-30", "th")).toBe("30 พฤศจิกายน 2569");
    expect(rangeText("", "", "th")).toBeNull();
    expect(dateText("2026-02-30", "th")).toBeNull();
    expect(monthText("2026-13", "th")).toBeNull();
    expect(dateText("31/02/2569", "th")).toBeNull();
  });

  it("reads what is typed in the date fields", () => {
    expect(dateText("31/12/2569", "th")).toBe("31 ธันวาคม 2569");
    expect(monthText("11/2569", "th")).toBe("พฤศจิกายน 2569");
    expect(rangeText("1/11/2569", "30112569", "en")).toBe("1–30 November 2026");
  });
});
