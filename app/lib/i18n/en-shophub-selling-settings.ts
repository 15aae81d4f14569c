import type { thShophubSellingSettings } from "./th-shophub-selling-settings";

/** English text of a shop's selling settings page (/shophub/settings/selling). */
export const enShophubSellingSettings: Record<keyof typeof thShophubSellingSettings, string> = {
  "shops.tabs.selling": "Selling",
  "shops.sellingSettings.title": "Selling settings",
  "shops.sellingSettings.lead":
    "How the shop sells at the counter: VAT, PromptPay, receipts, document numbers and scale labels.",
  "shops.sellingSettings.save": "Save selling settings",
  "shops.sellingSettings.saved": "Selling settings saved",

  "shops.sellingSettings.vat.title": "Value added tax (VAT)",
  "shops.sellingSettings.vat.registered": "The shop is registered for VAT",
  "shops.sellingSettings.vat.registeredHint":
    "When on, every sale issues an abbreviated tax invoice and a full tax invoice can be issued on request. When off, the shop issues plain receipts.",
  "shops.sellingSettings.vat.taxId": "The shop's tax ID: {taxId}",
  "shops.sellingSettings.vat.noTaxId":
    "The shop has no tax ID yet; enter it before turning on VAT registration.",
  "shops.sellingSettings.vat.taxIdLink": "Enter the tax ID in the shop's details",
  "shops.sellingSettings.vat.prices": "Prices as set",
  "shops.sellingSettings.vat.inclusive": "Include VAT (the usual way in retail)",
  "shops.sellingSettings.vat.exclusive": "Exclude VAT (VAT is added at the till)",
  "shops.sellingSettings.vat.rate": "VAT rate (%)",
  "shops.sellingSettings.vat.rateHint":
    "Currently 7%; change it only when the law changes the rate.",

  "shops.sellingSettings.branch.title": "Branch and POS machine",
  "shops.sellingSettings.branch.legend": "The establishment printed on tax invoices",
  "shops.sellingSettings.branch.head": "Head office",
  "shops.sellingSettings.branch.branch": "Branch",
  "shops.sellingSettings.branch.no": "Branch number (5 digits)",
  "shops.sellingSettings.branch.noHint":
    "As registered with the Revenue Department; 1 is printed as branch 00001.",
  "shops.sellingSettings.branch.preview": "Documents will print: {branch}",
  "shops.sellingSettings.branch.printedHead": "Head office",
  "shops.sellingSettings.branch.printedBranch": "Branch {no}",
  "shops.sellingSettings.pos.no": "POS registration number from the Revenue Department (optional)",
  "shops.sellingSettings.pos.noHint":
    "Enter it when the Revenue Department approved this POS for abbreviated tax invoices; it is printed on each of them.",

  "shops.sellingSettings.promptPay.title": "PromptPay",
  "shops.sellingSettings.promptPay.id": "The shop's PromptPay ID (optional)",
  "shops.sellingSettings.promptPay.idHint":
    "A mobile number, a 13-digit national or tax ID, or a 15-digit e-wallet ID linked to the shop's account. Leave it empty if the shop does not take PromptPay.",
  "shops.sellingSettings.promptPay.kind": "Read as: {kind} {id}",
  "shops.sellingSettings.promptPay.testTitle": "1 baht test QR",
  "shops.sellingSettings.promptPay.testHint":
    "Scan it with a banking app to check that the account name shown is the shop's; you need not pay.",
  "shops.sellingSettings.promptPay.testAlt": "PromptPay QR for 1 baht to {id}",

  "shops.sellingSettings.receipt.title": "Receipts",
  "shops.sellingSettings.receipt.header": "Receipt header",
  "shops.sellingSettings.receipt.headerHint":
    "Printed under the shop's name, such as opening hours or a LINE ID; at most 6 lines and 300 characters.",
  "shops.sellingSettings.receipt.footer": "Receipt footer",
  "shops.sellingSettings.receipt.footerHint":
    "Such as a thank-you or the return policy; at most 6 lines and 300 characters.",
  "shops.sellingSettings.receipt.logo": "Receipt logo",
  "shops.sellingSettings.receipt.logoHint":
    "A JPEG, PNG or WebP image up to 10 MB. It is made small and grey to suit receipt printers; a logo with clear lines on white prints best.",
  "shops.sellingSettings.receipt.newLogo": "Change the logo",
  "shops.sellingSettings.receipt.logoAlt": "The logo printed on receipts",
  "shops.sellingSettings.receipt.removeLogo": "Remove the logo",
  "shops.sellingSettings.receipt.paper": "Receipt paper width",
  "shops.sellingSettings.receipt.paper58": "58 mm (small printer)",
  "shops.sellingSettings.receipt.paper80": "80 mm (standard printer)",
  "shops.sellingSettings.receipt.qr": "Print the online receipt's QR on the slip",
  "shops.sellingSettings.receipt.qrHint":
    "Customers scan it to open the receipt on their phone, no account needed; the page shows no customer data or phone numbers",
  "shops.sellingSettings.receipt.paperHint":
    "The width used when printing; it can be changed for each print.",

  "shops.sellingSettings.prefix.title": "Document numbers",
  "shops.sellingSettings.prefix.lead":
    "The prefix of each kind of document. Each kind is numbered without gaps within each (Buddhist-era) year.",
  "shops.sellingSettings.prefix.receipt": "Receipt",
  "shops.sellingSettings.prefix.abbreviatedTaxInvoice": "Abbreviated tax invoice",
  "shops.sellingSettings.prefix.fullTaxInvoice": "Full tax invoice",
  "shops.sellingSettings.prefix.creditNote": "Credit note",
  "shops.sellingSettings.prefix.preview": "The year's first number will be {number}",

  "shops.sellingSettings.scale.title": "Scale labels",
  "shops.sellingSettings.scale.enabled":
    "The shop sells weighed goods with barcode labels from a scale",
  "shops.sellingSettings.scale.enabledHint":
    "The scale prints a 13-digit barcode starting with 20-29 that holds the item code and the weight or price. Scanned at the till, the weight or price is read from the label. The scale's manual shows its layout.",
  "shops.sellingSettings.scale.prefixes": "First two digits of the label",
  "shops.sellingSettings.scale.prefixesHint":
    "20 to 29; separate several with commas, such as 20, 21",
  "shops.sellingSettings.scale.itemDigits": "Digits of the item code on the label",
  "shops.sellingSettings.scale.digits": "{count, plural, one {# digit} other {# digits}}",
  "shops.sellingSettings.scale.value": "The last digits of the label are",
  "shops.sellingSettings.scale.weight": "The weight in grams",
  "shops.sellingSettings.scale.price": "The price in satang",
  "shops.sellingSettings.scale.sample": "Example: label {code}",
  "shops.sellingSettings.scale.sampleWeight": "is read as item code {item}, weight {weight} kg",
  "shops.sellingSettings.scale.samplePrice": "is read as item code {item}, price {price}",

  "shops.sellingSettings.rules.title": "Selling at the counter",
  "shops.sellingSettings.rules.cashierVoid": "Cashiers may void their own sales",
  "shops.sellingSettings.rules.cashierVoidHint":
    "Only sales they made in the same shift (or the same day when the shop does not use shifts). Owners and managers can always void.",
  "shops.sellingSettings.rules.openShift": "Selling needs an open shift",
  "shops.sellingSettings.rules.lineDiscount":
    "Largest discount a cashier gives on a line alone (%)",
  "shops.sellingSettings.rules.lineDiscountHint":
    "A share of the line's price × quantity. Above it, the owner or a manager approves with their PIN at the till. 0 makes every discount need an approval",
  "shops.sellingSettings.rules.billDiscount": "Largest bill discount a cashier gives alone (%)",
  "shops.sellingSettings.points.title": "Customer points",
  "shops.sellingSettings.points.enabled": "Customers collect points",
  "shops.sellingSettings.points.enabledHint":
    "Customers the shop has recorded earn points on what they pay (after discounts and points redeemed) and redeem them as a bill discount before VAT while the till is online",
  "shops.sellingSettings.points.rate": "Baht spent for 1 point",
  "shops.sellingSettings.points.rateHint":
    "e.g. 25: one point for every full 25 baht (the rest does not count)",
  "shops.sellingSettings.points.value": "Discount one point gives, in baht",
  "shops.sellingSettings.points.valueHint": "e.g. 1: 100 points take 100 baht off a bill",
  "shops.sellingSettings.points.error.rateRequired": "Enter the baht spent for one point",
  "shops.sellingSettings.points.error.rate":
    "Enter an amount in baht from 0.01 to 1,000,000, e.g. 25",
  "shops.sellingSettings.points.error.valueRequired": "Enter what one point is worth",
  "shops.sellingSettings.points.error.value":
    "Enter an amount in baht from 0.01 to 1,000,000, e.g. 1",
  "shops.sellingSettings.rules.billDiscountHint":
    "A share of the bill after line discounts. Owners and managers give discounts without an approval",
  "shops.sellingSettings.error.discountLimit": "Enter a percentage from 0 to 100, e.g. 10 or 12.5",
  "shops.sellingSettings.rules.openShiftHint":
    "When on, staff open a shift and count the starting change in the drawer before selling, and close it with a count at the end. Opening and closing shifts comes with the back office; until then this setting does not affect selling.",

  "shops.sellingSettings.error.vatNeedsTaxId":
    "Enter the shop's 13-digit tax ID first; VAT registration needs it",
  "shops.sellingSettings.error.vatPrices": "Choose whether prices include VAT",
  "shops.sellingSettings.error.vatRate": "The VAT rate must be above 0 and below 100, such as 7",
  "shops.sellingSettings.error.branchKind": "Choose head office or branch",
  "shops.sellingSettings.error.branchNo": "A branch number has 1 to 5 digits, from 00001 to 99999",
  "shops.sellingSettings.error.branchNoRequired": "Enter the branch number",
  "shops.sellingSettings.error.posRegistrationNo":
    "A POS registration number has up to 30 Latin letters, digits, dashes (-) or slashes (/)",
  "shops.sellingSettings.error.headerTooLong": "The receipt header is longer than 300 characters",
  "shops.sellingSettings.error.headerLines": "The receipt header may have at most 6 lines",
  "shops.sellingSettings.error.footerTooLong": "The receipt footer is longer than 300 characters",
  "shops.sellingSettings.error.footerLines": "The receipt footer may have at most 6 lines",
  "shops.sellingSettings.error.paperWidth": "Choose 58 or 80 mm paper",
  "shops.sellingSettings.error.prefixTaken":
    "Another kind of document uses this prefix; choose another",
  "shops.sellingSettings.error.scalePrefixes":
    "Enter two-digit numbers from 20 to 29 separated by commas, such as 20, 21",
  "shops.sellingSettings.error.scalePrefixesRequired":
    "Enter at least one label prefix, such as 20",
  "shops.sellingSettings.error.scaleItemDigits": "Choose 4, 5 or 6 item code digits",
  "shops.sellingSettings.error.scaleValue":
    "Choose whether the last digits are a weight or a price",
};
