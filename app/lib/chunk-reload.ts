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
 * cause a reload loop.
 */
export function reloadAfterChunkError(
  storage: Pick<Storage, "getItem" | "setItem">,
  reload: () => void,
  now: number = Date.now(),
): boolean {
  const last = Number(storage.getItem(STORAGE_KEY) ?? 0);
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(STORAGE_KEY, String(now));
  reload();
  return true;
}
