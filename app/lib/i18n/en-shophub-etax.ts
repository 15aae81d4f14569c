import type { thShophubEtax } from "./th-shophub-etax";

/** English text of e-Tax Invoice by Time Stamp (see th-shophub-etax.ts). */
export const enShophubEtax: Record<keyof typeof thShophubEtax, string> = {
  "shops.tabs.etax": "e-Tax",
  "shops.etax.title": "Electronic tax invoices (e-Tax Invoice by Time Stamp)",
  "shops.etax.lead":
    "Send full tax invoices and credit notes by e-mail as PDF/A-3 files with the XML of the standard ขมธอ. 3-2560 inside, to the buyer with a copy to the Revenue Department's time-stamp service. The shop must be VAT-registered and approved by the Department first.",
  "shops.etax.saved": "The e-Tax settings are saved",
  "shops.etax.sellingSettings": "Go to the selling settings",
  "shops.etax.enabled": "Use e-Tax Invoice by Time Stamp",
  "shops.etax.enabledHint":
    "Possible once the shop is VAT-registered and its approval number and sender e-mail are filled in",
  "shops.etax.registration": "Request or approval number from the Revenue Department",
  "shops.etax.registrationHint": "As received when applying for e-Tax Invoice by Time Stamp",
  "shops.etax.senderEmail": "Sender e-mail registered with the Revenue Department",
  "shops.etax.senderEmailHint":
    "Mail is sent in this address's name and buyers reply to it; it must be the one registered",
  "shops.etax.timestampEmail": "Time-stamp service e-mail",
  "shops.etax.timestampEmailHint":
    "The Department's published address is {address}; change it only when the Department says so",
  "shops.etax.save": "Save",
  "shops.etax.error.registrationTooLong": "The approval number has at most 100 characters",
  "shops.etax.error.registrationRequired": "Fill in the request or approval number first",
  "shops.etax.error.senderRequired": "Fill in the registered sender e-mail first",
  "shops.etax.error.timestampRequired": "Fill in the time-stamp service's e-mail",
  "shops.etax.error.emailInvalid": "Not an e-mail address, e.g. shop@example.com",
  "shops.etax.error.notVatRegistered":
    "The shop is not VAT-registered, so it cannot issue electronic tax invoices",
  "shops.etax.error.notEnabled":
    "The shop has not switched e-Tax on, or its approval number and sender e-mail are missing; the owner sets them on the e-Tax page",
  "shops.etax.error.document": "Choose this sale's full tax invoice or credit note",
  "shops.etax.error.buyerEmailRequired":
    "The buyer has no e-mail: fill in the buyer's e-mail first",
  "shops.etax.error.role": "Only the owner or a manager may send e-Tax documents",
  "shops.etax.error.cancelled": "This sale is voided; its documents cannot be sent as e-Tax",
  "shops.etax.error.notATaxDocument": "Only full tax invoices and credit notes go out as e-Tax",
  "shops.etax.error.noBuyer":
    "This credit note refers to an abbreviated tax invoice without a buyer, so it cannot go out as e-Tax",
  "shops.etax.send.title": "Send e-Tax",
  "shops.etax.send.lead":
    "Sends the document as a PDF/A-3 with its XML inside to the buyer's e-mail, with a copy to {cc}",
  "shops.etax.send.notEnabled": "The shop has not switched e-Tax on",
  "shops.etax.send.settingsLink": "e-Tax settings",
  "shops.etax.send.document": "Document",
  "shops.etax.send.full": "Full tax invoice {number}",
  "shops.etax.send.credit": "Credit note {number}",
  "shops.etax.send.buyerEmail": "Buyer's e-mail",
  "shops.etax.send.submit": "Send e-Tax",
  "shops.etax.send.done": "{number} is queued for e-mail to {to} with a copy to {cc}",
  "shops.etax.sent.title": "e-Tax sent",
  "shops.etax.sent.line": "{number} to {to}, copy to {cc} · queued {queued} · {status}",
  "shops.etax.status.pending": "waiting",
  "shops.etax.status.sending": "sending",
  "shops.etax.status.sent": "sent {date}",
  "shops.etax.status.failed": "failed",
  "shops.etax.status.gone": "mail no longer kept",
  "shops.etax.mail.subject.fullTaxInvoice": "Tax invoice {number} from {shop}",
  "shops.etax.mail.subject.creditNote": "Credit note {number} from {shop}",
  "shops.etax.mail.kind.fullTaxInvoice": "tax invoice",
  "shops.etax.mail.kind.creditNote": "credit note",
  "shops.etax.mail.body":
    "Dear {buyer}\n\n{shop} sends {kind} {number} of {date}, attached (PDF/A-3 with the XML of the standard ขมธอ. 3-2560 inside). A copy of this mail went to the Revenue Department's time-stamp service ({cc}), which sends you the time-stamped document again.",
  "shops.etax.xml.description": "Data of {kind} {number} (standard ขมธอ. 3-2560)",
  "shops.etax.address.title": "The shop's address by the official place codes",
  "shops.etax.address.lead":
    "e-Tax's XML must give the seller's house number, postcode and the codes of its sub-district, district and province. The address printed on documents stays the shop's own.",
  "shops.etax.address.buildingNumber": "House number",
  "shops.etax.address.buildingNumberHint": "E.g. 11/111 or 99 Moo 4",
  "shops.etax.address.postcode": "Postcode",
  "shops.etax.address.postcodeHint": "5 digits, then choose the sub-district below",
  "shops.etax.address.subDistrict": "Sub-district (tambon/khwaeng)",
  "shops.etax.address.subDistrictHint":
    "The sub-districts this postcode serves, with their district and province",
  "shops.etax.address.choose": "Choose the sub-district",
  "shops.etax.address.typePostcode": "Type the postcode first",
  "shops.etax.error.buildingNumberTooLong": "The house number can be at most 40 characters",
  "shops.etax.error.buildingNumberRequired": "Enter the shop's house number",
  "shops.etax.error.postcode": "The postcode is 5 digits, e.g. 10110",
  "shops.etax.error.postcodeRequired": "Enter the shop's postcode",
  "shops.etax.error.postcodeUnknown": "This postcode is not known; check it",
  "shops.etax.error.subDistrict": "Choose the sub-district from the list",
  "shops.etax.error.subDistrictRequired":
    "Choose the shop's sub-district from this postcode's list",
  "shops.etax.error.subDistrictNotOfPostcode":
    "The chosen sub-district does not use this postcode; choose again from the list",
  "shops.etax.error.noSellerAddress":
    "The shop's house number, postcode and sub-district for e-Tax are missing; the owner fills them in on the e-Tax page",
};
