import { LRUCache } from "lru-cache";
import type { EntryContext } from "react-router";

// React Router's <ServerRouter> turns the whole route manifest (every route of the site, 73
// today) into server routes and then into data routes on every request, and its <Scripts>
// matches each path prefix of the page against the whole route tree to choose the routes the
// browser is told about (lazy route discovery's "partial manifest"). Both depend only on the
// page's path and the build, yet together they were a tenth of a signed-in page's CPU
// (decision 0057). This module gives <ServerRouter> a context scoped to the routes that page
// can use, the same set React Router would send to the browser, kept per path.

type Manifest = EntryContext["manifest"];
type StaticContext = EntryContext["staticHandlerContext"];
type Match = StaticContext["_match"];
type Matches = ReturnType<Match>;

interface Scope {
  /** The manifest's entries for the page's routes and for the routes of its path prefixes. */
  routes: Manifest["routes"];
  /** What the whole route tree matched for each path prefix (lazy discovery asks again). */
  prefixMatches: ReadonlyMap<string, Matches>;
}

/** How many paths are kept per build: the site's fixed paths and the most recent others. */
export const SCOPES_KEPT = 2_000;

const scopesByManifest = new WeakMap<Manifest, LRUCache<string, Scope>>();

/**
 * The path prefixes React Router's lazy route discovery matches for a page (its
 * getPartialManifest): "/" and each ancestor path, without the page's own path.
 */
export function ancestorPaths(pathname: string): string[] {
  const segments = pathname.split("/").filter(Boolean);
  segments.pop();
  const paths = ["/"];
  for (; segments.length > 0; segments.pop()) paths.push(`/${segments.join("/")}`);
  return paths;
}

function scopeOf(context: EntryContext): Scope {
  const { manifest, staticHandlerContext } = context;
  const matchedIds = staticHandlerContext.matches.map((match) => match.route.id);
  // The matches decide the scope with the path: a path that failed to match renders the root.
  const key = `${staticHandlerContext.location.pathname}\n${matchedIds.join("\n")}`;
  let scopes = scopesByManifest.get(manifest);
  if (!scopes) {
    scopes = new LRUCache({ max: SCOPES_KEPT });
    scopesByManifest.set(manifest, scopes);
  }
  const kept = scopes.get(key);
  if (kept) return kept;
  const ids = new Set(matchedIds);
  const prefixMatches = new Map<string, Matches>();
  for (const prefix of ancestorPaths(staticHandlerContext.location.pathname)) {
    const matches = staticHandlerContext._match(prefix);
    prefixMatches.set(prefix, matches);
    for (const match of matches ?? []) ids.add(match.route.id);
  }
  const routes: Manifest["routes"] = {};
  for (const id of ids) {
    const route = manifest.routes[id];
    if (route) routes[id] = route;
  }
  const scope = { routes, prefixMatches };
  scopes.set(key, scope);
  return scope;
}

/**
 * The request's context for <ServerRouter>, holding only the routes its page can use. The
 * HTML is the same as with the whole manifest: the partial manifest React Router writes into
 * the page is made of exactly these routes, matched the same way.
 */
export function routeScopedContext(context: EntryContext): EntryContext {
  const { staticHandlerContext } = context;
  const matchWholeTree = staticHandlerContext._match as Match | undefined;
  // A React Router without the static handler's matcher on its context: the whole manifest,
  // as before (the tests of this module fail on such an upgrade, the site keeps working).
  if (typeof matchWholeTree !== "function") return context;
  const { routes, prefixMatches } = scopeOf(context);
  const match: Match = (location) =>
    typeof location === "string" && prefixMatches.has(location)
      ? (prefixMatches.get(location) ?? null)
      : matchWholeTree(location);
  // The static handler's context is this request's own object (React Router copies into it
  // while rendering too), so the kept matches are set on it directly.
  staticHandlerContext._match = match;
  return { ...context, manifest: { ...context.manifest, routes } };
}
