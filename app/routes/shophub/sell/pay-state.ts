import { parseBahtToSatang, satangToBahtInput } from "~/lib/money";
import { type PaymentMethod, type PaymentRequest, remainingToPay } from "~/modules/sales";

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
  /** A transfer's or card's amount, as typed: what is still due when it is chosen. */
  amountText: string;
}

export function startPay(cashExactSatang: number | null): PayState {
  return {
    recorded: [],
    method: "cash",
    cashText: cashExactSatang === null ? "" : satangToBahtInput(cashExactSatang),
    amountText: "",
  };
}

/** What is still due of the bill after the payments recorded, as a field shows it. */
function dueText(totalSatang: number, recorded: readonly PaymentRequest[]): string {
  const due = remainingToPay(totalSatang, recorded);
  return due > 0 ? satangToBahtInput(due) : "";
}

/**
 * Another method chosen: a transfer or a card is for what is still due unless the cashier
 * types less (issue 32.8; the field was empty, with the amount only as its placeholder).
 */
export function chooseMethod(
  state: PayState,
  method: PaymentMethod,
  totalSatang: number,
): PayState {
  return { ...state, method, amountText: dueText(totalSatang, state.recorded) };
}

/** The payments recorded changed (one added, or taken back): the amount follows what is due. */
export function withRecorded(
  state: PayState,
  recorded: PaymentRequest[],
  totalSatang: number,
): PayState {
  return { ...state, recorded, amountText: dueText(totalSatang, recorded) };
}

/** Everything the sale will carry: the recorded payments and the cash typed, if any. */
export function paymentsOf(state: PayState): PaymentRequest[] {
  const cash = parseBahtToSatang(state.cashText);
  return cash && cash > 0
    ? [...state.recorded, { method: "cash", amountSatang: cash }]
    : state.recorded;
}
