import type { RouterContextProvider } from "react-router";
import type { Database } from "~/db/client.server";
import type { ShopRole } from "~/modules/shops";
import { cashierOfSwitch } from "~/modules/staff/index.server";
import { memberOf } from "~/routes/_gates/member.server";
import { heldSessionOfRequest } from "~/routes/_gates/till-hold.server";

/**
 * Who acts on a sale's page opened from a registered till (issue 37, decision 0088): the
 * session's member, or — when the till's link names a cashier's PIN switch (`?cashier=` and
 * `?till=`) — that cashier under a cashier's rules. A switch the server did not make for this
 * session and till, or one that has ended, leaves a cashier with no sale of their own: never
 * more than a cashier may do.
 */
export async function actingMemberOf(
  db: Database,
  context: Readonly<RouterContextProvider>,
  shopId: string,
  sessionRole: ShopRole,
  url: URL,
): Promise<{ userId: string; role: ShopRole }> {
  const session = memberOf(context).id;
  // A session a cashier holds is theirs here whatever the link says (decision 0088).
  const held = await heldSessionOfRequest(context);
  if (held && held.shopId === shopId) return { userId: held.cashierId, role: "cashier" };
  const switchId = url.searchParams.get("cashier");
  if (!switchId) return { userId: session, role: sessionRole };
  const valid = /^[0-9a-f-]{36}$/i.test(switchId);
  const cashier = valid
    ? await cashierOfSwitch(db, {
        shopId,
        sessionUserId: session,
        switchId,
        tillId: url.searchParams.get("till"),
        soldAt: new Date(),
      })
    : null;
  return { userId: cashier?.userId ?? "", role: "cashier" };
}
