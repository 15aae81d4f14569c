import { describe, expect, it } from "vitest";
import { BUILD_HEADER, reloadOnStaleBuild, reloadTargetOf } from "./stale-build";

const ORIGIN = "https://dptech.example";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

/** A window whose server answers every request with `build` in the build header. */
function windowServedBy(build: string | null, shown = "/shophub/sell") {
  const win = {
    location: new URL(shown, ORIGIN) as unknown as Location,
    fetch: async () => new Response("data", { headers: build ? { [BUILD_HEADER]: build } : {} }),
  } as Pick<Window, "fetch" | "location">;
  return win;
}

describe("reloadTargetOf", () => {
  it("is the page a whole-page data request was loading", () => {
    expect(reloadTargetOf(new URL("/_.data", ORIGIN), "/x")).toBe("/");
    expect(reloadTargetOf(new URL("/storehub/items.data?q=น้ำ", ORIGIN), "/x")).toBe(
      `/storehub/items?q=${encodeURIComponent("น้ำ")}`,
    );
    expect(reloadTargetOf(new URL("/article/_.data", ORIGIN), "/x")).toBe("/article/");
  });

  it("is the page shown for the data of some routes only (a fetcher)", () => {
    const url = new URL("/shophub/invoices/12/print.data?_routes=routes%2Fprint", ORIGIN);
    expect(reloadTargetOf(url, "/shophub/sell")).toBe("/shophub/sell");
  });
});

describe("reloadOnStaleBuild", () => {
  it("turns a data answer of another build into React Router's document reload, once a minute", async () => {
    const win = windowServedBy("new-build");
    const storage = memoryStorage();
    reloadOnStaleBuild(win, () => "old-build", storage);

    const first = await win.fetch(new URL("/storehub.data", ORIGIN));
    expect(first.status).toBe(204);
    expect(first.headers.get("X-Remix-Redirect")).toBe("/storehub");
    expect(first.headers.get("X-Remix-Reload-Document")).toBe("true");

    // A second stale answer within the minute is read as it is: no reload loop.
    const second = await win.fetch(new URL("/storehub.data", ORIGIN));
    expect(second.status).toBe(200);
    expect(await second.text()).toBe("data");
  });

  it("leaves answers of the same build, other requests and servers that do not say alone", async () => {
    const same = windowServedBy("b1");
    reloadOnStaleBuild(same, () => "b1", memoryStorage());
    expect((await same.fetch(new URL("/storehub.data", ORIGIN))).status).toBe(200);

    const other = windowServedBy("b2");
    reloadOnStaleBuild(other, () => "b1", memoryStorage());
    expect((await other.fetch(new URL("/api/sales", ORIGIN))).status).toBe(200);
    expect((await other.fetch("https://elsewhere.example/x.data")).status).toBe(200);

    const silent = windowServedBy(null);
    reloadOnStaleBuild(silent, () => "b1", memoryStorage());
    expect((await silent.fetch(new URL("/storehub.data", ORIGIN))).status).toBe(200);
  });
});
