import { describe, expect, it } from "vitest";
import { chooseMethod, paymentsOf, startPay, withRecorded } from "./pay-state";

/* The payment screen's state as plain functions: what each field holds as the cashier pays. */

describe("the payment's state", () => {
  it("prefills a transfer or a card with what is still due (issue 32.8)", () => {
    // ฿1,250.50: a card for all of it.
    let state = chooseMethod(startPay(null), "card", 125_050);
    expect(state).toMatchObject({ method: "card", amountText: "1250.50" });
    // 250.50 by transfer, then the card is for the 1,000 left.
    state = chooseMethod(state, "transfer", 125_050);
    state = withRecorded(
      state,
      [{ method: "transfer", amountSatang: 25_050, reference: "K-123" }],
      125_050,
    );
    expect(state.amountText).toBe("1000.00");
    expect(chooseMethod(state, "card", 125_050).amountText).toBe("1000.00");
    // The transfer taken back: the whole bill is due again.
    expect(withRecorded(state, [], 125_050).amountText).toBe("1250.50");
  });

  it("leaves the amount empty once the payments cover the bill, and keeps the cash typed", () => {
    const state = withRecorded(
      { ...startPay(null), cashText: "100" },
      [{ method: "promptpay", amountSatang: 2_000 }],
      2_000,
    );
    expect(state).toMatchObject({ amountText: "", cashText: "100" });
    expect(paymentsOf(state)).toEqual([
      { method: "promptpay", amountSatang: 2_000 },
      { method: "cash", amountSatang: 10_000 },
    ]);
  });
});
