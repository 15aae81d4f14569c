import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { appContext } from "~/context";
import { adminMeta } from "~/layout/admin-page";
import type { MessageKey } from "~/lib/i18n";
import { useT } from "~/lib/i18n/use-translation";
import { getAdminOverview } from "~/modules/admin/index.server";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  return { overview: await getAdminOverview(db) };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  adminMeta(matches, location.pathname, "admin.dashboard.title");

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const o = loaderData.overview;
  const cards: { to: string; title: MessageKey; lines: string[]; testId: string }[] = [
    {
      to: "/admin/users",
      title: "admin.nav.users",
      lines: [
        t("admin.dashboard.users", { count: o.users }),
        t("admin.dashboard.admins", { count: o.admins }),
        t("admin.dashboard.disabled", { count: o.disabled }),
      ],
      testId: "dashboard-users",
    },
    {
      to: "/admin/outbox",
      title: "admin.nav.outbox",
      lines: [
        t("admin.dashboard.outboxPending", { count: o.outboxPending }),
        t("admin.dashboard.outboxFailed", { count: o.outboxFailed }),
      ],
      testId: "dashboard-outbox",
    },
    {
      to: "/admin/messages",
      title: "admin.nav.messages",
      lines: [t("admin.dashboard.unreadMessages", { count: o.unreadMessages })],
      testId: "dashboard-messages",
    },
    {
      to: "/admin/notice",
      title: "admin.nav.notices",
      lines: [t("admin.dashboard.activeNotices", { count: o.activeNotices })],
      testId: "dashboard-notices",
    },
  ];
  return (
    <>
      <h1 className="h2">{t("admin.dashboard.title")}</h1>
      <p className="text-secondary">{t("admin.dashboard.lead")}</p>
      <div className="row g-3">
        {cards.map((card) => (
          <div key={card.to} className="col-sm-6 col-lg-3">
            <section className="card h-100" data-testid={card.testId}>
              <div className="card-body">
                <h2 className="h5 card-title">
                  <Link to={card.to} className="stretched-link">
                    {t(card.title)}
                  </Link>
                </h2>
                {card.lines.map((line) => (
                  <p key={line} className="card-text mb-1">
                    {line}
                  </p>
                ))}
              </div>
            </section>
          </div>
        ))}
      </div>
    </>
  );
}
