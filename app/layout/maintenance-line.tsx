import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import type { Lang } from "~/lib/i18n";

/** How often a page left open asks for its copy of the settings (fetched at most every 12 h). */
const RECHECK_MS = 60 * 60 * 1000;

/**
 * The admin's line on top of every page (site settings, decision 0079): the server renders the
 * value of that moment; a page left open (client-side navigations do not load the root again)
 * takes a newer one from the browser's copy of the public settings (app/features/remote-config/remote-config.ts),
 * loaded after the page is idle. Not on the till (the counter frame has none).
 */
export function MaintenanceLine() {
  const root = useRouteLoaderData("root") as
    { lang: Lang; maintenance: string | null; renderedAt: number } | undefined;
  const [line, setLine] = useState<{ text: string | null; at: number } | null>(null);
  const lang = root?.lang ?? "th";
  const renderedAt = root?.renderedAt ?? 0;
  useEffect(() => {
    let alive = true;
    const check = () =>
      void import("~/features/remote-config/remote-config")
        .then(({ publicConfig }) => publicConfig())
        .then((copy) => {
          if (!alive || !copy || copy.fetchedAt <= renderedAt) return;
          const maintenance = copy.config.maintenance;
          setLine({ text: maintenance ? maintenance[lang] : null, at: copy.fetchedAt });
        })
        .catch(() => {});
    const idle = window.setTimeout(check, 3_000);
    const timer = window.setInterval(check, RECHECK_MS);
    return () => {
      alive = false;
      window.clearTimeout(idle);
      window.clearInterval(timer);
    };
  }, [lang, renderedAt]);
  const text = line && line.at > renderedAt ? line.text : (root?.maintenance ?? null);
  if (!text) return null;
  return (
    <div
      className="alert alert-warning rounded-0 mb-0 py-2 text-center"
      role="status"
      data-testid="maintenance-line"
    >
      {text}
    </div>
  );
}
