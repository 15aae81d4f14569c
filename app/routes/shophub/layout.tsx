import { Link, Outlet, useMatches, type ShouldRevalidateFunctionArgs } from "react-router";
import type { ShopRole } from "~/modules/shops";
import type { Route } from "./+types/layout";
import { GuideCardMount, GuideMount } from "~/features/first-sale/guide-mount";
import {
  offersGuide,
  SAMPLE_OUTCOMES,
  type SampleOutcome,
} from "~/features/first-sale/guide-offer";
import { ShophubNav } from "~/features/shops/shophub-nav";
import { frameOf } from "~/layout/frame";
import { appContext } from "~/context";
import { langOf } from "~/lib/i18n/lang.server";
import { areaMessagesOf, areaPartMessagesFor } from "~/lib/i18n/messages.server";
import { useT } from "~/lib/i18n/use-translation";
import { activeShopOf } from "~/routes/_gates/session.server";
import { shophubGate } from "~/routes/_gates/shophub.server";
import { memberOf } from "~/routes/_gates/member.server";
import { GUIDE_ROLES, guideOfferOf, SAMPLE_ROLES } from "~/modules/guide/index.server";
import { walkthroughOf } from "./guide-data.server";
import { TILL_PATH } from "~/lib/i18n/till-messages";

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
      ? { areaMessages: areaPartMessagesFor(langOf(context), "till") }
      : areaMessagesOf(context, "shops")),
    nav: shop ? { shopId: shop.id, role: shop.role } : null,
    // The guided first sale: its walkthrough when one runs, its offer on the dashboard.
    walkthrough: await walkthroughOf(context, shop),
    guideOffer: await guideOfferFor(context, shop, url),
  };
}

async function guideOfferFor(
  context: Route.LoaderArgs["context"],
  shop: { id: string; role: ShopRole } | null,
  url: URL,
) {
  if (!shop || url.pathname !== "/shophub/dashboard" || !GUIDE_ROLES.includes(shop.role)) {
    return null;
  }
  const { db } = context.get(appContext);
  const canSample = SAMPLE_ROLES.includes(shop.role);
  const offer = await guideOfferOf(db, {
    shopId: shop.id,
    userId: memberOf(context).id,
    role: shop.role,
  });
  const sent = url.searchParams.get("samples");
  const outcome =
    canSample && (SAMPLE_OUTCOMES as readonly string[]).includes(sent ?? "")
      ? (sent as SampleOutcome)
      : null;
  const data = {
    shopId: shop.id,
    canSample,
    newShop: offer.newShop,
    samples: offer.samples,
    activeSamples: offer.activeSamples,
    running: offer.guide.status === "active",
    outcome,
  };
  return offersGuide(data, outcome) ? data : null;
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

/**
 * The frame of shophub's pages: the way back, and the shop's tools the member may open. A
 * counter (the till) places the tools itself, beside its bill, and needs no way back above
 * it: its screen is for selling (decision 0070).
 */
export default function ShopsLayout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const counter = frameOf(useMatches()) === "counter";
  return (
    <div className={counter ? "container-xxl py-2" : "container py-4"} data-testid="shops-area">
      {/* The way back is no part of a printed page (the reports, the shift report). */}
      {!counter && (
        <p className="small mb-2 d-print-none">
          <Link to="/shophub#my-shops">← {t("shops.backToShophub")}</Link>
        </p>
      )}
      {loaderData.nav && !counter && (
        <ShophubNav shopId={loaderData.nav.shopId} role={loaderData.nav.role} />
      )}
      <GuideCardMount offer={loaderData.guideOffer} />
      <Outlet />
      <GuideMount data={loaderData.walkthrough} />
    </div>
  );
}
