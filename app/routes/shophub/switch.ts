import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/switch";
import { appContext } from "~/context";
import { readForm } from "~/lib/forms/read-form";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { findShopMembership, markShopUsed } from "~/modules/shops/index.server";
import { chooseActiveShop } from "~/routes/_gates/active-shop-cookie.server";
import { memberOf } from "~/routes/_gates/member.server";

// Nothing to show, and nothing changes on a GET (a link or an image on another site must not
// choose the shop): the switch is the header's form, a POST behind the origin check.
// Nothing here is refused outright: an unknown shop is "not found", a bad address goes home.
const switchSchema = z.object({
  shop: z.string().catch(""),
  redirectTo: z.string().optional().catch(undefined),
});

export function loader() {
  return redirect("/shophub");
}

/**
 * Makes another of the member's shops the active one (a cookie) and goes back to the page
 * the form was on. A shop the member does not belong to answers 404 and changes nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const member = memberOf(context);
  const { db, publicOrigin } = context.get(appContext);
  const read = readForm(await request.formData(), switchSchema);
  const chosen = read.ok ? read.data : { shop: "", redirectTo: undefined };
  // Any role may work in its shop; someone outside it learns nothing of it.
  const found = await findShopMembership(db, member.id, chosen.shop);
  if (!found) throw data(null, { status: 404 });
  const { shop } = found;
  // The member's default shop in any browser from now on.
  await markShopUsed(db, member.id, shop.id);
  // A page opened for one shop (?shop=…) would otherwise keep showing the old one.
  const back = new URL(safeRedirectPath(chosen.redirectTo, "/shophub"), "http://x");
  back.searchParams.delete("shop");
  return redirect(`${back.pathname}${back.search}${back.hash}`, {
    headers: { "Set-Cookie": await chooseActiveShop(shop.id, publicOrigin) },
  });
}
