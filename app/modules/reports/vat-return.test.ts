import { describe, expect, it } from "vitest";
import { carriedCredit } from "./vat-return.server";

describe("the overpaid tax carried into a month (ภ.พ.30 box 10)", () => {
  it("carries a credit month to month, spends it on tax owed, never below nothing", () => {
    const months = new Map([
      ["2026-01", { output: 1_000, input: 5_000 }], // 40.00 overpaid
      ["2026-03", { output: 3_000, input: 0 }], // owes 30.00: the credit pays it, 10.00 left
      ["2026-04", { output: 9_000, input: 0 }], // owes more than the credit: paid, nothing left
      ["2026-05", { output: 0, input: 2_500 }],
    ]);
    expect(carriedCredit(months, "2026-01")).toEqual({ satang: 0, since: null });
    expect(carriedCredit(months, "2026-02")).toEqual({ satang: 4_000, since: "2026-01" });
    expect(carriedCredit(months, "2026-04")).toEqual({ satang: 1_000, since: "2026-01" });
    expect(carriedCredit(months, "2026-05")).toEqual({ satang: 0, since: "2026-01" });
    expect(carriedCredit(months, "2027-01")).toEqual({ satang: 2_500, since: "2026-01" });
  });
});
