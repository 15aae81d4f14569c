import { describe, expect, it, vi } from "vitest";
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, reloadAfterChunkError } from "./chunk-reload";

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

describe("reloading after a failed chunk load", () => {
  it("reloads at most once per 60 seconds", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadAfterChunkError(storage, reload, 1_000_000)).toBe(true);
    expect(reloadAfterChunkError(storage, reload, 1_000_000 + CHUNK_RELOAD_GUARD_MS - 1)).toBe(
      false,
    );
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadAfterChunkError(storage, reload, 1_000_000 + CHUNK_RELOAD_GUARD_MS)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    expect(CHUNK_RELOAD_GUARD_MS).toBe(60_000);
  });

  it("recognises the browsers' chunk failure messages", () => {
    expect(
      isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/a.js")),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Something else"))).toBe(false);
  });
});
