import type { Route } from "./+types/lookup";
import { appContext } from "~/context";
import type { ItemSuggestion, LookupItem } from "~/features/stock-entry/item-lookup";
import { searchItems, balancesOf, resolveItemText } from "~/modules/stock/index.server";
import { maySeeCosts } from "~/modules/shops";
import { queryNamesShop } from "~/routes/_gates/shop-form.server";
import { storehubOf } from "~/routes/_gates/storehub.server";

const SUGGESTIONS = 10;

/**
 * Item look-ups for the stock forms (JSON, this shop only): `?code=` is what a scanner or a
 * person typed (barcode, SKU or exact name) with the item's quantity per location;
 * `?q=` suggests items whose name or SKU contains the text. `?shopId=` must name the active
 * shop (409 otherwise).
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shopId, active } = await storehubOf(context, request);
  const { db } = context.get(appContext);
  const headers = { "Cache-Control": "no-store" };
  // The page names the shop it was rendered for; after a switch in another tab its look-ups
  // must not fill its form with another shop's items.
  if (!queryNamesShop(url, shopId)) {
    return Response.json({ error: "shopChanged" }, { status: 409, headers });
  }
  const code = (url.searchParams.get("code") ?? "").trim().slice(0, 120);
  if (code) {
    const found = await resolveItemText(db, shopId, code);
    if (!found.ok) return Response.json({ item: null, error: found.error }, { headers });
    const { item } = found;
    const balances = await balancesOf(db, shopId, [item.id]);
    return Response.json(
      {
        item: {
          id: item.id,
          name: item.name,
          sku: item.sku,
          barcode: item.barcode,
          unit: item.unit,
          // A cashier's answer holds no cost at all (maySeeCosts).
          ...(maySeeCosts(active.role) ? { costSatang: item.costSatang } : {}),
          onHand: item.onHand,
          status: item.status,
          balances: Object.fromEntries(
            [...balances].map(([key, qty]) => [key.split(":")[1] ?? "", qty]),
          ),
          // The shape the shared look-up hooks read (features/stock-entry).
        } satisfies LookupItem,
      },
      { headers },
    );
  }
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 120);
  if (!q) return Response.json({ items: [] }, { headers });
  const page = await searchItems(db, shopId, { search: q, page: 1, pageSize: SUGGESTIONS });
  return Response.json(
    {
      items: page.rows.map((item): ItemSuggestion => ({
        sku: item.sku,
        name: item.name,
        unit: item.unit,
      })),
    },
    { headers },
  );
}
