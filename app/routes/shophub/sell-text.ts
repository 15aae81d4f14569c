import type { Lang, MessageKey, Translate } from "~/lib/i18n";
import { formatBaht } from "~/lib/money";
import type {
  BillError,
  PaymentError,
  PaymentMethod,
  PromptPayIdError,
  PromptPayIdKind,
  SaleDocumentKind,
  ScaleLabelError,
  VatMode,
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
