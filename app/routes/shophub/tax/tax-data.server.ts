import type { Database } from "~/db/client.server";
import type { Lang } from "~/lib/i18n";
import { serverTranslate } from "~/lib/i18n/messages.server";
import {
  purchaseTaxReport,
  purchaseTaxSheet,
  salesTaxReport,
  salesTaxSheet,
  type TaxMonth,
  type TaxReportKind,
  type TaxSheet,
  vatReturn,
  vatReturnSheet,
} from "~/modules/reports/index.server";
import { getSalesSettings } from "~/modules/sales/index.server";
import type { Shop } from "~/modules/shops/index.server";

/**
 * One report of a month of the shop as the table every drawing places (the page, the PDF, the
 * CSV and the XLSX), in the language of the request, with the shop's heading as it is now.
 */
export async function taxSheetOf(
  db: Database,
  shop: Shop,
  kind: TaxReportKind,
  month: TaxMonth,
  lang: Lang,
): Promise<TaxSheet> {
  const t = serverTranslate(lang);
  const settings = await getSalesSettings(db, shop.id);
  const head = {
    name: shop.name,
    address: shop.address,
    taxId: shop.taxId,
    branchCode: settings.branchCode,
  };
  switch (kind) {
    case "sales":
      return salesTaxSheet(await salesTaxReport(db, shop.id, month), head, t, lang);
    case "purchases":
      return purchaseTaxSheet(await purchaseTaxReport(db, shop.id, month), head, t, lang);
    case "vat":
      return vatReturnSheet(await vatReturn(db, shop.id, month), head, t, lang);
  }
}
