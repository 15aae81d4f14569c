import type { Route } from "./+types/live";
import { appContext } from "~/context";
import { findMembershipRole } from "~/modules/shops/index.server";
import {
  MAX_STREAMS_PER_MEMBER,
  stockEventStream,
  STOCK_READERS,
} from "~/modules/stock/index.server";
import { queryNamesShop } from "~/routes/_gates/shop-form.server";
import { storehubOf } from "~/routes/_gates/storehub.server";
import { storehubHandle } from "~/routes/_gates/storehub-handle";

/**
 * Server-sent events for open storehub pages: `event: stock` when the active shop's stock
 * changes (the page then reloads its data). A visitor (401) or a member without a shop (204)
 * gets an empty answer from the storehub gate, which tells EventSource to stop instead of
 * retrying. A member has at most
 * MAX_STREAMS_PER_MEMBER open streams on an instance (429 beyond), and a stream ends when
 * its member no longer belongs to the shop.
 */
// Its refusals are bare statuses that stop EventSource (declared to the storehub gate).
export const handle = storehubHandle.stream;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { user: member, shopId } = await storehubOf(context, request);
  // The page names the shop it shows (`shopId`, like every shop form); after a switch of shop
  // its stream is stale, and a request naming no shop is refused too.
  if (!queryNamesShop(url, shopId)) return new Response(null, { status: 409 });
  const { db, stockEvents } = context.get(appContext);
  // Each stream holds a connection and a subscription: one member cannot open without bound.
  if (stockEvents.openFor(member.id) >= MAX_STREAMS_PER_MEMBER) {
    return new Response(null, { status: 429, headers: { "Retry-After": "30" } });
  }
  const stream = stockEventStream(stockEvents, shopId, request.signal, undefined, {
    userId: member.id,
    stillAllowed: async () => {
      const role = await findMembershipRole(db, member.id, shopId);
      return role !== null && STOCK_READERS.includes(role);
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      // Tells nginx-style proxies not to buffer the stream either.
      "X-Accel-Buffering": "no",
    },
  });
}
