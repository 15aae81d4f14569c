import type { thShophubSell } from "./th-shophub-sell";

/** English text of shophub's selling side (the till, payments, sale documents). */
export const enShophubSell: Record<keyof typeof thShophubSell, string> = {
  "shops.sell.promptPayId.error.empty": "Enter the shop's PromptPay ID",
  "shops.sell.promptPayId.error.notAnId":
    "A PromptPay ID is a 10-digit mobile number, a 13-digit national or tax ID, or a 15-digit e-wallet ID",
  "shops.sell.promptPayId.error.notMobile":
    "A mobile number has 10 digits and starts with 06, 08 or 09",
  "shops.sell.promptPayId.error.idChecksum": "This 13-digit number is not valid; please check it",
  "shops.sell.promptPayId.kind.mobile": "Mobile number",
  "shops.sell.promptPayId.kind.nationalId": "National ID or tax ID",
  "shops.sell.promptPayId.kind.eWallet": "E-wallet",

  "shops.sell.bill.error.badQuantity": "The quantity must be more than 0, with at most 3 decimals",
  "shops.sell.bill.error.badPrice": "The price is not valid",
  "shops.sell.bill.error.badDiscount": "A discount is an amount, or a percentage up to 100",
  "shops.sell.bill.error.discountOverLine": "The discount is more than this line's price",
  "shops.sell.bill.error.discountOverBill": "The bill discount is more than the bill",
  "shops.sell.bill.error.badVatRate": "The VAT rate is not valid",
  "shops.sell.bill.error.tooLarge": "The amount is larger than the system accepts",
  "shops.sell.percent.error": "A percentage is between 0 and 100, with at most 2 decimals",

  "shops.sell.payment.method.cash": "Cash",
  "shops.sell.payment.method.promptpay": "PromptPay",
  "shops.sell.payment.method.transfer": "Bank transfer",
  "shops.sell.payment.method.card": "Card",
  "shops.sell.payment.error.badAmount": "Enter an amount above 0",
  "shops.sell.payment.error.nonCashOverTotal":
    "Non-cash payments exceed what is left to pay ({remaining}); only cash can be given back",
  "shops.sell.payment.error.notCovered": "{remaining} still to pay",

  "shops.sell.scaleLabel.error.checkDigit": "The scale label was misread; please scan it again",
  "shops.sell.scaleLabel.error.zeroValue": "This scale label has no weight or price",

  "shops.sell.vatMode.inclusive": "Prices include VAT",
  "shops.sell.vatMode.exclusive": "Prices exclude VAT",
  "shops.sell.vatMode.none": "The shop is not registered for VAT",

  "shops.sell.document.receipt": "Receipt",
  "shops.sell.document.abbreviatedTaxInvoice": "Abbreviated tax invoice",
  "shops.sell.document.fullTaxInvoice": "Full tax invoice",
  "shops.sell.document.creditNote": "Credit note",
  "shops.sell.documentPrefix.error":
    "A document prefix has up to 8 Latin letters, digits or dashes, starts with a letter and does not end in a digit",
};
