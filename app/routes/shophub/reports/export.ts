import type { Route } from "./+types/export";
import { appContext } from "~/context";
import { langOf } from "~/lib/i18n/lang.server";
import { PNL_REPORTS, pnlCsv, profitAndLoss, type PnlReport } from "~/modules/reports/index.server";
import { csvDownloadHeaders } from "~/modules/stock/index.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { readPeriod, REPORT_ROLES } from "./period";

export const middleware: Route.MiddlewareFunction[] = [chosenShop(REPORT_ROLES)];

/** One report of the profit-and-loss page as a CSV file (UTF-8 with BOM) for the URL's period. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const asked = url.searchParams.get("report") ?? "summary";
  const report: PnlReport = (PNL_REPORTS as readonly string[]).includes(asked)
    ? (asked as PnlReport)
    : "summary";
  const { range } = readPeriod(url.searchParams);
  const pnl = await profitAndLoss(db, shop.id, range);
  return new Response(pnlCsv(pnl, report, langOf(context)), {
    headers: csvDownloadHeaders(`shophub-${report}-${range.from}-${range.to}`),
  });
}
