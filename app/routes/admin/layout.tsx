import { NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import type { MessageKey } from "~/lib/i18n";
import { areaMessagesOf } from "~/lib/i18n/messages.server";
import { useT } from "~/lib/i18n/use-translation";
import { adminGate, memberOf } from "~/routes/_gates/member.server";

const TABS: { to: string; label: MessageKey; end?: boolean }[] = [
  { to: "/admin", label: "admin.nav.dashboard", end: true },
  { to: "/admin/users", label: "admin.nav.users" },
  { to: "/admin/outbox", label: "admin.nav.outbox" },
  { to: "/admin/messages", label: "admin.nav.messages" },
  { to: "/admin/notice", label: "admin.nav.notices" },
  { to: "/admin/analytics", label: "admin.nav.analytics" },
  { to: "/admin/settings", label: "admin.nav.settings" },
];

// Administrators only, for every loader and action under /admin: visitors are sent to sign
// in, members get 403, before any of them runs.
export const middleware: Route.MiddlewareFunction[] = [adminGate];

export function loader({ context }: Route.LoaderArgs) {
  const admin = memberOf(context);
  return { adminName: admin.name, ...areaMessagesOf(context, "admin") };
}

/** The admin area's frame: who is signed in and the tabs between its pages. */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="container py-4" data-testid="admin-area">
      <p className="small text-secondary mb-2">
        {t("admin.area")} · {t("admin.signedInAs", { name: loaderData.adminName })}
      </p>
      <nav aria-label={t("admin.nav.label")}>
        <ul className="nav nav-tabs mb-4 flex-nowrap overflow-auto text-nowrap">
          {TABS.map((tab) => (
            <li key={tab.to} className="nav-item">
              <NavLink
                to={tab.to}
                end={tab.end}
                className="nav-link"
                data-testid={`admin-tab-${tab.to.split("/")[2] ?? "dashboard"}`}
              >
                {t(tab.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
