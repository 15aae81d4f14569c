import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import {
  chunkFailureStore,
  guardRouteModuleReloads,
  reloadAfterChunkError,
} from "./lib/chunk-reload";
import { setFallbackMessages } from "./lib/i18n";
import { isFrameText, loadMessages } from "./lib/i18n/message-registry";
import { BUILD_META, reloadOnStaleBuild } from "./lib/stale-build";
import { loadMemberHeader, MEMBER_HEADER_MARK } from "./layout/member-header-slot";

// Vite fires this when a lazily loaded chunk (e.g. of a newer deployment) fails to load.
window.addEventListener("vite:preloadError", (event) => {
  if (reloadAfterChunkError(sessionStorage, () => window.location.reload())) event.preventDefault();
});

guardRouteModuleReloads(console, sessionStorage, Date.now, () => chunkFailureStore.set(true));
chunkFailureStore.clearOnNextNavigation(document, window);

// A tab left open across a deployment loads its next page afresh rather than reading the newer
// server's data with this build's code. Read at each request: the build the page names.
reloadOnStaleBuild(
  window,
  () => document.querySelector<HTMLMetaElement>(`meta[name="${BUILD_META}"]`)?.content,
  sessionStorage,
);

// The page's interface text (preloaded by the root layout) is at hand before hydration, which
// must render exactly the server's HTML: waiting for it mid-hydration is an error in React. A
// page without the frame's text (its root loader failed: an error page) was rendered with the
// bundled fallback text, which only such a page loads.
const texts = [
  ...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][href^="/i18n/"]'),
].map((link) => ({ href: link.getAttribute("href") ?? "" }));
const loading: Promise<unknown>[] = texts.map(loadMessages);
if (!texts.some(isFrameText)) {
  loading.push(
    import("./lib/i18n/fallback-messages").then(({ FALLBACK_MESSAGES }) =>
      setFallbackMessages(FALLBACK_MESSAGES),
    ),
  );
}

// A member's page has the header's member part, a chunk of its own: at hand before hydration
// for the same reason.
if (document.querySelector(`[${MEMBER_HEADER_MARK}]`)) loading.push(loadMemberHeader());

void Promise.allSettled(loading).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
  // The site's own analytics, only with the visitor's opt-in (the consent cookie, decision
  // 0076) and never on the till: a chunk of its own, loaded once the page is interactive and
  // the browser idle. The server stores nothing without the opt-in in any case.
  if (
    /(^|; )consent=1\.1\./.test(document.cookie) &&
    !location.pathname.startsWith("/shophub/sell")
  )
    (window.requestIdleCallback ?? setTimeout)(() => {
      void import("./features/analytics/beacon").then(({ startAnalytics }) => startAnalytics());
    });
});
