import type { Route } from "./+types/export-balances";
import { langOf } from "~/lib/i18n/lang.server";
import { appContext } from "~/context";
import { balancesCsv, csvDownloadHeaders } from "~/modules/stock/index.server";
import { maySeeCosts } from "~/modules/shops";
import { storehubOf } from "~/routes/_gates/storehub.server";

/** Quantities per item and location as a CSV file (UTF-8 with BOM); a cashier's has no costs. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { shopId, active } = await storehubOf(context, request);
  const { db } = context.get(appContext);
  const lang = langOf(context);
  return new Response(await balancesCsv(db, shopId, lang, { costs: maySeeCosts(active.role) }), {
    headers: csvDownloadHeaders("storehub-balances"),
  });
}
