import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  Outlet,
  Scripts,
  ServerRouter,
  type EntryContext,
  type RouteObject,
  type StaticHandlerContext,
} from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ancestorPaths, routeScopedContext, SCOPES_KEPT } from "./route-scoped-context.server";

// A site in miniature, with the shapes the real one has: a root layout, areas under a path, a
// layout without a path, an index page, a page with a parameter below another, and a
// catch-all. Rendered by React Router's own <ServerRouter>, with its lazy route discovery.
const TREE = [
  ["root", undefined, ""],
  ["home", "root", undefined],
  ["shophub", "root", "shophub"],
  ["shophub-layout", "root", undefined],
  ["sell", "shophub-layout", "shophub/sell"],
  ["invoices", "shophub-layout", "shophub/invoices"],
  ["invoice", "shophub-layout", "shophub/invoices/:id"],
  ["asset", "root", "asset"],
  ["listing", "root", "asset/:id"],
  ["listing-edit", "root", "asset/:id/edit"],
  ["article", "root", "article/:slug?"],
  ["not-found", "root", "*"],
] as const;

function manifestRoutes(): EntryContext["manifest"]["routes"] {
  const routes: EntryContext["manifest"]["routes"] = {};
  for (const [id, parentId, path] of TREE) {
    routes[id] = {
      id,
      parentId,
      path,
      index: id === "home" ? true : undefined,
      hasAction: false,
      hasLoader: false,
      hasClientAction: false,
      hasClientLoader: false,
      hasClientMiddleware: false,
      hasErrorBoundary: false,
      module: `/assets/${id}.js`,
      clientActionModule: undefined,
      clientLoaderModule: undefined,
      clientMiddlewareModule: undefined,
      hydrateFallbackModule: undefined,
      imports: [],
      css: [],
    };
  }
  return routes;
}

function routeObjects(parentId: string | undefined): RouteObject[] {
  return TREE.filter(([, parent]) => parent === parentId).map(([id, , path]) => {
    const children = routeObjects(id);
    return id === "home"
      ? { id, index: true }
      : { id, path, ...(children.length > 0 ? { children } : {}) };
  });
}

const page = (id: string) => (): ReactNode =>
  id === "root"
    ? createElement(
        "html",
        null,
        createElement("body", null, createElement(Outlet), createElement(Scripts)),
      )
    : createElement("main", null, id, createElement(Outlet));

const routeModules = Object.fromEntries(TREE.map(([id]) => [id, { default: page(id) }]));

const manifest = {
  entry: { module: "/assets/entry.js", imports: [] },
  routes: manifestRoutes(),
  url: "/assets/manifest-1.js",
  version: "1",
  hmr: undefined,
} as unknown as EntryContext["manifest"];

const handler = createStaticHandler(routeObjects(undefined));

async function contextFor(pathname: string, ofManifest = manifest): Promise<EntryContext> {
  const staticHandlerContext = (await handler.query(
    new Request(`http://localhost${pathname}`),
  )) as StaticHandlerContext;
  return {
    manifest: ofManifest,
    routeModules,
    future: {},
    ssr: true,
    isSpaMode: false,
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    staticHandlerContext,
  } as unknown as EntryContext;
}

const render = (context: EntryContext, pathname: string) =>
  renderToString(createElement(ServerRouter, { context, url: `http://localhost${pathname}` }));

const PATHS = [
  "/",
  "/shophub",
  "/shophub/sell",
  "/shophub/invoices/42",
  "/asset/7/edit",
  "/article",
  "/article/ai",
  "/no/such/page",
];

describe("the route-scoped context for <ServerRouter>", () => {
  it.each(PATHS)("renders %s exactly as the whole manifest does", async (pathname) => {
    const whole = render(await contextFor(pathname), pathname);
    expect(whole).toContain("window.__reactRouterManifest");
    // Twice: once building the scope, once from what was kept.
    expect(render(routeScopedContext(await contextFor(pathname)), pathname)).toBe(whole);
    expect(render(routeScopedContext(await contextFor(pathname)), pathname)).toBe(whole);
  });

  it("holds only the page's routes and those of its path's prefixes", async () => {
    const scoped = (pathname: string) =>
      contextFor(pathname).then((context) =>
        Object.keys(routeScopedContext(context).manifest.routes).sort(),
      );
    expect(await scoped("/shophub/sell")).toEqual([
      "home",
      "root",
      "sell",
      "shophub",
      "shophub-layout",
    ]);
    expect(await scoped("/asset/7/edit")).toEqual([
      "asset",
      "home",
      "listing",
      "listing-edit",
      "root",
    ]);
    expect(await scoped("/")).toEqual(["home", "root"]);
  });

  it("matches a path's prefixes against the whole route tree once, then keeps them", async () => {
    const ownManifest = { ...manifest };
    const first = await contextFor("/shophub/invoices/42", ownManifest);
    const firstMatch = vi.spyOn(first.staticHandlerContext, "_match");
    render(routeScopedContext(first), "/shophub/invoices/42");
    expect(firstMatch.mock.calls.map(([path]) => path)).toEqual([
      "/",
      "/shophub/invoices",
      "/shophub",
    ]);

    const second = await contextFor("/shophub/invoices/42", ownManifest);
    const secondMatch = vi.spyOn(second.staticHandlerContext, "_match");
    const html = render(routeScopedContext(second), "/shophub/invoices/42");
    expect(secondMatch).not.toHaveBeenCalled();
    expect(html).toContain('"invoices"');
  });

  it(`keeps at most ${SCOPES_KEPT} paths per build, forgetting the least recently used`, async () => {
    const ownManifest = { ...manifest };
    const scopeOnce = async (pathname: string) => {
      const context = await contextFor(pathname, ownManifest);
      const match = vi.spyOn(context.staticHandlerContext, "_match");
      routeScopedContext(context);
      return match.mock.calls.length > 0;
    };
    expect(await scopeOnce("/asset/0/edit")).toBe(true);
    for (let id = 1; id < SCOPES_KEPT; id++) await scopeOnce(`/asset/${id}/edit`);
    // Used again: now the most recent, so the next new path pushes out /asset/1/edit instead.
    expect(await scopeOnce("/asset/0/edit")).toBe(false);
    await scopeOnce(`/asset/${SCOPES_KEPT}/edit`);
    expect(await scopeOnce("/asset/0/edit")).toBe(false);
    expect(await scopeOnce("/asset/1/edit")).toBe(true);
  });

  it("lists the prefixes React Router's lazy discovery asks about", () => {
    expect(ancestorPaths("/")).toEqual(["/"]);
    expect(ancestorPaths("/shophub")).toEqual(["/"]);
    expect(ancestorPaths("/shophub/invoices/42")).toEqual(["/", "/shophub/invoices", "/shophub"]);
    expect(ancestorPaths("/shophub/sell/")).toEqual(["/", "/shophub"]);
  });
});
