import type { Route } from "./+types/export-balances";
import { appContext } from "~/context";
import { langFromCookieHeader } from "~/lib/i18n";
import { balancesCsv } from "~/modules/stock/item-csv.server";
import { requireStorehubShop, STOCK_READERS } from "~/modules/stock/storehub-access.server";
import { csvDownloadHeaders } from "~/modules/stock/csv-download.server";

/** Quantities per item and location as a CSV file (UTF-8 with BOM). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { shopId } = await requireStorehubShop(request, context, STOCK_READERS);
  const { db } = context.get(appContext);
  const lang = langFromCookieHeader(request.headers.get("cookie"));
  return new Response(await balancesCsv(db, shopId, lang), {
    headers: csvDownloadHeaders("storehub-balances"),
  });
}
