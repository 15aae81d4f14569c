import { data } from "react-router";
import type { Route } from "./+types/export";
import { appContext } from "~/context";
import { langOf } from "~/lib/i18n/lang.server";
import { serverTranslate } from "~/lib/i18n/messages.server";
import {
  readTaxMonth,
  TAX_FORMATS,
  TAX_REPORTS,
  type TaxFormat,
  type TaxReportKind,
  taxDownloadHeaders,
  taxSheetCsv,
  taxSheetXlsx,
} from "~/modules/reports/index.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { renderTaxSheetPdf } from "./tax-pdf.server";
import { taxSheetOf } from "./tax-data.server";
import { TAX_ROLES } from "./tax-paths";

export const middleware: Route.MiddlewareFunction[] = [chosenShop(TAX_ROLES)];

function oneOf<T extends string>(list: readonly T[], value: string | null): T | null {
  return value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;
}

/**
 * One monthly tax report of the shop as a file for the accountant: `?report=vat|sales|purchases`
 * `&format=pdf|csv|xlsx&month=…`. A month that is no month, or one that has not begun, is
 * answered 400 with the Thai sentence the page shows next to its field; nothing is made.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const report: TaxReportKind | null = oneOf(TAX_REPORTS, url.searchParams.get("report"));
  const format: TaxFormat | null = oneOf(TAX_FORMATS, url.searchParams.get("format"));
  if (!report || !format) throw data(null, { status: 404 });
  const lang = langOf(context);
  const t = serverTranslate(lang);
  const reading = readTaxMonth(url.searchParams.get("month"));
  if (!reading.ok) {
    return new Response(t(reading.error), {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const sheet = await taxSheetOf(db, shop, report, reading.taxMonth, lang);
  const headers = taxDownloadHeaders(sheet.fileName, format);
  if (format === "csv") return new Response(taxSheetCsv(sheet), { headers });
  const body =
    format === "xlsx"
      ? await taxSheetXlsx(sheet)
      : await renderTaxSheetPdf(sheet, (page, of) => t("shops.tax.page", { page, of }));
  return new Response(new Uint8Array(body), { headers });
}
