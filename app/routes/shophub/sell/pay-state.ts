import { parseBahtToSatang, satangToBahtInput } from "~/lib/money";
import type { PaymentMethod, PaymentRequest } from "~/modules/sales";

/*
 * The payment screen's state, apart from its panel (pay-dialog.tsx): the till keeps and sends
 * it, while the panel itself loads only when a bill has something to pay for.
 */

/** The amount received's field: F8 puts the amount still due in it, and the focus. */
export const CASH_FIELD_ID = "till-pay-cash";

export interface PayState {
  /** Non-cash payments recorded so far (split payment). */
  recorded: PaymentRequest[];
  method: PaymentMethod;
  /** The cash handed over, as typed. */
  cashText: string;
}

export function startPay(cashExactSatang: number | null): PayState {
  return {
    recorded: [],
    method: "cash",
    cashText: cashExactSatang === null ? "" : satangToBahtInput(cashExactSatang),
  };
}

/** Everything the sale will carry: the recorded payments and the cash typed, if any. */
export function paymentsOf(state: PayState): PaymentRequest[] {
  const cash = parseBahtToSatang(state.cashText);
  return cash && cash > 0
    ? [...state.recorded, { method: "cash", amountSatang: cash }]
    : state.recorded;
}
