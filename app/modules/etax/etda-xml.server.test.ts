import { describe, expect, it } from "vitest";
import type { SaleDocument } from "~/modules/sales";
import { validateEtdaOfficial, validateEtdaSubset } from "../../../tests/setup/etda";
import { buildEtdaXml, etdaAmount, etdaDateTime, lineFigures, postcodeOf } from "./etda-xml.server";

/**
 * A full tax invoice with prices before VAT, a bill discount and a VAT-exempt line: 3 × 100.00
 * (taxed) + 1.5 kg × 40.00 (exempt) = 360.00, less 36.00 on the bill = 324.00 before VAT, of which
 * 270.00 taxed: VAT 18.90, total 342.90.
 */
function invoice(): SaleDocument {
  return {
    kind: "fullTaxInvoice",
    documentNumber: "INV2569-000042",
    issuedAt: new Date("2026-03-03T02:00:00Z"),
    isCopy: false,
    status: "completed",
    voidReason: null,
    seller: {
      name: "ร้านวัสดุดี",
      address: "5 ถนนพหลโยธิน จตุจักร กรุงเทพฯ 10900",
      phone: "",
      taxId: "0105556123453",
      branchCode: "00001",
      posRegistrationNo: "",
      receiptHeader: "",
      receiptFooter: "",
      logoKey: null,
      logoUrl: null,
    },
    paperWidth: "80",
    cashierName: "สมชาย",
    till: "เครื่อง 1",
    buyer: {
      name: "บริษัท ลูกค้า จำกัด",
      address: "1 ถนนสีลม\nบางรัก กรุงเทพฯ 10500",
      taxId: "1101700207030",
      branchCode: "00000",
    },
    replacesDocumentNumber: "ABB2569-000099",
    writtenAt: null,
    refersToDocumentNumber: null,
    correction: null,
    reason: null,
    issuedByName: null,
    lines: [
      {
        name: "ปูนซีเมนต์",
        sku: "CEM-1",
        unit: "ถุง",
        qtyMilli: 3000,
        unitPriceSatang: 10_000,
        amountSatang: 30_000,
        discountSatang: 0,
        totalSatang: 30_000,
        vatExempt: false,
      },
      {
        name: "ผักบุ้ง",
        sku: "",
        unit: "กก.",
        qtyMilli: 1500,
        unitPriceSatang: 4_000,
        amountSatang: 6_000,
        discountSatang: 0,
        totalSatang: 6_000,
        vatExempt: true,
      },
    ],
    vatMode: "exclusive",
    vatRateBasisPoints: 700,
    subtotalSatang: 36_000,
    billDiscountSatang: 3_600,
    vatBaseSatang: 27_000,
    vatSatang: 1_890,
    nonVatSatang: 5_400,
    totalSatang: 34_290,
    payments: [],
    changeSatang: 0,
    note: "",
  };
}

describe("the ETDA XML of a document", () => {
  it("writes satang, quantities, Bangkok time and postcodes as ETDA's schema reads them", () => {
    expect(etdaAmount(1_234_567)).toBe("12345.67");
    expect(etdaAmount(-5)).toBe("-0.05");
    expect(etdaAmount(0)).toBe("0.00");
    expect(etdaDateTime(new Date("2026-03-03T17:30:05Z"))).toBe("2026-03-04T00:30:05");
    expect(postcodeOf("1 ถนนสีลม บางรัก กรุงเทพฯ 10500")).toBe("10500");
    expect(postcodeOf("ซอย 123456 ไม่มีรหัส")).toBeNull();
  });

  it("spreads the bill discount and the VAT over the lines so they add up to the header", () => {
    const figures = lineFigures(invoice());
    expect(figures).toEqual([
      { exVatSatang: 27_000, vatSatang: 1_890, incVatSatang: 28_890 },
      { exVatSatang: 5_400, vatSatang: 0, incVatSatang: 5_400 },
    ]);
    const doc = invoice();
    expect(figures.reduce((sum, f) => sum + f.exVatSatang, 0)).toBe(
      doc.vatBaseSatang + doc.nonVatSatang,
    );
    expect(figures.reduce((sum, f) => sum + f.incVatSatang, 0)).toBe(doc.totalSatang);
  });

  it("is a TaxInvoice_CrossIndustryInvoice that ETDA's structure accepts", async () => {
    const xml = buildEtdaXml({
      document: invoice(),
      buyerEmail: "ap@buyer.example",
      createdAt: new Date("2026-03-05T09:00:00Z"),
    });
    expect(xml).toContain('<ram:ID schemeID="TXID">010555612345300001</ram:ID>');
    expect(xml).toContain("<ram:Content>เลขที่ ABB2569-000099 ลงวันที่ 2026-03-03</ram:Content>");
    expect(xml).toContain("<ram:BasisAmount>270.00</ram:BasisAmount>");
    expect(xml).toContain("<ram:GrandTotalAmount>342.90</ram:GrandTotalAmount>");
    expect(xml).toContain("<ram:BilledQuantity>1.5</ram:BilledQuantity>");
    // The buyer's address is one line; its postcode is its own element.
    expect(xml).toContain("<ram:LineOne>1 ถนนสีลม บางรัก กรุงเทพฯ 10500</ram:LineOne>");
    const subset = await validateEtdaSubset(xml, "TaxInvoice");
    expect(subset.errors.map((e) => e.rawMessage)).toEqual([]);
    const official = await validateEtdaOfficial(xml, "TaxInvoice");
    if (official) expect(official.errors.map((e) => e.rawMessage)).toEqual([]);
  });

  it("gives the seller's house number and TIS 1099 codes in the XSD's order when the shop has them", async () => {
    const xml = buildEtdaXml({
      document: invoice(),
      buyerEmail: "ap@buyer.example",
      createdAt: new Date("2026-03-05T09:00:00Z"),
      sellerAddress: { buildingNumber: "5/12", postcode: "10900", subDistrictCode: "103001" },
    });
    const seller = xml.slice(
      xml.indexOf("<ram:SellerTradeParty>"),
      xml.indexOf("</ram:SellerTradeParty>"),
    );
    const address = seller.slice(seller.indexOf("<ram:PostalTradeAddress>"));
    const elements = [...address.matchAll(/<ram:(\w+)[ >]/g)].map((m) => m[1]);
    expect(elements).toEqual([
      "PostalTradeAddress",
      "PostcodeCode",
      "LineOne",
      "CityName",
      "CitySubDivisionName",
      "CountryID",
      "CountrySubDivisionID",
      "BuildingNumber",
    ]);
    expect(address).toContain("<ram:PostcodeCode>10900</ram:PostcodeCode>");
    expect(address).toContain("<ram:CityName>1030</ram:CityName>");
    expect(address).toContain("<ram:CitySubDivisionName>103001</ram:CitySubDivisionName>");
    expect(address).toContain("<ram:CountrySubDivisionID>10</ram:CountrySubDivisionID>");
    expect(address).toContain("<ram:BuildingNumber>5/12</ram:BuildingNumber>");
    // The buyer's address stays the printed line (ETDA's schematron accepts LineOne for a buyer).
    const buyer = xml.slice(
      xml.indexOf("<ram:BuyerTradeParty>"),
      xml.indexOf("</ram:BuyerTradeParty>"),
    );
    expect(buyer).not.toContain("<ram:CityName>");
    const subset = await validateEtdaSubset(xml, "TaxInvoice");
    expect(subset.errors.map((e) => e.rawMessage)).toEqual([]);
    const official = await validateEtdaOfficial(xml, "TaxInvoice");
    if (official) expect(official.errors.map((e) => e.rawMessage)).toEqual([]);
  });

  it("refuses a document that is no tax document", () => {
    expect(() =>
      buildEtdaXml({
        document: { ...invoice(), kind: "abbreviatedTaxInvoice", buyer: null },
        buyerEmail: "a@b.example",
        createdAt: new Date(),
      }),
    ).toThrow(/no ETDA XML/);
  });
});
