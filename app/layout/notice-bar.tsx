import { useEffect, useState, useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import { useT } from "~/lib/i18n/use-translation";
import type { NoticeLevel, PublicNotice } from "~/modules/notices";
import { useNonce } from "~/ui/nonce";

const POLL_MS = 30_000;
// Whole class names: the till's stylesheet keeps only the names its source files contain
// (scripts/purge-css.ts).
const ALERT_CLASS: Record<NoticeLevel, string> = {
  info: "alert-info",
  warning: "alert-warning",
  danger: "alert-danger",
};
const PREFIX = "notice-dismissed:";
// Hides dismissed notices before the page is painted, instead of after hydration. Only the
// server's HTML carries it: a script React puts in the page later never runs, so the browser's
// bundle leaves the text out (the home page's own-JavaScript budget, bench/site.ts).
const HIDE_DISMISSED = !import.meta.env.SSR
  ? ""
  : `for(const e of document.querySelectorAll("[data-notice]"))try{if(localStorage.getItem("${PREFIX}"+e.dataset.notice)!==null)e.hidden=true}catch(_){}`;

/** An edited notice gets a new key, so it shows again to those who closed the old text. */
const keyOf = (notice: PublicNotice) => `${notice.id}:${Date.parse(notice.updatedAt)}`;

// When storage is blocked, a dismissal still lasts until the page is reloaded.
const closedHere = new Set<string>();
const listeners = new Set<() => void>();

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  window.addEventListener("storage", onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("storage", onChange);
  };
}

function isDismissed(key: string): boolean {
  try {
    return closedHere.has(key) || localStorage.getItem(PREFIX + key) !== null;
  } catch {
    return closedHere.has(key);
  }
}

function dismiss(notice: PublicNotice) {
  closedHere.add(keyOf(notice));
  try {
    // Forget older versions of this notice.
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(`${PREFIX}${notice.id}:`)) localStorage.removeItem(key);
    }
    localStorage.setItem(PREFIX + keyOf(notice), "1");
  } catch {
    // storage blocked: closedHere covers this page view
  }
  for (const listener of listeners) listener();
}

/**
 * The site-wide notices under the header. They come with the page (root loader) and are
 * refreshed from /api/notices every 30 s while the tab is visible, so a new notice shows up
 * within a minute without a reload.
 */
export function NoticeBar() {
  const t = useT();
  const nonce = useNonce();
  const initial = (useRouteLoaderData("root") as { notices?: PublicNotice[] } | undefined)?.notices;
  // Polled notices replace the page's own until the root loader brings newer ones.
  const [polled, setPolled] = useState<{ base: typeof initial; list: PublicNotice[] }>();
  const notices = (polled && polled.base === initial ? polled.list : initial) ?? [];
  const dismissed = useSyncExternalStore(
    subscribe,
    () => notices.map(keyOf).filter(isDismissed).join(" "),
    () => "",
  ).split(" ");

  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const refresh = () =>
      fetch("/api/notices", { cache: "no-store" })
        .then((response) => (response.ok ? response.json() : null))
        .then((body: { notices?: PublicNotice[] } | null) => {
          if (body?.notices) setPolled({ base: initial, list: body.notices });
        })
        .catch(() => {});
    const schedule = () => {
      clearInterval(timer);
      if (document.visibilityState === "visible") timer = setInterval(refresh, POLL_MS);
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === "visible") void refresh();
      schedule();
    };
    schedule();
    document.addEventListener("visibilitychange", onVisibilityChange);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibilityChange);
    };
  }, [initial]);

  const shown = notices.filter((notice) => !dismissed.includes(keyOf(notice)));
  return (
    <div aria-live="polite" data-testid="notice-bar">
      {notices.length > 0 && (
        <div className="container">
          {shown.map((notice) => (
            <div
              key={keyOf(notice)}
              className={`alert ${ALERT_CLASS[notice.level]} alert-dismissible mt-3 mb-0`}
              data-notice={keyOf(notice)}
              data-testid="notice"
            >
              <strong className="d-block">{notice.title}</strong>
              <span style={{ whiteSpace: "pre-line" }}>{notice.body}</span>
              <button
                type="button"
                className="btn-close"
                aria-label={t("notice.close")}
                onClick={() => dismiss(notice)}
              />
            </div>
          ))}
          <script
            nonce={nonce}
            suppressHydrationWarning
            dangerouslySetInnerHTML={{ __html: HIDE_DISMISSED }}
          />
        </div>
      )}
    </div>
  );
}
