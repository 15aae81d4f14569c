import type { thShophubEreceipt } from "./th-shophub-ereceipt";

/** English text of the e-receipt; every Thai key exists here too. */
export const enShophubEreceipt: Record<keyof typeof thShophubEreceipt, string> = {
  "shops.sell.doc.scanForReceipt": "Scan to see this receipt online",
  "shops.sell.ereceipt.open": "Send receipt by e-mail",
  "shops.sell.ereceipt.title": "Send the receipt link by e-mail",
  "shops.sell.ereceipt.email": "Customer's e-mail",
  "shops.sell.ereceipt.emailHint":
    "The customer gets a link that opens the receipt online, no account needed",
  "shops.sell.ereceipt.send": "Send",
  "shops.sell.ereceipt.sending": "Sending…",
  "shops.sell.ereceipt.sent": "The receipt link was sent to {email}",
  "shops.sell.ereceipt.error.email": "Enter a valid e-mail address, e.g. name@example.com",
  "shops.sell.ereceipt.error.tooMany":
    "This shop has sent its e-mails for this hour; please try again in {minutes} minutes",
  "shops.sell.ereceipt.error.notFound": "This sale is not in the shop",
  "shops.sell.ereceipt.error.notAReceipt":
    "Only a sale's receipt or abbreviated tax invoice can be sent",
  "shops.ereceipt.mail.subject": "Receipt {number} from {shop}",
  "shops.ereceipt.mail.body":
    "Thank you for shopping at {shop}. Receipt {number} of {date}, total {amount} baht: open, print or download it as a PDF from this link.",
  "shops.ereceipt.mail.link": "Open the receipt",
  "shops.ereceipt.mail.ignore": "If you did not buy from this shop, there is nothing to do.",
  "shops.ereceipt.page.title": "Online receipt",
  "shops.ereceipt.page.from": "A receipt from {shop}",
  "shops.ereceipt.page.print": "Print",
  "shops.ereceipt.page.pdf": "Download PDF",
  "shops.ereceipt.page.voided": "This sale was voided; it is no proof of purchase",
  "shops.ereceipt.page.returned": "Goods from this sale were returned",
  "shops.ereceipt.page.returnLine": "Credit note {number} of {date}: {amount} baht refunded",
  "shops.ereceipt.page.language": "ภาษาไทย",
  "shops.ereceipt.notFound.title": "Receipt not found",
  "shops.ereceipt.notFound.text":
    "This link is not valid, or the receipt was removed. Scan the QR on the receipt again, or ask the shop.",
  "shops.ereceipt.notFound.home": "Go to the home page",
};
