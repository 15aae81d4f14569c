import { Link, Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/layout";
import { ShophubNav } from "~/features/shops/shophub-nav";
import { langOf } from "~/lib/i18n/lang.server";
import { areaMessagesOf, areaMessagesWhere } from "~/lib/i18n/messages.server";
import { useT } from "~/lib/i18n/use-translation";
import { activeShopOf } from "~/routes/_gates/session.server";
import { shophubGate } from "~/routes/_gates/shophub.server";
import { isTillMessage, TILL_PATH } from "./sell/till-messages";

// The gate admits signed-in members before any loader or action under it runs (middleware,
// unlike a layout's loader, also covers its children's loaders and actions).
export const middleware: Route.MiddlewareFunction[] = [shophubGate];

export async function loader({ context, url }: Route.LoaderArgs) {
  // The tools' row names the shop the page is for (?shop=, else the active one) and shows the
  // member's role there; a shop they are not in shows no row (the page itself answers 404).
  const active = await activeShopOf(context);
  const wanted = url.searchParams.get("shop") ?? active?.shop.id;
  const shop = active?.shops.find((s) => s.id === wanted) ?? null;
  return {
    // The till's first paint needs only its own text (see till-messages.ts).
    ...(url.pathname === TILL_PATH
      ? { areaMessages: areaMessagesWhere(langOf(context), "shops", isTillMessage) }
      : areaMessagesOf(context, "shops")),
    nav: shop ? { shopId: shop.id, role: shop.role } : null,
  };
}

/** Leaving the till, the layout loads the area's whole text for the page that follows. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if (currentUrl.pathname === TILL_PATH && nextUrl.pathname !== TILL_PATH) return true;
  return defaultShouldRevalidate;
}

/** The frame of shophub's pages: the way back, and the shop's tools the member may open. */
export default function ShopsLayout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="container py-4" data-testid="shops-area">
      <p className="small mb-2">
        <Link to="/shophub#my-shops">← {t("shops.backToShophub")}</Link>
      </p>
      {loaderData.nav && <ShophubNav shopId={loaderData.nav.shopId} role={loaderData.nav.role} />}
      <Outlet />
    </div>
  );
}
