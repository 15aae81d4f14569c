import { mulDivHalfUp, spreadProportionally } from "./arithmetic";
import { MAX_QTY_MILLI, QTY_SCALE } from "~/lib/quantity";

/**
 * The bill of a sale, in integer satang. The till shows it while the cart changes and the
 * server computes it again from the same inputs when the sale completes, so both sides agree
 * to the satang. The rules (decision "till arithmetic and PromptPay"):
 *
 * 1. Line amount = round(unit price × quantity in thousandths / 1000), halves up; a scale
 *    label's printed price replaces it.
 * 2. Line discount: an amount, or a percentage of the line amount rounded half up; it may not
 *    exceed the line amount.
 * 3. Bill discount: an amount, or a percentage of the bill after line discounts rounded half
 *    up; it may not exceed that. It is spread over the lines in proportion to what each line
 *    still costs (largest remainder, so the shares add up to the discount exactly): each line
 *    then knows its own VAT and profit.
 * 4. VAT is computed once per bill on the sum of the VAT-able lines, then spread over those
 *    lines the same way (the per-line VAT adds up to the bill's VAT exactly):
 *    - prices include VAT: VAT = round(sum × rate / (100 % + rate)), halves up;
 *    - prices exclude VAT: VAT = round(sum × rate), halves up, added on top;
 *    - a shop not registered for VAT charges none.
 *    Lines marked VAT-exempt (fresh produce in a VAT-registered grocery) carry no VAT.
 *
 * Rates and percentages are basis points (7 % = 700), quantities thousandths of a unit.
 */

export type Discount =
  { kind: "amount"; satang: number } | { kind: "percent"; basisPoints: number };

/** How a shop's prices relate to VAT; "none" is a shop not registered for VAT. */
export type VatMode = "inclusive" | "exclusive" | "none";

export interface VatSetting {
  mode: VatMode;
  /** 700 for 7 %. Ignored (taken as 0) when the mode is "none". */
  rateBasisPoints: number;
}

/**
 * The shop's VAT as the bill applies it, from its selling settings: the till and completeSale
 * both take it from here, so a shop not registered for VAT is "none" at rate 0 on both sides.
 */
export function vatSettingOf(settings: {
  vatRegistered: boolean;
  pricesIncludeVat: boolean;
  vatRateBasisPoints: number;
}): VatSetting {
  if (!settings.vatRegistered) return { mode: "none", rateBasisPoints: 0 };
  return {
    mode: settings.pricesIncludeVat ? "inclusive" : "exclusive",
    rateBasisPoints: settings.vatRateBasisPoints,
  };
}

/** Thailand's VAT rate since 1992 (7 %, extended year by year), in basis points. */
export const THAI_VAT_BASIS_POINTS = 700;

export interface BillLineInput {
  /** Price of one unit as the shop sets its prices (with VAT when the mode is "inclusive"). */
  unitPriceSatang: number;
  /** Thousandths of the item's unit: 1000 = one piece, 1255 = 1.255 kg. */
  qtyMilli: number;
  /** A scale label's printed price, used as the line amount instead of price × quantity. */
  amountSatang?: number | null;
  discount?: Discount | null;
  /** Goods exempt from VAT (unprocessed farm produce and the like). */
  vatExempt?: boolean;
}

export interface BillInput {
  lines: readonly BillLineInput[];
  billDiscount?: Discount | null;
  vat: VatSetting;
}

export interface BillLine {
  /** Quantity × unit price (or the label's price), before any discount. */
  grossSatang: number;
  lineDiscountSatang: number;
  /** This line's share of the bill discount. */
  billDiscountSatang: number;
  /** Gross minus both discounts, in the shop's price terms (with VAT if inclusive). */
  netSatang: number;
  /** This line's share of the bill's VAT. */
  vatSatang: number;
  /** Revenue without VAT: the line's profit is this minus its cost. */
  exVatSatang: number;
  /** What the customer pays for this line, VAT included. */
  totalSatang: number;
}

export interface Bill {
  lines: BillLine[];
  grossSatang: number;
  lineDiscountSatang: number;
  /** After line discounts, before the bill discount. */
  subtotalSatang: number;
  billDiscountSatang: number;
  vatMode: VatMode;
  /** The rate applied (0 when the mode is "none"), to be stored on the sale. */
  vatRateBasisPoints: number;
  /** Value of the VAT-able goods without VAT: the base the VAT is computed on. */
  vatBaseSatang: number;
  vatSatang: number;
  /** Value of the goods no VAT applies to (exempt lines, or everything in a non-VAT shop). */
  nonVatSatang: number;
  /** Revenue without VAT: vatBase + nonVat. */
  exVatSatang: number;
  /** What the customer pays: exVat + VAT. */
  totalSatang: number;
}

export type BillError =
  | { code: "badQuantity"; line: number }
  | { code: "badPrice"; line: number }
  | { code: "badDiscount"; line: number | null }
  | { code: "discountOverLine"; line: number }
  | { code: "discountOverBill" }
  | { code: "badVatRate" }
  | { code: "tooLarge" };

export type BillResult = { ok: true; bill: Bill } | { ok: false; error: BillError };

/** 10,000,000,000 baht: no bill comes near; keeps every sum a safe integer. */
export const MAX_BILL_SATANG = 1_000_000_000_000;

const isAmount = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;

function discountValid(discount: Discount): boolean {
  return discount.kind === "amount"
    ? isAmount(discount.satang)
    : isAmount(discount.basisPoints) && discount.basisPoints <= 10_000;
}

function discountOf(discount: Discount | null | undefined, base: number): number {
  if (!discount) return 0;
  return discount.kind === "amount"
    ? discount.satang
    : mulDivHalfUp(base, discount.basisPoints, 10_000);
}

/**
 * The bill with points redeemed (decision 0082): the redemption joins the bill discount as an
 * amount, spread over the lines before VAT like any bill discount; past the bill it is
 * `discountOverBill`.
 */
export function computeBillRedeeming(input: BillInput, redeemSatang: number): BillResult {
  const plain = computeBill(input);
  if (!plain.ok || redeemSatang <= 0) return plain;
  const satang = plain.bill.billDiscountSatang + redeemSatang;
  return computeBill({ ...input, billDiscount: { kind: "amount", satang } });
}

export function computeBill(input: BillInput): BillResult {
  const { mode } = input.vat;
  const rate = mode === "none" ? 0 : input.vat.rateBasisPoints;
  if (!isAmount(rate) || rate > 10_000) return { ok: false, error: { code: "badVatRate" } };

  const grosses: number[] = [];
  const lineDiscounts: number[] = [];
  for (const [line, item] of input.lines.entries()) {
    if (!Number.isSafeInteger(item.qtyMilli) || item.qtyMilli <= 0 || item.qtyMilli > MAX_QTY_MILLI)
      return { ok: false, error: { code: "badQuantity", line } };
    if (!isAmount(item.unitPriceSatang) || item.unitPriceSatang > MAX_BILL_SATANG)
      return { ok: false, error: { code: "badPrice", line } };
    if (item.amountSatang != null && !isAmount(item.amountSatang))
      return { ok: false, error: { code: "badPrice", line } };
    const gross = item.amountSatang ?? mulDivHalfUp(item.unitPriceSatang, item.qtyMilli, QTY_SCALE);
    if (gross > MAX_BILL_SATANG) return { ok: false, error: { code: "tooLarge" } };
    if (item.discount && !discountValid(item.discount))
      return { ok: false, error: { code: "badDiscount", line } };
    const discount = discountOf(item.discount, gross);
    if (discount > gross) return { ok: false, error: { code: "discountOverLine", line } };
    grosses.push(gross);
    lineDiscounts.push(discount);
  }
  const subtotals = grosses.map((gross, i) => gross - (lineDiscounts[i] ?? 0));
  const subtotal = sum(subtotals);
  if (subtotal > MAX_BILL_SATANG) return { ok: false, error: { code: "tooLarge" } };

  if (input.billDiscount && !discountValid(input.billDiscount))
    return { ok: false, error: { code: "badDiscount", line: null } };
  const billDiscount = discountOf(input.billDiscount, subtotal);
  if (billDiscount > subtotal) return { ok: false, error: { code: "discountOverBill" } };
  const billShares = spreadProportionally(billDiscount, subtotals);
  const nets = subtotals.map((s, i) => s - (billShares[i] ?? 0));

  const taxable = input.lines.map((item, i) =>
    mode === "none" || item.vatExempt ? 0 : (nets[i] ?? 0),
  );
  const taxableSum = sum(taxable);
  const vat =
    mode === "inclusive"
      ? mulDivHalfUp(taxableSum, rate, 10_000 + rate)
      : mode === "exclusive"
        ? mulDivHalfUp(taxableSum, rate, 10_000)
        : 0;
  const vatShares = spreadProportionally(vat, taxable);

  const lines: BillLine[] = nets.map((net, i) => {
    const lineVat = vatShares[i] ?? 0;
    const exVat = mode === "inclusive" ? net - lineVat : net;
    return {
      grossSatang: grosses[i] ?? 0,
      lineDiscountSatang: lineDiscounts[i] ?? 0,
      billDiscountSatang: billShares[i] ?? 0,
      netSatang: net,
      vatSatang: lineVat,
      exVatSatang: exVat,
      totalSatang: exVat + lineVat,
    };
  });
  const vatBase = mode === "inclusive" ? taxableSum - vat : taxableSum;
  const nonVat = sum(nets) - taxableSum;
  return {
    ok: true,
    bill: {
      lines,
      grossSatang: sum(grosses),
      lineDiscountSatang: sum(lineDiscounts),
      subtotalSatang: subtotal,
      billDiscountSatang: billDiscount,
      vatMode: mode,
      vatRateBasisPoints: rate,
      vatBaseSatang: vatBase,
      vatSatang: vat,
      nonVatSatang: nonVat,
      exVatSatang: vatBase + nonVat,
      totalSatang: vatBase + nonVat + vat,
    },
  };
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

// Payments ----------------------------------------------------------------------------------

export type PaymentMethod = "cash" | "promptpay" | "transfer" | "card" | "account";

export interface PaymentInput {
  method: PaymentMethod;
  /** For cash, what the customer handed over; for the others, what was charged. */
  amountSatang: number;
}

export type PaymentError =
  | { code: "badAmount"; payment: number }
  /** A non-cash payment larger than what was left to pay: money that cannot be given back. */
  | { code: "nonCashOverTotal"; payment: number; remainingSatang: number }
  | { code: "notCovered"; remainingSatang: number };

export type PaymentResult =
  | {
      ok: true;
      /** Everything handed over or charged. */
      tenderedSatang: number;
      /** Cash given back: only cash is ever given back. */
      changeSatang: number;
      /** Cash that stays in the drawer (cash tendered minus change). */
      cashKeptSatang: number;
    }
  | { ok: false; error: PaymentError };

/**
 * Whether the payments settle a bill of `totalSatang`. Non-cash payments (PromptPay,
 * transfer, card) are for an exact sum and together may not exceed the total; cash covers
 * the rest, and cash over what is owed comes back as change. The sale completes only on ok.
 */
export function settlePayments(
  totalSatang: number,
  payments: readonly PaymentInput[],
): PaymentResult {
  if (!isAmount(totalSatang)) throw new RangeError("A bill's total is whole satang, not negative");
  let nonCash = 0;
  let cash = 0;
  for (const [payment, { method, amountSatang }] of payments.entries()) {
    if (!isAmount(amountSatang) || amountSatang === 0 || amountSatang > MAX_BILL_SATANG)
      return { ok: false, error: { code: "badAmount", payment } };
    if (method === "cash") {
      cash += amountSatang;
      continue;
    }
    if (nonCash + amountSatang > totalSatang) {
      return {
        ok: false,
        error: { code: "nonCashOverTotal", payment, remainingSatang: totalSatang - nonCash },
      };
    }
    nonCash += amountSatang;
  }
  const owedInCash = totalSatang - nonCash;
  if (cash < owedInCash) {
    return { ok: false, error: { code: "notCovered", remainingSatang: owedInCash - cash } };
  }
  return {
    ok: true,
    tenderedSatang: cash + nonCash,
    changeSatang: cash - owedInCash,
    cashKeptSatang: owedInCash,
  };
}

/** What is still to pay after these payments (0 when covered), for the payment screen. */
export function remainingToPay(totalSatang: number, payments: readonly PaymentInput[]): number {
  const paid = sum(payments.map((p) => p.amountSatang));
  return Math.max(0, totalSatang - paid);
}

/** The round sums a customer hands over, in satang: 50, 100, 500 and 1,000 baht steps. */
const QUICK_CASH_STEPS = [5_000, 10_000, 50_000, 100_000] as const;

/**
 * The quick cash buttons: the exact amount, then the next round sum of each step above it, as
 * the notes a customer hands over make them: ฿1,250.50 gives 1,300, 1,500 and 2,000 (issue
 * 32.8: only 100, 500 and 1,000 themselves were offered, none of them enough), ฿240 gives
 * 250, 300, 500 and 1,000.
 */
export function quickCashAmounts(remainingSatang: number): number[] {
  if (remainingSatang <= 0) return [];
  const rounds = QUICK_CASH_STEPS.map((step) => Math.ceil(remainingSatang / step) * step);
  return [remainingSatang, ...new Set(rounds.filter((amount) => amount > remainingSatang))];
}
