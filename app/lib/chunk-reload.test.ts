import { describe, expect, it, vi } from "vitest";
import {
  CHUNK_RELOAD_GUARD_MS,
  ChunkReloadSuppressedError,
  chunkFailureStore,
  guardRouteModuleReloads,
  isChunkLoadError,
  reloadAfterChunkError,
} from "./chunk-reload";

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

  it("does not reload while the browser is offline (the network is missing, not a deployment)", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadAfterChunkError(storage, reload, 1_000_000, false)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    // Back online, the first failure reloads: the offline one did not use up the guard.
    expect(reloadAfterChunkError(storage, reload, 1_000_001, true)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("recognises the browsers' chunk failure messages", () => {
    expect(
      isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/a.js")),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Something else"))).toBe(false);
  });
});

describe("guarding React Router's reload on a failed route module", () => {
  function setup(start: number) {
    let now = start;
    const logged: unknown[][] = [];
    const target = { error: (...args: unknown[]) => void logged.push(args) };
    guardRouteModuleReloads(target, memoryStorage(), () => now);
    return { target, logged, advance: (ms: number) => (now += ms) };
  }

  it("lets the first reload happen, vetoes another within 60 s, allows one after", () => {
    const { target, logged, advance } = setup(5_000_000);
    const fail = () =>
      target.error("Error loading route module `/assets/contact.js`, reloading page...");
    expect(fail).not.toThrow();
    advance(30_000);
    expect(fail).toThrow(ChunkReloadSuppressedError);
    advance(CHUNK_RELOAD_GUARD_MS);
    expect(fail).not.toThrow();
    expect(logged).toHaveLength(3);
  });

  it("leaves other error logs alone", () => {
    const { target } = setup(0);
    expect(() => target.error("something else")).not.toThrow();
    expect(() => target.error("something else")).not.toThrow();
  });
});

describe("clearing a shown chunk failure", () => {
  it("clears on the visitor's next link click, form submit or back/forward, not on other clicks", () => {
    const documentListeners = new Map<string, (event: Event) => void>();
    const windowListeners = new Map<string, (event: Event) => void>();
    chunkFailureStore.clearOnNextNavigation(
      {
        addEventListener: (type: string, listener: (event: Event) => void) =>
          void documentListeners.set(type, listener),
      } as never,
      {
        addEventListener: (type: string, listener: (event: Event) => void) =>
          void windowListeners.set(type, listener),
      } as never,
    );
    const fire = (map: Map<string, (event: Event) => void>, type: string, target?: unknown) =>
      map.get(type)!({ type, target } as unknown as Event);

    chunkFailureStore.set(true);
    fire(documentListeners, "click", { closest: () => null });
    expect(chunkFailureStore.getSnapshot()).toBe(true);
    fire(documentListeners, "click", { closest: () => ({}) });
    expect(chunkFailureStore.getSnapshot()).toBe(false);

    chunkFailureStore.set(true);
    fire(documentListeners, "submit");
    expect(chunkFailureStore.getSnapshot()).toBe(false);

    chunkFailureStore.set(true);
    fire(windowListeners, "popstate");
    expect(chunkFailureStore.getSnapshot()).toBe(false);
  });
});
