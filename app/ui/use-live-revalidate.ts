import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useFetchers, useNavigation, useRevalidator } from "react-router";
import { useOnlineStatus } from "./use-online-status";

/*
 * One EventSource per URL for the whole page, however many components ask for it (the
 * layout and a page may both do): each event reloads the page's data once.
 */
interface SharedSource {
  source: EventSource;
  subscribers: Set<() => void>;
  retry?: ReturnType<typeof setTimeout>;
}
const sources = new Map<string, SharedSource>();

const RETRY_MIN_MS = 5_000;
const RETRY_MAX_MS = 60_000;

function connect(url: string, shared: SharedSource, eventName: string, failures = 0): EventSource {
  const source = new EventSource(url);
  // Any subscriber's revalidation reloads every route of the page; one is enough.
  const revalidate = () => shared.subscribers.values().next().value?.();
  source.addEventListener(eventName, revalidate);
  // After a reconnection the page may have missed changes: reload its data once.
  if (failures > 0) source.addEventListener("open", revalidate, { once: true });
  // EventSource reconnects by itself after a dropped connection, but gives up for good when
  // the server answers with an error, such as the 503 while its database restarts. Try again
  // later ourselves, less often each time (a page whose stream the server ends on purpose
  // costs one request a minute).
  source.addEventListener("error", () => {
    if (source.readyState !== EventSource.CLOSED || sources.get(url) !== shared) return;
    const delay = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** failures);
    shared.retry = setTimeout(() => {
      if (sources.get(url) === shared)
        shared.source = connect(url, shared, eventName, failures + 1);
    }, delay);
  });
  return source;
}

function subscribe(url: string, onEvent: () => void, eventName: string): () => void {
  let shared = sources.get(url);
  if (!shared) {
    const created = { subscribers: new Set() } as unknown as SharedSource;
    sources.set(url, created);
    created.source = connect(url, created, eventName);
    shared = created;
  }
  shared.subscribers.add(onEvent);
  const current = shared;
  return () => {
    current.subscribers.delete(onEvent);
    if (current.subscribers.size === 0) {
      clearTimeout(current.retry);
      current.source.close();
      sources.delete(url);
    }
  };
}

/** Whether the server answers now (its health check: up, and its database too). */
async function serverAnswers(): Promise<boolean> {
  try {
    const response = await fetch("/healthz", {
      cache: "no-store",
      signal: AbortSignal.timeout(10_000),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Reloads the page's loader data when the server sends `eventName` on the event stream at
 * `url` (null: not connected). It waits while a form is being submitted or data is loading,
 * and while the browser is offline, then reloads once. EventSource reconnects by itself after
 * a network drop.
 *
 * Offline, a reload fails for every route, the root's included, and the site's error page
 * takes the page's place: a till whose sale's answer was lost while the sale's own stock event
 * still arrived lost its bill and pay dialog that way (issue 32.5).
 */
export function useLiveRevalidate(url: string | null, eventName: string): void {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const online = useOnlineStatus();
  const busy =
    !online ||
    navigation.state !== "idle" ||
    revalidator.state !== "idle" ||
    fetchers.some((fetcher) => fetcher.state !== "idle");
  // An event that arrived while busy: reload once the page is idle again.
  const missed = useRef(false);
  const probeFailures = useRef(0);
  const retry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Each planned try after a failed probe: the effect below reloads when the page is idle.
  const [retries, setRetries] = useState(0);
  const revalidate = useEffectEvent(() => {
    // The flag may have turned since the last render: wait for the "online" event then.
    if (!navigator.onLine) {
      missed.current = true;
      return;
    }
    // The "online" event comes as the interface is up, often before requests get through, and
    // a reload that fails puts the error page in place of the page (a till's open payment
    // among it). A background reload waits for the server to answer first, and tries again
    // later, less often each time, while it does not.
    void serverAnswers().then((answers) => {
      if (answers) {
        probeFailures.current = 0;
        void revalidator.revalidate();
        return;
      }
      probeFailures.current += 1;
      missed.current = true;
      clearTimeout(retry.current);
      retry.current = setTimeout(
        () => setRetries((n) => n + 1),
        Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** (probeFailures.current - 1)),
      );
    });
  });

  const onEvent = useEffectEvent(() => {
    if (busy) missed.current = true;
    else revalidate();
  });

  useEffect(() => {
    if (!url || typeof EventSource === "undefined") return;
    const unsubscribe = subscribe(url, () => onEvent(), eventName);
    return () => {
      clearTimeout(retry.current);
      unsubscribe();
    };
  }, [url, eventName]);

  useEffect(() => {
    if (busy || !missed.current) return;
    missed.current = false;
    revalidate();
  }, [busy, retries]);
}
