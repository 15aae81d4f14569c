import { describe, expect, it } from "vitest";
import { previousRange } from "./range";

describe("previousRange", () => {
  it("compares a whole month with the whole month before", () => {
    expect(previousRange({ from: "2026-11-01", to: "2026-11-30" })).toEqual({
      from: "2026-10-01",
      to: "2026-10-31",
    });
    expect(previousRange({ from: "2026-03-01", to: "2026-03-31" })).toEqual({
      from: "2026-02-01",
      to: "2026-02-28",
    });
    expect(previousRange({ from: "2028-03-01", to: "2028-03-31" })).toEqual({
      from: "2028-02-01",
      to: "2028-02-29",
    });
    expect(previousRange({ from: "2027-01-01", to: "2027-01-31" })).toEqual({
      from: "2026-12-01",
      to: "2026-12-31",
    });
  });

  it("compares whole months with as many whole months before: a quarter, a year", () => {
    expect(previousRange({ from: "2026-10-01", to: "2026-12-31" })).toEqual({
      from: "2026-07-01",
      to: "2026-09-30",
    });
    expect(previousRange({ from: "2026-01-01", to: "2026-12-31" })).toEqual({
      from: "2025-01-01",
      to: "2025-12-31",
    });
    expect(previousRange({ from: "2026-02-01", to: "2027-01-31" })).toEqual({
      from: "2025-02-01",
      to: "2026-01-31",
    });
  });

  it("compares a month to date with the same days of the month before", () => {
    expect(previousRange({ from: "2026-11-01", to: "2026-11-15" })).toEqual({
      from: "2026-10-01",
      to: "2026-10-15",
    });
    expect(previousRange({ from: "2026-03-01", to: "2026-03-30" })).toEqual({
      from: "2026-02-01",
      to: "2026-02-28",
    });
    expect(previousRange({ from: "2026-01-01", to: "2026-01-01" })).toEqual({
      from: "2025-12-01",
      to: "2025-12-01",
    });
  });

  it("compares any other range with as many days just before it", () => {
    expect(previousRange({ from: "2026-10-10", to: "2026-10-10" })).toEqual({
      from: "2026-10-09",
      to: "2026-10-09",
    });
    expect(previousRange({ from: "2026-11-10", to: "2026-11-16" })).toEqual({
      from: "2026-11-03",
      to: "2026-11-09",
    });
    // 46 days (31 of March, 15 of April): 14 January to 28 February.
    expect(previousRange({ from: "2026-03-01", to: "2026-04-15" })).toEqual({
      from: "2026-01-14",
      to: "2026-02-28",
    });
  });
});
