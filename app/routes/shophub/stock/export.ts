import type { Route } from "./+types/export";
import { appContext } from "~/context";
import { langOf } from "~/lib/i18n/lang.server";
import { csvDownloadHeaders, stockBalanceCsv } from "~/modules/stock/index.server";
import { maySeeCosts } from "~/modules/shops";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { STOCK_BALANCE_ROLES } from "../dashboard/roles";
import { readStockFilters } from "./filters";

export const middleware: Route.MiddlewareFunction[] = [chosenShop(STOCK_BALANCE_ROLES)];

/** The filtered stock balance, every row, as a CSV file; a cashier's has no cost columns. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shop, role } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const costs = maySeeCosts(role);
  const filters = readStockFilters(url.searchParams, costs);
  const csv = await stockBalanceCsv(db, shop.id, filters, langOf(context), { costs });
  return new Response(csv, { headers: csvDownloadHeaders("shophub-stock") });
}
