/** The seed's rule: a failed code-chunk load reloads the page, at most once per 60 seconds. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
const STORAGE_KEY = "chunk-reload-at";

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? "");
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

/**
 * Reloads once when a chunk of a newer (or older) deployment cannot be loaded. Returns
 * whether it reloaded; within the guard window it does not, so a broken deploy cannot
 * cause a reload loop. Offline it does not either: the chunk is missing because the network
 * is, and a reload would throw away what the page holds (a till's open bill) for nothing.
 */
export function reloadAfterChunkError(
  storage: Pick<Storage, "getItem" | "setItem">,
  reload: () => void,
  now: number = Date.now(),
  online: boolean = typeof navigator === "undefined" || navigator.onLine !== false,
): boolean {
  if (!online) return false;
  const last = Number(storage.getItem(STORAGE_KEY) ?? 0);
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(STORAGE_KEY, String(now));
  reload();
  return true;
}

const ROUTE_MODULE_FAILURE = "Error loading route module";

export class ChunkReloadSuppressedError extends Error {
  constructor() {
    super("Failed to fetch dynamically imported module (reload suppressed)");
    this.name = "ChunkReloadSuppressedError";
  }
}

/**
 * React Router reloads the page whenever a route module fails to import, with no limit, so a
 * broken deployment would reload forever. It logs "Error loading route module" right before
 * calling location.reload(); that is the one place we can veto it. Within the guard window we
 * throw instead, the navigation fails, and the error page offers a manual reload.
 */
export function guardRouteModuleReloads(
  target: Pick<Console, "error">,
  storage: Pick<Storage, "getItem" | "setItem">,
  now: () => number = Date.now,
  onSuppressed: () => void = () => {},
): void {
  const original = target.error.bind(target);
  target.error = (...args: unknown[]) => {
    original(...args);
    if (typeof args[0] === "string" && args[0].startsWith(ROUTE_MODULE_FAILURE)) {
      const allowed = reloadAfterChunkError(storage, () => {}, now());
      if (!allowed) {
        // React Router renders nothing for a route whose module failed; the shell shows why.
        onSuppressed();
        throw new ChunkReloadSuppressedError();
      }
    }
  };
}

// A tiny store the page shell reads (useSyncExternalStore) to show the failure.
let chunkFailed = false;
const listeners = new Set<() => void>();

export const chunkFailureStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: () => chunkFailed,
  getServerSnapshot: () => false,
  set(value: boolean) {
    if (chunkFailed === value) return;
    chunkFailed = value;
    for (const listener of listeners) listener();
  },
  /**
   * The visitor's next move (a link, a form, back or forward) gets a fresh chance to load its
   * code. Tied to the visitor's action rather than to React's navigation state, which can
   * report the start of the failed navigation only after the failure was recorded.
   */
  clearOnNextNavigation(
    target: Pick<Document, "addEventListener">,
    history: Pick<Window, "addEventListener">,
  ) {
    const clear = (event: Event) => {
      if (event.type !== "click" || (event.target as Element | null)?.closest?.("a[href]")) {
        chunkFailureStore.set(false);
      }
    };
    target.addEventListener("click", clear, true);
    target.addEventListener("submit", clear, true);
    history.addEventListener("popstate", clear);
  },
};
