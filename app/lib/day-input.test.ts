import { describe, expect, it } from "vitest";
import { dayInputText, monthInputText, parseDayInput, parseMonthInput } from "./day-input";

describe("parseDayInput", () => {
  it("reads a day as Thai people write it, in the Buddhist era", () => {
    expect(parseDayInput("28/11/2569")).toBe("2026-11-28");
    expect(parseDayInput(" 1/2/2569 ")).toBe("2026-02-01");
    expect(parseDayInput("28-11-2569")).toBe("2026-11-28");
    expect(parseDayInput("28.11.2569")).toBe("2026-11-28");
    expect(parseDayInput("28 11 2569")).toBe("2026-11-28");
    // Eight digits, as a phone's number pad types them.
    expect(parseDayInput("28112569")).toBe("2026-11-28");
  });

  it("reads a Gregorian year and the machine form of links", () => {
    expect(parseDayInput("28/11/2026")).toBe("2026-11-28");
    expect(parseDayInput("2026-11-28")).toBe("2026-11-28");
  });

  it("refuses what is no day", () => {
    for (const text of [
      "",
      "31/2/2569",
      "29/2/2569",
      "2026-02-30",
      "11/28/2026",
      "28/11/69",
      "x",
    ]) {
      expect(parseDayInput(text)).toBeNull();
    }
    // 29 February of a leap year (2567 BE = 2024) is a day.
    expect(parseDayInput("29/02/2567")).toBe("2024-02-29");
  });
});

describe("parseMonthInput", () => {
  it("reads a month in the Buddhist era, the Gregorian year or the machine form", () => {
    expect(parseMonthInput("11/2569")).toBe("2026-11");
    expect(parseMonthInput("1/2570")).toBe("2027-01");
    expect(parseMonthInput("112569")).toBe("2026-11");
    expect(parseMonthInput("11/2026")).toBe("2026-11");
    expect(parseMonthInput("2026-11")).toBe("2026-11");
    for (const text of ["", "13/2569", "0/2569", "2026-13", "พ.ย. 2569"]) {
      expect(parseMonthInput(text)).toBeNull();
    }
  });
});

describe("dayInputText and monthInputText", () => {
  it("show a day and a month as the field takes them, typed text as it was", () => {
    expect(dayInputText("2026-11-28", "th")).toBe("28/11/2569");
    expect(dayInputText("2026-11-28", "en")).toBe("28/11/2026");
    expect(dayInputText("31/2/2569", "th")).toBe("31/2/2569");
    expect(monthInputText("2026-11", "th")).toBe("11/2569");
    expect(monthInputText("2026-11", "en")).toBe("11/2026");
    // What the field shows reads back as the same day.
    expect(parseDayInput(dayInputText("2026-01-05", "th"))).toBe("2026-01-05");
    expect(parseMonthInput(monthInputText("2026-01", "th"))).toBe("2026-01");
  });
});
