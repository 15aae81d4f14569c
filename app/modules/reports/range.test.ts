import { describe, expect, it } from "vitest";
import { previousRange } from "./range";

/** [from, to] → [previous from, previous to]. */
type Case = [string, string, string, string];

function expectPrevious(cases: Case[]) {
  for (const [from, to, previousFrom, previousTo] of cases) {
    expect(previousRange({ from, to }), `${from}/${to}`).toEqual({
      from: previousFrom,
      to: previousTo,
    });
  }
}

describe("previousRange", () => {
  it("compares a whole month with the whole month before", () => {
    expectPrevious([
      ["2026-11-01", "2026-11-30", "2026-10-01", "2026-10-31"],
      ["2026-03-01", "2026-03-31", "2026-02-01", "2026-02-28"],
      ["2028-03-01", "2028-03-31", "2028-02-01", "2028-02-29"],
      ["2027-01-01", "2027-01-31", "2026-12-01", "2026-12-31"],
    ]);
  });

  it("compares whole months with as many whole months before: a quarter, a year", () => {
    expectPrevious([
      ["2026-10-01", "2026-12-31", "2026-07-01", "2026-09-30"],
      ["2026-01-01", "2026-12-31", "2025-01-01", "2025-12-31"],
      ["2026-02-01", "2027-01-31", "2025-02-01", "2026-01-31"],
    ]);
  });

  it("compares a month to date with the same days of the month before", () => {
    expectPrevious([
      ["2026-11-01", "2026-11-15", "2026-10-01", "2026-10-15"],
      ["2026-03-01", "2026-03-30", "2026-02-01", "2026-02-28"],
      ["2026-01-01", "2026-01-01", "2025-12-01", "2025-12-01"],
    ]);
  });

  it("compares any other range with as many days just before it", () => {
    expectPrevious([
      ["2026-10-10", "2026-10-10", "2026-10-09", "2026-10-09"],
      ["2026-11-10", "2026-11-16", "2026-11-03", "2026-11-09"],
      // 46 days (31 of March, 15 of April): 14 January to 28 February.
      ["2026-03-01", "2026-04-15", "2026-01-14", "2026-02-28"],
    ]);
  });
});
