import { create } from "xmlbuilder2";
import { type SaleDocument, spreadProportionally } from "~/modules/sales";

/*
 * The ETDA XML of a full tax invoice or a credit note (standard ขมธอ. 3-2560, the Cross Industry
 * Invoice of UN/CEFACT as ETDA narrowed it; decision 0074): TaxInvoice_CrossIndustryInvoice
 * and DebitCreditNote_CrossIndustryInvoice, version 2.0 of ETDA's schemas. Element names,
 * order and code values are those of ETDA's published XSD files (ETDA/XMLValidation,
 * XMLSchemaV2) and samples (TIV_IV2017110007_Sample.xml, CDN_CN2017110001_Sample.xml).
 *
 * Every figure is the document's own: the header's tax base, VAT and grand total are exactly
 * what the printed document says. A line's VAT and its share of a bill discount are the
 * header's figures spread over the lines by their totals (largest remainder), so the lines add
 * up to the header to the satang.
 */

export const ETDA_NS = {
  taxInvoice: {
    rsm: "urn:etda:uncefact:data:standard:TaxInvoice_CrossIndustryInvoice:2",
    ram: "urn:etda:uncefact:data:standard:TaxInvoice_ReusableAggregateBusinessInformationEntity:2",
    root: "TaxInvoice_CrossIndustryInvoice",
  },
  creditNote: {
    rsm: "urn:etda:uncefact:data:standard:DebitCreditNote_CrossIndustryInvoice:2",
    ram: "urn:etda:uncefact:data:standard:DebitCreditNote_ReusableAggregateBusinessInformationEntity:2",
    root: "DebitCreditNote_CrossIndustryInvoice",
  },
} as const;

/** ETDA's code for the guideline (the standard ขมธอ. 3-2560) and its version. */
const GUIDELINE = { id: "ER3-2560", agency: "ETDA", version: "v2.0" };
/** ThaiDocumentNameCode: 388 tax invoice, 81 credit note (ETDA's code list). */
const TYPE_CODE = { taxInvoice: "388", creditNote: "81" } as const;
const DOCUMENT_NAME = { taxInvoice: "ใบกำกับภาษี", creditNote: "ใบลดหนี้" } as const;
/** ThaiMessageFunctionCode: a credit note for another reason, said in Purpose (the shop's words). */
const CREDIT_PURPOSE_OTHER = "CDNG99";

export interface EtdaXmlInput {
  document: SaleDocument;
  /** The buyer's mailbox, named in the buyer's contact. */
  buyerEmail: string;
  /** When the file is made (CreationDateTime). */
  createdAt: Date;
  /**
   * The seller's house number and TIS 1099 codes (decision 0090). ETDA's schematron requires
   * them for a Thai seller; without them only the printed address line is written.
   */
  sellerAddress?: { buildingNumber: string; postcode: string; subDistrictCode: string } | null;
}

/** Satang as the schema's decimal: 1234567 → "12345.67", −5 → "-0.05". */
export function etdaAmount(satang: number): string {
  const sign = satang < 0 ? "-" : "";
  const abs = Math.abs(satang);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Thousandths of a unit as a decimal: 1500 → "1.5", 2000 → "2". */
function etdaQuantity(milli: number): string {
  const whole = Math.floor(milli / 1000);
  const rest = milli % 1000;
  return rest === 0
    ? String(whole)
    : `${whole}.${String(rest).padStart(3, "0").replace(/0+$/, "")}`;
}

/** Bangkok wall time without an offset, as ETDA's samples write it: 2026-03-05T14:30:00. */
export function etdaDateTime(value: Date): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Asia/Bangkok",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(value);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  return `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}:${part("second")}`;
}

/** A Thai address's postcode: the last 5-digit group of the address, when it has one. */
export function postcodeOf(address: string): string | null {
  const all = address.match(/(?<!\d)\d{5}(?!\d)/g);
  return all?.at(-1) ?? null;
}

/** The registration ETDA's TXID scheme names: 13-digit tax ID and 5-digit branch. */
function txid(taxId: string, branchCode: string): string {
  return `${taxId}${branchCode}`;
}

interface LineFigures {
  exVatSatang: number;
  vatSatang: number;
  incVatSatang: number;
}

/** Each line's value before VAT, its VAT and its value with VAT, adding up to the header. */
export function lineFigures(document: SaleDocument): LineFigures[] {
  const lines = document.lines;
  if (lines.length === 0) return [];
  const totals = lines.map((line) => line.totalSatang);
  const bill =
    document.billDiscountSatang > 0 && totals.some((total) => total > 0)
      ? spreadProportionally(document.billDiscountSatang, totals)
      : totals.map(() => 0);
  const net = totals.map((total, index) => total - (bill[index] ?? 0));
  const taxed = lines.map(
    (line, index) => !line.vatExempt && document.vatMode !== "none" && (net[index] ?? 0) > 0,
  );
  const weights = net.map((value, index) => (taxed[index] ? value : 0));
  const vat =
    document.vatSatang > 0 && weights.some((weight) => weight > 0)
      ? spreadProportionally(document.vatSatang, weights)
      : weights.map(() => 0);
  return net.map((value, index) => {
    const lineVat = vat[index] ?? 0;
    return document.vatMode === "inclusive"
      ? { exVatSatang: value - lineVat, vatSatang: lineVat, incVatSatang: value }
      : { exVatSatang: value, vatSatang: lineVat, incVatSatang: value + lineVat };
  });
}

/** The VAT rate as ETDA writes it: 700 basis points → "7". */
function rateOf(basisPoints: number): string {
  return etdaAmount(basisPoints).replace(/\.?0+$/, "");
}

/**
 * The document's ETDA XML. Throws for a document that is neither a full tax invoice nor a
 * credit note with a buyer: the callers send only those (checked before with a Thai answer).
 */
export function buildEtdaXml({
  document,
  buyerEmail,
  createdAt,
  sellerAddress = null,
}: EtdaXmlInput): string {
  const kind =
    document.kind === "fullTaxInvoice"
      ? "taxInvoice"
      : document.kind === "creditNote"
        ? "creditNote"
        : null;
  const buyer = document.buyer;
  const sellerTaxId = document.seller.taxId;
  if (!kind || !buyer || !sellerTaxId) {
    throw new Error(`no ETDA XML for a ${document.kind} without its buyer and seller tax IDs`);
  }
  const ns = ETDA_NS[kind];
  const root = create({ version: "1.0", encoding: "UTF-8" }).ele(ns.rsm, `rsm:${ns.root}`, {
    "xmlns:ram": ns.ram,
  });
  const rsm = (parent: typeof root, name: string) => parent.ele(ns.rsm, `rsm:${name}`);
  const ram = (parent: typeof root, name: string, text?: string, attributes = {}) => {
    const child = parent.ele(ns.ram, `ram:${name}`, attributes);
    return text === undefined ? child : child.txt(text).up();
  };

  const context = rsm(root, "ExchangedDocumentContext");
  const guideline = ram(context, "GuidelineSpecifiedDocumentContextParameter");
  ram(guideline, "ID", GUIDELINE.id, {
    schemeAgencyID: GUIDELINE.agency,
    schemeVersionID: GUIDELINE.version,
  });

  const exchanged = rsm(root, "ExchangedDocument");
  ram(exchanged, "ID", document.documentNumber);
  ram(exchanged, "Name", DOCUMENT_NAME[kind]);
  ram(exchanged, "TypeCode", TYPE_CODE[kind]);
  ram(exchanged, "IssueDateTime", etdaDateTime(document.issuedAt));
  if (kind === "creditNote") {
    ram(exchanged, "Purpose", (document.reason ?? "").slice(0, 256));
    ram(exchanged, "PurposeCode", CREDIT_PURPOSE_OTHER);
  }
  ram(exchanged, "CreationDateTime", etdaDateTime(createdAt));
  if (kind === "taxInvoice" && document.replacesDocumentNumber) {
    // The abbreviated tax invoice this one replaces (decision 0068): ETDA's schematron keeps
    // AdditionalReferencedDocument for a tax invoice that replaces another full one, so the
    // slip is named in a note.
    const note = ram(exchanged, "IncludedNote");
    ram(note, "Subject", "ออกแทนใบกำกับภาษีอย่างย่อ");
    ram(
      note,
      "Content",
      `เลขที่ ${document.replacesDocumentNumber} ลงวันที่ ${etdaDateTime(document.issuedAt).slice(0, 10)}`,
    );
  }

  const transaction = rsm(root, "SupplyChainTradeTransaction");
  const agreement = ram(transaction, "ApplicableHeaderTradeAgreement");
  const party = (
    name: string,
    who: { name: string; taxId: string; branchCode: string; address: string },
    email?: string,
    structured: EtdaXmlInput["sellerAddress"] = null,
  ) => {
    const element = ram(agreement, name);
    ram(element, "Name", who.name.slice(0, 256));
    const registration = ram(element, "SpecifiedTaxRegistration");
    ram(registration, "ID", txid(who.taxId, who.branchCode), { schemeID: "TXID" });
    if (email) {
      const contact = ram(element, "DefinedTradeContact");
      const mailbox = ram(contact, "EmailURIUniversalCommunication");
      ram(mailbox, "URIID", email);
    }
    const address = ram(element, "PostalTradeAddress");
    const postcode = structured?.postcode ?? postcodeOf(who.address);
    if (postcode) ram(address, "PostcodeCode", postcode);
    ram(address, "LineOne", who.address.replace(/\s*\r?\n\s*/g, " ").slice(0, 256));
    // In the XSD's order (TradeAddressType): CityName, CitySubDivisionName, CountryID,
    // CountrySubDivisionID, BuildingNumber. The district's and province's codes are the first
    // four and two digits of the sub-district's (TIS 1099).
    if (structured) {
      ram(address, "CityName", structured.subDistrictCode.slice(0, 4));
      ram(address, "CitySubDivisionName", structured.subDistrictCode);
    }
    ram(address, "CountryID", "TH", { schemeID: "3166-1 alpha-2" });
    if (structured) {
      ram(address, "CountrySubDivisionID", structured.subDistrictCode.slice(0, 2));
      ram(address, "BuildingNumber", structured.buildingNumber);
    }
  };
  party(
    "SellerTradeParty",
    {
      name: document.seller.name,
      taxId: sellerTaxId,
      branchCode: document.seller.branchCode,
      address: document.seller.address,
    },
    undefined,
    sellerAddress,
  );
  party("BuyerTradeParty", buyer, buyerEmail);
  const correction = document.correction;
  if (kind === "creditNote" && correction) {
    const reference = ram(agreement, "AdditionalReferencedDocument");
    ram(reference, "IssuerAssignedID", correction.originalNumber);
    ram(reference, "IssueDateTime", etdaDateTime(correction.originalIssuedAt));
    ram(reference, "ReferenceTypeCode", TYPE_CODE.taxInvoice);
  }

  ram(transaction, "ApplicableHeaderTradeDelivery");

  const settlement = ram(transaction, "ApplicableHeaderTradeSettlement");
  ram(settlement, "InvoiceCurrencyCode", "THB", { listID: "ISO 4217 3A" });
  const rate = rateOf(document.vatRateBasisPoints);
  const tax = ram(settlement, "ApplicableTradeTax");
  ram(tax, "TypeCode", "VAT");
  ram(tax, "CalculatedRate", rate);
  ram(tax, "BasisAmount", etdaAmount(document.vatBaseSatang));
  ram(tax, "CalculatedAmount", etdaAmount(document.vatSatang));
  const beforeVat = document.vatBaseSatang + document.nonVatSatang;
  const summation = ram(settlement, "SpecifiedTradeSettlementHeaderMonetarySummation");
  if (kind === "creditNote" && correction) {
    ram(summation, "OriginalInformationAmount", etdaAmount(correction.originalValueSatang));
    ram(summation, "LineTotalAmount", etdaAmount(correction.correctValueSatang));
    ram(summation, "DifferenceInformationAmount", etdaAmount(correction.differenceSatang));
  } else {
    ram(summation, "LineTotalAmount", etdaAmount(beforeVat));
  }
  ram(summation, "TaxBasisTotalAmount", etdaAmount(beforeVat));
  ram(summation, "TaxTotalAmount", etdaAmount(document.vatSatang));
  ram(summation, "GrandTotalAmount", etdaAmount(document.totalSatang));

  const figures = lineFigures(document);
  document.lines.forEach((line, index) => {
    const figure = figures[index] ?? { exVatSatang: 0, vatSatang: 0, incVatSatang: 0 };
    const item = ram(transaction, "IncludedSupplyChainTradeLineItem");
    ram(ram(item, "AssociatedDocumentLineDocument"), "LineID", String(index + 1));
    const product = ram(item, "SpecifiedTradeProduct");
    if (line.sku) ram(product, "ID", line.sku.slice(0, 35));
    ram(product, "Name", line.name.slice(0, 256));
    const price = ram(ram(item, "SpecifiedLineTradeAgreement"), "GrossPriceProductTradePrice");
    ram(price, "ChargeAmount", etdaAmount(line.unitPriceSatang));
    ram(ram(item, "SpecifiedLineTradeDelivery"), "BilledQuantity", etdaQuantity(line.qtyMilli));
    const lineSettlement = ram(item, "SpecifiedLineTradeSettlement");
    const lineTax = ram(lineSettlement, "ApplicableTradeTax");
    ram(lineTax, "TypeCode", "VAT");
    ram(lineTax, "CalculatedRate", line.vatExempt || document.vatMode === "none" ? "0" : rate);
    ram(lineTax, "BasisAmount", etdaAmount(figure.exVatSatang));
    ram(lineTax, "CalculatedAmount", etdaAmount(figure.vatSatang));
    // The line's own discount and its share of the bill's, in the shop's price terms.
    const net = document.vatMode === "inclusive" ? figure.incVatSatang : figure.exVatSatang;
    const allowance = ram(lineSettlement, "SpecifiedTradeAllowanceCharge");
    ram(allowance, "ChargeIndicator", "false");
    ram(allowance, "ActualAmount", etdaAmount(line.discountSatang + line.totalSatang - net));
    const lineSum = ram(lineSettlement, "SpecifiedTradeSettlementLineMonetarySummation");
    ram(lineSum, "TaxTotalAmount", etdaAmount(figure.vatSatang));
    ram(lineSum, "NetLineTotalAmount", etdaAmount(figure.exVatSatang), { currencyID: "THB" });
    ram(lineSum, "NetIncludingTaxesLineTotalAmount", etdaAmount(figure.incVatSatang), {
      currencyID: "THB",
    });
  });

  return root.end({ prettyPrint: true });
}

/** The file name ETDA's samples use: the document number, .xml. */
export function etdaXmlFileName(documentNumber: string): string {
  return `${documentNumber.replace(/[^A-Za-z0-9_-]/g, "_")}.xml`;
}
