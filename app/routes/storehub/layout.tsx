import { Outlet, NavLink } from "react-router";
import type { Route } from "./+types/layout";
import type { MessageKey } from "~/lib/i18n";
import { areaMessagesOf } from "~/lib/i18n/messages.server";
import { useT } from "~/lib/i18n/use-translation";
import { STOCK_WRITERS } from "~/modules/stock/index.server";
import { LiveStock } from "~/features/storehub/live-stock";
import { GuideMount } from "~/features/first-sale/guide-mount";
import { walkthroughOf } from "~/routes/shophub/guide-data.server";
import { storehubGate, storehubVisitOf } from "~/routes/_gates/storehub.server";

const TABS: {
  to: `/${string}`;
  label: MessageKey;
  end?: boolean;
  writersOnly?: boolean;
}[] = [
  { to: "/storehub", label: "storehub.nav.overview", end: true },
  { to: "/storehub/inout", label: "storehub.nav.inout", writersOnly: true },
  { to: "/storehub/storage", label: "storehub.nav.storage" },
  { to: "/storehub/add", label: "storehub.nav.add", writersOnly: true },
  { to: "/storehub/variants", label: "storehub.nav.variants", writersOnly: true },
  { to: "/storehub/recipes", label: "storehub.nav.recipes", writersOnly: true },
  { to: "/storehub/edit", label: "storehub.nav.edit", writersOnly: true },
  { to: "/storehub/delete", label: "storehub.nav.delete", writersOnly: true },
  { to: "/storehub/import", label: "storehub.nav.import", writersOnly: true },
];

// Every loader and action under /storehub runs behind the area's gate (member, active shop,
// role, the form's shop), resolved once per request before any of them.
export const middleware: Route.MiddlewareFunction[] = [storehubGate];

/** The storehub area: its texts, and the member's active shop for the tabs. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const visit = await storehubVisitOf(context, request);
  const active = visit.kind === "shop" ? visit.access.active : null;
  return {
    ...areaMessagesOf(context, "storehub"),
    shop: active
      ? {
          id: active.shop.id,
          name: active.shop.name,
          role: active.role,
          canWrite: STOCK_WRITERS.includes(active.role),
        }
      : null,
    // The guided first sale's step on storehub (adding an item), when a walkthrough runs.
    walkthrough: await walkthroughOf(
      context,
      active ? { id: active.shop.id, role: active.role } : null,
    ),
  };
}

export default function StorehubLayout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { shop } = loaderData;
  return (
    <div className="container py-4" data-testid="storehub-area">
      {shop && (
        <>
          {/* Every storehub page of a shop follows its stock live (SSE). */}
          <LiveStock />
          <p className="small text-secondary mb-2">
            {t("storehub.area")} · <span data-testid="storehub-shop-name">{shop.name}</span>
          </p>
          <nav aria-label={t("storehub.nav.label")}>
            <ul className="nav nav-tabs mb-4 flex-nowrap overflow-auto text-nowrap">
              {TABS.filter((tab) => shop.canWrite || !tab.writersOnly).map((tab) => (
                <li key={tab.to} className="nav-item">
                  <NavLink
                    prefetch="intent"
                    viewTransition
                    to={tab.to}
                    end={tab.end}
                    className="nav-link"
                  >
                    {t(tab.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </>
      )}
      <Outlet />
      <GuideMount data={loaderData.walkthrough} />
    </div>
  );
}
