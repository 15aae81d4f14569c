import type { Route } from "./+types/export-items";
import { langOf } from "~/lib/i18n/lang.server";
import { appContext } from "~/context";
import { levelPriceStore } from "~/modules/sales/index.server";
import { itemsCsv, csvDownloadHeaders } from "~/modules/stock/index.server";
import { maySeeCosts } from "~/modules/shops";
import { storehubOf } from "~/routes/_gates/storehub.server";

/** The shop's items as a CSV file (UTF-8 with BOM, so Excel shows the Thai text); a cashier's has no costs. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { shopId, active } = await storehubOf(context, request);
  const { db } = context.get(appContext);
  const lang = langOf(context);
  // The price levels are the sales module's: handed to the stock module's export here.
  const csv = await itemsCsv(db, shopId, lang, {
    costs: maySeeCosts(active.role),
    levelPrices: levelPriceStore,
  });
  return new Response(csv, { headers: csvDownloadHeaders("storehub-items") });
}
