// The sales module's public surface. Everything here is pure and client-safe: the till runs
// the same arithmetic in the browser that the server runs when the sale completes.
export { mulDivHalfUp, spreadProportionally } from "./arithmetic";
export { bahtText } from "./baht-text";
export { type LevelBreak, type LevelPrice, levelUnitPrice } from "./price-level";
export {
  type OpenPrice,
  type OverrideLine,
  overridesBelow,
  overridesCovered,
  type TypedLinePrice,
  typedLinePrice,
} from "./open-price";
export { levelBreaksText, readLevelPriceForm } from "./price-level-form";
export {
  type ChosenOption,
  lineOptions,
  type OptionChoice,
  type OptionGroup,
  type OptionsResult,
} from "./options";
export {
  type ChoiceFormValue,
  OPTION_MAX_CHOICES,
  readOptionChoiceForm,
  readOptionGroupForm,
  readSkuList,
} from "./option-form";
export {
  paymentsAfterChange,
  type ReceiptInput,
  type ReceiptLineInfo,
  receiptDocument,
  type SettledPayment,
} from "./receipt-document";
export {
  type Bill,
  type BillError,
  type BillInput,
  type BillLine,
  type BillLineInput,
  type BillResult,
  computeBill,
  computeBillRedeeming,
  type Discount,
  MAX_BILL_SATANG,
  type PaymentError,
  type PaymentInput,
  type PaymentMethod,
  type PaymentResult,
  quickCashAmounts,
  remainingToPay,
  settlePayments,
  THAI_VAT_BASIS_POINTS,
  type VatMode,
  type VatSetting,
  vatSettingOf,
} from "./bill";
export {
  buddhistYear,
  DEFAULT_DOCUMENT_PREFIXES,
  type DocumentPrefixResult,
  normalizeDocumentPrefix,
  saleDocumentNumber,
  type SaleDocumentKind,
} from "./document-number";
export {
  emvCrc,
  formatPromptPayId,
  normalizePromptPayId,
  PROMPTPAY_MAX_SATANG,
  type PromptPayId,
  type PromptPayIdError,
  type PromptPayIdKind,
  type PromptPayIdResult,
  promptPayPayload,
  type PromptPayPayloadContent,
  promptPayQrSvg,
  readPromptPayPayload,
} from "./promptpay";
export {
  formatQuantityMilli,
  MAX_QTY_MILLI,
  parsePercent,
  parseQuantity,
  QTY_SCALE,
  qtyFromUnits,
} from "~/lib/quantity";
export {
  DEFAULT_SCALE_LABEL_LAYOUT,
  isValidScaleLabelLayout,
  readScaleLabel,
  type ScaleLabel,
  type ScaleLabelError,
  type ScaleLabelLayout,
  type ScaleLabelRead,
  scaleLabelCode,
  scaleLabelLine,
} from "./scale-label";
export {
  type CompletedSale,
  type CompleteSaleRequest,
  completeSaleRequestSchema,
  type CompleteSaleResult,
  type CreditCorrection,
  MAX_SALE_LINES,
  MAX_SALE_PAYMENTS,
  type PaymentRequest,
  type SaleDocument,
  type SaleError,
  type SaleLineRequest,
} from "./sale-contract";
export {
  type BuyerForm,
  buyerFieldErrors,
  buyerFormSchema,
  REASON_MAX,
  REFUND_METHODS,
  returnFormSchema,
  returnNeedsBuyer,
  voidSaleFormSchema,
} from "./after-sale-forms";
export {
  formatBasisPoints,
  HEAD_OFFICE_BRANCH,
  PAPER_WIDTH_CHOICES,
  PREFIX_FIELDS,
  type PrefixField,
  readScalePrefixes,
  RECEIPT_TEXT_MAX_CHARS,
  RECEIPT_TEXT_MAX_LINES,
  POS_REGISTRATION_MAX,
  salesSettingsFormValues,
  type SalesSettingsValues,
  SETTINGS_PROMPTPAY_ERRORS,
} from "./settings-values";
export {
  discountNeedsApproval,
  DISCOUNT_APPROVER_ROLES,
  discountShares,
  type DiscountShares,
  withinShares,
} from "./discount-limit";
