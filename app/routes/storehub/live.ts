import type { Route } from "./+types/live";
import { appContext } from "~/context";
import { getSessionUser } from "~/modules/accounts/session.server";
import { queryNamesShop } from "~/modules/shops/shop-form-guard.server";
import { stockEventStream } from "~/modules/stock/live-stock.server";
import { requireStorehubShop, STOCK_READERS } from "~/modules/stock/storehub-access.server";

/**
 * Server-sent events for open storehub pages: `event: stock` when the active shop's stock
 * changes (the page then reloads its data). A visitor or a member without a shop gets an
 * empty answer, which tells EventSource to stop instead of retrying.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  if (!getSessionUser(context)) return new Response(null, { status: 401 });
  let shopId: string;
  try {
    ({ shopId } = await requireStorehubShop(request, context, STOCK_READERS));
  } catch (error) {
    if (error instanceof Response) return new Response(null, { status: 204 });
    throw error;
  }
  // The page names the shop it shows (`shopId`, like every shop form); after a switch of shop
  // its stream is stale, and a request naming no shop is refused too.
  if (!queryNamesShop(url, shopId)) return new Response(null, { status: 409 });
  return stockEventStream(context.get(appContext).stockEvents, shopId, request.signal);
}
