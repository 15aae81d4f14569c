import { useEffect, useState } from "react";

/*
 * The till asks the browser to keep it working offline (issue 34, decision 0071): it registers
 * the site's service worker (public/sw.js), fetches the parts it loads only on demand so that
 * they are kept too, and asks for persistent storage, so that the browser does not clear the
 * queued sales when space runs low. Production builds only: in development Vite serves
 * changing modules that must not be kept.
 */

export type PersistState = "unknown" | "granted" | "refused" | "unsupported";

export function useTillServiceWorker(warm: readonly (() => unknown)[]): PersistState {
  const [persist, setPersist] = useState<PersistState>("unknown");
  useEffect(() => {
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    let alive = true;
    void navigator.serviceWorker
      .register("/sw.js", { scope: "/", updateViaCache: "none" })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        // What loaded before the worker took control (the page itself, its scripts and styles
        // on a first visit): the worker keeps each by its rules.
        const loaded = performance.getEntriesByType("resource").map((entry) => entry.name);
        registration.active?.postMessage({ keep: [location.href, ...loaded] });
        for (const load of warm) load();
      })
      .catch(() => {
        // No worker (a private window, a browser that refuses it): the till sells online.
      });
    const storage = navigator.storage;
    if (!storage?.persist) {
      void Promise.resolve().then(() => alive && setPersist("unsupported"));
    } else {
      void storage
        .persisted()
        .then((already) => (already ? true : storage.persist()))
        .then((granted) => alive && setPersist(granted ? "granted" : "refused"))
        .catch(() => alive && setPersist("unsupported"));
    }
    return () => {
      alive = false;
    };
    // The parts to fetch are fixed for the page's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return persist;
}
