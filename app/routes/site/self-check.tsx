import { useSyncExternalStore } from "react";
import type { Route } from "./+types/self-check";
import { appContext } from "~/context";
import { isDatabaseReachable } from "~/db/migrate.server";
import { formatDateTimeLong } from "~/lib/dates";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { buildMeta, siteFromMatches, siteTranslate } from "~/lib/seo";
import { useOnlineStatus } from "~/ui/use-online-status";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, version } = context.get(appContext);
  return { version, serverOk: await isDatabaseReachable(db), serverTime: new Date().toISOString() };
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const site = siteFromMatches(matches);
  const t = siteTranslate(site);
  return buildMeta(site, {
    title: t("selfCheck.title"),
    description: t("selfCheck.lead"),
    path: location.pathname,
  });
};

interface BrowserChecks {
  push: boolean;
}

let cachedChecks: BrowserChecks | undefined;
const subscribeNever = () => () => {};

/** What only the browser can tell: push support. */
function readBrowserChecks(): BrowserChecks {
  if (cachedChecks) return cachedChecks;
  cachedChecks = {
    push: "serviceWorker" in navigator && "PushManager" in window && "Notification" in window,
  };
  return cachedChecks;
}

export default function SelfCheck({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const online = useOnlineStatus();
  // null while rendered on the server (and during hydration): only the browser knows.
  const checks = useSyncExternalStore(subscribeNever, readBrowserChecks, () => null);
  const rows: { id: string; label: string; value: string; ok?: boolean }[] = [
    { id: "version", label: t("selfCheck.version"), value: loaderData.version },
    {
      id: "server",
      label: t("selfCheck.server"),
      value: loaderData.serverOk ? t("selfCheck.serverOk") : t("error.serverError"),
      ok: loaderData.serverOk,
    },
    {
      id: "time",
      label: t("selfCheck.time"),
      value: formatDateTimeLong(loaderData.serverTime, lang),
    },
    {
      id: "javascript",
      label: t("selfCheck.javascript"),
      value: checks ? t("selfCheck.javascriptOn") : t("selfCheck.javascriptOff"),
      ok: checks !== null,
    },
    {
      id: "connection",
      label: t("selfCheck.connection"),
      value: online ? t("selfCheck.online") : t("selfCheck.offline"),
      ok: online,
    },
    {
      id: "push",
      label: t("selfCheck.push"),
      value: checks
        ? checks.push
          ? t("selfCheck.pushYes")
          : t("selfCheck.pushNo")
        : t("selfCheck.checking"),
      ok: checks?.push,
    },
    {
      id: "analytics",
      label: t("selfCheck.analytics"),
      // The site runs no analytics or tracking at all, so this is a fact, not a browser check.
      value: t("selfCheck.analyticsNone"),
    },
  ];
  return (
    <div className="container py-5">
      <h1>{t("selfCheck.title")}</h1>
      <p className="lead">{t("selfCheck.lead")}</p>
      <dl className="row self-check">
        {rows.map((row) => (
          <div key={row.id} className="col-12 d-flex border-bottom py-2" data-check={row.id}>
            <dt className="col-5 col-md-3 fw-semibold">{row.label}</dt>
            <dd className="col mb-0">
              {row.ok !== undefined && (
                <span
                  className={`status-dot ${row.ok ? "status-dot--ok" : "status-dot--off"}`}
                  aria-hidden="true"
                />
              )}
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
