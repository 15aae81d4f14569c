import type { PublicConfig } from "~/modules/settings";

/*
 * The browser's copy of the site's public settings (issue 36, decision 0079), the remote config
 * of the hosted backend the site replaced: fetched from /api/config at most every 12 hours and
 * kept in localStorage; a fetch gives up after 60 seconds, and then (or offline, or on an error)
 * the last values the browser had stand. Loaded on demand (a chunk of its own), never by the
 * till.
 */

export const CONFIG_MAX_AGE_MS = 12 * 60 * 60 * 1000;
export const CONFIG_TIMEOUT_MS = 60_000;
const STORAGE_KEY = "remote-config";

export interface ConfigCopy {
  /** When this browser fetched it (ms since the epoch). */
  fetchedAt: number;
  config: PublicConfig;
}

function readCopy(): ConfigCopy | null {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "null") as ConfigCopy | null;
    return stored && typeof stored.fetchedAt === "number" && stored.config ? stored : null;
  } catch {
    return null;
  }
}

let inFlight: Promise<ConfigCopy | null> | null = null;

/** The public settings: the kept copy while under 12 hours old, else fetched (else the copy). */
export function publicConfig(now = Date.now()): Promise<ConfigCopy | null> {
  const kept = readCopy();
  if (kept && now - kept.fetchedAt < CONFIG_MAX_AGE_MS && kept.fetchedAt <= now) {
    return Promise.resolve(kept);
  }
  inFlight ??= fetch("/api/config", {
    headers: { Accept: "application/json" },
    credentials: "omit",
    signal: AbortSignal.timeout(CONFIG_TIMEOUT_MS),
  })
    .then(async (answer) => {
      if (!answer.ok) throw new Error(`config: HTTP ${answer.status}`);
      const copy: ConfigCopy = {
        fetchedAt: Date.now(),
        config: (await answer.json()) as PublicConfig,
      };
      try {
        localStorage.setItem(STORAGE_KEY, JSON.stringify(copy));
      } catch {
        // Storage full or blocked: the values serve this page only.
      }
      return copy;
    })
    .catch(() => kept)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}
