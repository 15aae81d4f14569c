import type { Lang, MessageKey, Translate } from "~/lib/i18n";
import { formatBaht } from "~/lib/money";
import {
  type BillError,
  formatBasisPoints,
  formatQuantityMilli,
  type PaymentError,
  type PaymentMethod,
  type PromptPayIdError,
  type PromptPayIdKind,
  type SaleDocumentKind,
  type SaleError,
  type ScaleLabelError,
  type VatMode,
} from "~/modules/sales";

// The sales module answers with typed codes; this is the one place that turns them into Thai
// and English text for the till's pages. The Record types make a new code without a text a
// type error.

export const PROMPTPAY_ID_ERROR_TEXT: Record<PromptPayIdError, MessageKey> = {
  empty: "shops.sell.promptPayId.error.empty",
  notAnId: "shops.sell.promptPayId.error.notAnId",
  notMobile: "shops.sell.promptPayId.error.notMobile",
  idChecksum: "shops.sell.promptPayId.error.idChecksum",
};

export const PROMPTPAY_ID_KIND_TEXT: Record<PromptPayIdKind, MessageKey> = {
  mobile: "shops.sell.promptPayId.kind.mobile",
  nationalId: "shops.sell.promptPayId.kind.nationalId",
  eWallet: "shops.sell.promptPayId.kind.eWallet",
};

export const BILL_ERROR_TEXT: Record<BillError["code"], MessageKey> = {
  badQuantity: "shops.sell.bill.error.badQuantity",
  badPrice: "shops.sell.bill.error.badPrice",
  badDiscount: "shops.sell.bill.error.badDiscount",
  discountOverLine: "shops.sell.bill.error.discountOverLine",
  discountOverBill: "shops.sell.bill.error.discountOverBill",
  badVatRate: "shops.sell.bill.error.badVatRate",
  tooLarge: "shops.sell.bill.error.tooLarge",
};

/** parseQuantity, parsePercent and normalizeDocumentPrefix answer null / not ok. */
export const QUANTITY_ERROR_TEXT: MessageKey = "shops.sell.bill.error.badQuantity";
export const PERCENT_ERROR_TEXT: MessageKey = "shops.sell.percent.error";
export const DOCUMENT_PREFIX_ERROR_TEXT: MessageKey = "shops.sell.documentPrefix.error";

export const SCALE_LABEL_ERROR_TEXT: Record<ScaleLabelError, MessageKey> = {
  checkDigit: "shops.sell.scaleLabel.error.checkDigit",
  zeroValue: "shops.sell.scaleLabel.error.zeroValue",
};

export const PAYMENT_METHOD_TEXT: Record<PaymentMethod, MessageKey> = {
  cash: "shops.sell.payment.method.cash",
  promptpay: "shops.sell.payment.method.promptpay",
  transfer: "shops.sell.payment.method.transfer",
  card: "shops.sell.payment.method.card",
  account: "shops.sell.payment.method.account",
};

const PAYMENT_ERROR_TEXT: Record<PaymentError["code"], MessageKey> = {
  badAmount: "shops.sell.payment.error.badAmount",
  nonCashOverTotal: "shops.sell.payment.error.nonCashOverTotal",
  notCovered: "shops.sell.payment.error.notCovered",
};

/** A payment error as text, with the amount still to pay where it has one. */
export function paymentErrorText(t: Translate, lang: Lang, error: PaymentError): string {
  const remaining = "remainingSatang" in error ? formatBaht(error.remainingSatang, lang) : "";
  return t(PAYMENT_ERROR_TEXT[error.code], { remaining });
}

export const VAT_MODE_TEXT: Record<VatMode, MessageKey> = {
  inclusive: "shops.sell.vatMode.inclusive",
  exclusive: "shops.sell.vatMode.exclusive",
  none: "shops.sell.vatMode.none",
};

export const DOCUMENT_KIND_TEXT: Record<SaleDocumentKind, MessageKey> = {
  receipt: "shops.sell.document.receipt",
  abbreviatedTaxInvoice: "shops.sell.document.abbreviatedTaxInvoice",
  fullTaxInvoice: "shops.sell.document.fullTaxInvoice",
  creditNote: "shops.sell.document.creditNote",
};

/**
 * Why a sale did not complete, as the till says it: the server's SaleError, a body the action
 * could not read, a lost answer, or a post for a shop that is no longer the chosen one.
 * `lineName` names the cart line an error is about.
 */
export type TillSaleError =
  | SaleError
  /** A body that is not a sale (the till never sends one); `key` is its text. */
  | { code: "invalidRequest"; key: MessageKey }
  | { code: "network" }
  | { code: "server" }
  | { code: "shopChanged"; shopName: string };

/** Why points could not be redeemed on the bill (decision 0082). */
const POINTS_ERROR_TEXT: Record<Extract<SaleError, { code: "points" }>["reason"], MessageKey> = {
  off: "shops.sell.error.points.off",
  noCustomer: "shops.sell.error.points.noCustomer",
  overBalance: "shops.sell.error.points.overBalance",
  overBill: "shops.sell.error.points.overBill",
};

/** Why the bill could not go on account (decision 0083). */
const ACCOUNT_ERROR_TEXT: Record<Extract<SaleError, { code: "account" }>["reason"], MessageKey> = {
  noCustomer: "shops.sell.error.account.noCustomer",
  noLimit: "shops.sell.error.account.noLimit",
  overLimit: "shops.sell.error.account.overLimit",
};

export function saleErrorText(
  t: Translate,
  lang: Lang,
  error: TillSaleError,
  lineName: (line: number) => string,
): string {
  switch (error.code) {
    case "empty":
      return t("shops.sell.error.empty");
    case "bill":
      return t(BILL_ERROR_TEXT[error.error.code]);
    case "payment":
      return paymentErrorText(t, lang, error.error);
    case "totalChanged":
      return t("shops.sell.error.totalChanged", { total: formatBaht(error.totalSatang, lang) });
    case "itemUnavailable":
      return t("shops.sell.error.itemUnavailable", { name: lineName(error.line) });
    case "badQuantity":
      return t("shops.sell.error.badQuantity", { name: lineName(error.line) });
    case "notEnoughStock":
      return t("shops.sell.error.notEnoughStock", {
        name: lineName(error.line),
        qty: formatQuantityMilli(error.availableMilli, lang),
      });
    case "replayMismatch":
      return t("shops.sell.error.replayMismatch");
    case "shiftRequired":
      return t("shops.sell.error.shiftRequired");
    case "notShiftMember":
      return t("shops.sell.error.notShiftMember", { name: error.openedByName });
    case "shiftOnOtherTill":
      return t("shops.sell.error.shiftOnOtherTill", { till: error.till });
    case "tillNotRegistered":
      return t("shops.sell.error.tillNotRegistered");
    case "outOfSequence":
      return t("shops.sell.error.outOfSequence");
    case "dayClosed":
      return t("shops.sell.error.dayClosed");
    case "cashierSwitchInvalid":
      return t("shops.sell.error.cashierSwitchInvalid");
    case "points":
      return t(POINTS_ERROR_TEXT[error.reason], { balance: String(error.balance) });
    case "account":
      return t(ACCOUNT_ERROR_TEXT[error.reason], {
        headroom: formatBaht(error.headroomSatang, lang),
      });
    case "options":
      return t(`shops.sell.error.options.${error.reason}`, error);
    case "discountNeedsApproval":
      return t("shops.sell.error.discountNeedsApproval", {
        line: formatBasisPoints(error.limit.lineBasisPoints),
        bill: formatBasisPoints(error.limit.billBasisPoints),
      });
    case "openPrice":
      return t(`shops.sell.error.openPrice.${error.reason}`, { name: lineName(error.line) });
    case "priceNeedsApproval":
      return t("shops.sell.error.priceNeedsApproval");
    case "invalidRequest":
    case "badRequest":
      return t("shops.sell.error.invalidRequest");
    case "badPaymentDetail":
      return t("shops.sell.error.badPaymentDetail");
    case "network":
      return t("shops.sell.error.network");
    case "server":
      return t("shops.sell.error.server");
    case "shopChanged":
      return t("shops.sell.error.shopChanged", { shop: error.shopName });
  }
}
