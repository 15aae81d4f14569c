import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from "web-vitals";
import type { BeaconEvent } from "~/modules/analytics";

/** The analytics endpoint (BEACON_PATH of app/modules/analytics; here, no shared chunk for it). */
const BEACON_PATH = "/api/analytics";

/*
 * The browser's half of the site's own analytics (decision 0076), loaded by entry.client.tsx
 * after the page is interactive, only with the visitor's opt-in. It reports each navigation's
 * path (the server keeps only its route's pattern) and the Web Vitals of the page load with
 * `sendBeacon`, batched: when the page is hidden or left, or when a batch is full. Global
 * Privacy Control and Do Not Track stop it here too (the server refuses them in any case).
 */

const MAX_BATCH = 10;
let queue: BeaconEvent[] = [];
let lastPath = "";

function flush() {
  if (queue.length === 0) return;
  navigator.sendBeacon(BEACON_PATH, JSON.stringify({ v: 1, e: queue }));
  queue = [];
}

function add(event: BeaconEvent) {
  queue.push(event);
  if (queue.length >= MAX_BATCH) flush();
}

function device(): "m" | "t" | "d" {
  const width = innerWidth;
  return width < 768 ? "m" : width < 1200 ? "t" : "d";
}

/** The other site this visitor came from, on the page they landed on. */
function referrerHost(): string {
  try {
    const host = document.referrer ? new URL(document.referrer).host : "";
    return host === location.host ? "" : host;
  } catch {
    return "";
  }
}

function pageView(referrer: string) {
  const path = location.pathname;
  if (path === lastPath) return;
  lastPath = path;
  add({ t: "pv", p: path, r: referrer, d: device(), l: document.documentElement.lang });
}

export function startAnalytics(): void {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (nav.globalPrivacyControl || nav.doNotTrack === "1") return;
  const landing = location.pathname;
  pageView(referrerHost());
  // The page's own navigations (React Router changes the address without a new document).
  const changed = () => setTimeout(() => pageView(""));
  addEventListener("popstate", changed);
  (window as { navigation?: EventTarget }).navigation?.addEventListener("navigatesuccess", changed);
  addEventListener("click", changed, true);
  const report = (metric: Metric) => add({ t: metric.name, p: landing, v: metric.value });
  onLCP(report);
  onINP(report);
  onCLS(report);
  onFCP(report);
  onTTFB(report);
  addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });
  addEventListener("pagehide", flush);
}
