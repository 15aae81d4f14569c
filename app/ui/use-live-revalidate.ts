import { useEffect, useEffectEvent, useRef } from "react";
import { useFetchers, useNavigation, useRevalidator } from "react-router";

/*
 * One EventSource per URL for the whole page, however many components ask for it (the
 * storehub layout and a page may both do): each event reloads the page's data once.
 */
interface SharedSource {
  source: EventSource;
  subscribers: Set<() => void>;
}
const sources = new Map<string, SharedSource>();

function subscribe(url: string, onEvent: () => void, eventName: string): () => void {
  let shared = sources.get(url);
  if (!shared) {
    const source = new EventSource(url);
    const created: SharedSource = { source, subscribers: new Set() };
    // Any subscriber's revalidation reloads every route of the page; one is enough.
    source.addEventListener(eventName, () => created.subscribers.values().next().value?.());
    shared = created;
    sources.set(url, shared);
  }
  shared.subscribers.add(onEvent);
  const current = shared;
  return () => {
    current.subscribers.delete(onEvent);
    if (current.subscribers.size === 0) {
      current.source.close();
      sources.delete(url);
    }
  };
}

/**
 * Reloads the page's loader data when the server sends `eventName` on the event stream at
 * `url` (null: not connected). It waits while a form is being submitted or data is loading,
 * then reloads once. EventSource reconnects by itself after a network drop.
 */
export function useLiveRevalidate(url: string | null, eventName = "stock"): void {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy =
    navigation.state !== "idle" ||
    revalidator.state !== "idle" ||
    fetchers.some((fetcher) => fetcher.state !== "idle");
  // An event that arrived while busy: reload once the page is idle again.
  const missed = useRef(false);
  const revalidate = useEffectEvent(() => void revalidator.revalidate());

  const onEvent = useEffectEvent(() => {
    if (busy) missed.current = true;
    else revalidate();
  });

  useEffect(() => {
    if (!url || typeof EventSource === "undefined") return;
    return subscribe(url, () => onEvent(), eventName);
  }, [url, eventName]);

  useEffect(() => {
    if (busy || !missed.current) return;
    missed.current = false;
    revalidate();
  }, [busy]);
}
