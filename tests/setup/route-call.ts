import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { pino } from "pino";
import {
  createStaticHandler,
  matchRoutes,
  RouterContextProvider,
  type MiddlewareFunction,
  type RouteObject,
} from "react-router";
import {
  appContext,
  routeTreeContext,
  sessionUserContext,
  type AppContext,
  type SessionUser,
} from "~/context";
import type { Database } from "~/db/client.server";
import { activeShopCookie } from "~/routes/_gates/active-shop-cookie.server";
import { sessionMiddleware } from "~/routes/_gates/session.server";
import { IDLE_STOCK_EVENTS } from "./idle-stock-events";

// The one way tests call a route in-process: the route tree of app/routes.ts (under
// app/root.tsx) in React Router's static handler, so a loader or action runs behind the
// middleware of its parents (the access gates) exactly as in the app. Only the session
// middleware is left out: a test names its signed-in member in the context (routeContext).
// End-to-end tests that are about HTTP itself (headers, cookies, body limits) go through the
// server instead (tests/e2e/http-member.ts).

const NO_STORAGE: AppContext["storage"] = {
  put: () => Promise.reject(new Error("no file storage in this test")),
  get: () => Promise.reject(new Error("no file storage in this test")),
  remove: () => Promise.reject(new Error("no file storage in this test")),
  urlOf: (key) => `/media/${key}`,
};

export function routeContext(
  db: Database,
  sessionUser: SessionUser | null,
  overrides: Partial<AppContext> = {},
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(appContext, {
    db,
    logger: pino({ level: "silent" }),
    nonce: "test",
    clientAddress: "127.0.0.1",
    publicOrigin: "http://localhost",
    version: "test",
    // No route under test signs anybody in: the session user is set directly.
    auth: undefined as unknown as AppContext["auth"],
    storage: NO_STORAGE,
    stockEvents: IDLE_STOCK_EVENTS,
    ...overrides,
  });
  context.set(sessionUserContext, sessionUser);
  return context;
}

/** A signed-in member as the session middleware would set it. */
export function sessionUserOf(id: string, name = "สมาชิกทดสอบ"): SessionUser {
  return {
    id,
    name,
    email: `${id}@example.com`,
    emailVerified: true,
    image: null,
    phone: null,
    role: "member",
  };
}

/** The Cookie header of a browser that chose this shop in the header's switcher. */
export async function shopCookie(shopId: string): Promise<string> {
  return (await activeShopCookie.serialize(shopId)).split(";")[0]!;
}

export type DataFunction = (args: never) => unknown;

interface RouteTree {
  routes: RouteObject[];
  handler: ReturnType<typeof createStaticHandler>;
  /** Route ids of each loader and action (one module may serve several routes). */
  idsOf: Map<unknown, string[]>;
  /** Every route id with its parents' ids, root first. */
  branches: Map<string, string[]>;
}

/** What the target's loader or action did in one call, by the call's abort signal. */
interface Capture {
  ran: boolean;
  threw: boolean;
  value: unknown;
}
const captures = new WeakMap<AbortSignal, Capture>();

function capturing(fn: unknown): RouteObject["loader"] {
  if (typeof fn !== "function") return undefined;
  return async (args: { request: Request }) => {
    const capture = captures.get(args.request.signal);
    try {
      const value: unknown = await (fn as (a: typeof args) => unknown)(args);
      if (capture) Object.assign(capture, { ran: true, threw: false, value });
      return value;
    } catch (error) {
      if (capture) Object.assign(capture, { ran: true, threw: true, value: error });
      throw error;
    }
  };
}

// The test names the member in the context; everything else of the root's middleware runs.
const keepTestSession: MiddlewareFunction<Response> = (_args, next) => next();

let tree: Promise<RouteTree> | undefined;

/** The app's route tree, built once per test file. */
export function routeTree(): Promise<RouteTree> {
  tree ??= createRouteTree();
  return tree;
}

/** A route a test adds under a parent of app/routes.ts (keyed by the parent's route id). */
export interface ExtraRoute {
  id: string;
  /** A path under the parent, or none for an index route (placed before the parent's own). */
  path?: string;
  loader?: DataFunction;
  action?: DataFunction;
  /** What the route declares to its gates (e.g. storehubHandle.introduction). */
  handle?: unknown;
}

/**
 * The app's route tree, optionally with test-only routes under some of its routes: a route
 * added under an area must be protected by the area's gate without doing anything itself.
 */
export async function createRouteTree(
  extra: Record<string, ExtraRoute[]> = {},
): Promise<RouteTree> {
  const idsOf = new Map<unknown, string[]>();
  const branches = new Map<string, string[]>();
  const remember = (fn: unknown, id: string) => {
    if (typeof fn === "function") idsOf.set(fn, [...(idsOf.get(fn) ?? []), id]);
  };
  async function toRoute(entry: RouteConfigEntry, parents: string[]): Promise<RouteObject> {
    const id = entry.id ?? entry.file.replace(/\.[^./]+$/, "");
    const module = (await import(path.resolve("app", entry.file))) as Record<string, unknown>;
    remember(module.loader, id);
    remember(module.action, id);
    branches.set(id, [...parents, id]);
    const shared = {
      id,
      path: entry.path,
      caseSensitive: entry.caseSensitive,
      middleware: module.middleware as MiddlewareFunction[] | undefined,
      handle: module.handle,
      loader: capturing(module.loader),
      action: capturing(module.action) as RouteObject["action"],
    };
    if (entry.index) return { ...shared, index: true };
    const added = (extra[id] ?? []).map((each): RouteObject => {
      remember(each.loader, each.id);
      remember(each.action, each.id);
      branches.set(each.id, [...parents, id, each.id]);
      const route = {
        id: each.id,
        handle: each.handle,
        loader: capturing(each.loader),
        action: capturing(each.action) as RouteObject["action"],
      };
      return each.path === undefined ? { ...route, index: true } : { ...route, path: each.path };
    });
    return {
      ...shared,
      children: [
        ...added,
        ...(await Promise.all(
          (entry.children ?? []).map((child) => toRoute(child, [...parents, id])),
        )),
      ],
    };
  }
  const root = (await import(path.resolve("app/root.tsx"))) as Record<string, unknown>;
  const entries = await (await import(path.resolve("app/routes.ts"))).default;
  remember(root.loader, "root");
  branches.set("root", ["root"]);
  const routes: RouteObject[] = [
    {
      id: "root",
      path: "",
      middleware: (root.middleware as MiddlewareFunction<Response>[]).map((each) =>
        each === sessionMiddleware ? keepTestSession : each,
      ) as MiddlewareFunction[],
      loader: capturing(root.loader),
      children: await Promise.all(
        (entries as RouteConfigEntry[]).map((entry) => toRoute(entry, ["root"])),
      ),
    },
  ];
  return { routes, handler: createStaticHandler(routes), idsOf, branches };
}

/**
 * Runs `fn` (a loader, or an action for a POST) for `request` the way the app does: behind the
 * middleware of its route and every parent. Returns what the function returned, or throws what
 * it threw; when a gate answered instead (a redirect to sign in, 403, …), throws that answer.
 */
export async function runRoute(
  fn: DataFunction,
  request: Request,
  context: RouterContextProvider,
  within: Promise<RouteTree> = routeTree(),
): Promise<unknown> {
  const { routes, handler, idsOf } = await within;
  const candidates = idsOf.get(fn) ?? [];
  const matched = new Set(
    (matchRoutes(routes, new URL(request.url).pathname) ?? []).map((match) => match.route.id),
  );
  const routeId = candidates.find((id) => matched.has(id));
  if (!routeId) {
    throw new Error(
      `runRoute: ${request.url} does not reach this loader or action in app/routes.ts`,
    );
  }
  // As the server does (server/app.ts): gates match the reached route's handle here.
  context.set(routeTreeContext, () => Promise.resolve(routes));
  const capture: Capture = { ran: false, threw: false, value: undefined };
  captures.set(request.signal, capture);
  let answer: unknown;
  let failed = false;
  try {
    answer = await handler.queryRoute(request, {
      routeId,
      requestContext: context,
      generateMiddlewareResponse: (query) => query(request),
    });
  } catch (error) {
    failed = true;
    answer = error;
  }
  if (capture.ran) {
    if (capture.threw) throw capture.value;
    return capture.value;
  }
  // The function never ran: a gate answered (or failed) in its place.
  if (failed) throw answer;
  throw answer;
}

/** The gate a route sits behind: the ids of the route and all its parents, root first. */
export async function branchOf(routeId: string): Promise<string[]> {
  const found = (await routeTree()).branches.get(routeId);
  if (!found) throw new Error(`no route ${routeId} in app/routes.ts`);
  return found;
}

export interface CallOptions {
  /** A POST's fields; an array value sends the field once per value, in order. */
  form?: Record<string, string | string[]> | URLSearchParams | FormData;
  context: RouterContextProvider;
  signal?: AbortSignal;
  /** A Cookie header (e.g. the active shop: shopCookie). */
  cookie?: string;
  /** Another route tree than the app's (createRouteTree with test-only routes). */
  tree?: Promise<RouteTree>;
}

export function formBody(form: CallOptions["form"]): URLSearchParams | FormData {
  if (form instanceof URLSearchParams || form instanceof FormData) return form;
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(form ?? {})) {
    for (const each of Array.isArray(value) ? value : [value]) body.append(name, each);
  }
  return body;
}

/** Calls a loader (GET) or, with `form`, an action (POST) of a route, behind its gates. */
export async function callRoute(
  fn: DataFunction,
  path: string,
  options: CallOptions,
): Promise<unknown> {
  const url = new URL(path, "http://localhost");
  const headers = new Headers(options.cookie ? { cookie: options.cookie } : {});
  // Each call has its own signal (the key of what the route did); the caller's aborts it.
  const abort = new AbortController();
  if (options.signal?.aborted) abort.abort(options.signal.reason);
  const request = options.form
    ? new Request(url, {
        method: "POST",
        body: formBody(options.form),
        headers,
        signal: abort.signal,
      })
    : new Request(url, { headers, signal: abort.signal });
  // The listener names the request to keep it alive as long as the caller's signal, as the
  // server does (toFetchRequest): undici's Request follows `abort.signal` weakly, and a stream
  // test's abort went unheard once a garbage collection had taken the request.
  options.signal?.addEventListener("abort", () => {
    if (request) abort.abort(options.signal?.reason);
  });
  return runRoute(fn, request, options.context, options.tree);
}

export interface Outcome<T = unknown> {
  thrown: boolean;
  status: number;
  location?: string | null;
  setCookie?: string | null;
  data?: T;
  response?: Response;
}

/** What a loader or action threw (redirect, 403, 404) or returned, as status and data. */
export async function outcomeOf<T = unknown>(promise: Promise<unknown>): Promise<Outcome<T>> {
  let thrown = false;
  let value: unknown;
  try {
    value = await promise;
  } catch (error) {
    thrown = true;
    value = error;
  }
  if (value instanceof Response) {
    return {
      thrown,
      status: value.status,
      location: value.headers.get("Location"),
      setCookie: value.headers.get("Set-Cookie"),
      response: value,
    };
  }
  if (
    value &&
    typeof value === "object" &&
    "type" in value &&
    value.type === "DataWithResponseInit"
  ) {
    const wrapped = value as unknown as { data: T; init: ResponseInit | null };
    return { thrown, status: wrapped.init?.status ?? 200, data: wrapped.data };
  }
  if (thrown) throw value;
  return { thrown, status: 200, data: value as T };
}

/**
 * The shop a member's pages are rendered for (their active shop, given the Cookie header):
 * what the `shopId` field of every shop form carries, so tests post like those forms.
 */
export async function formShopIdOf(
  db: Database,
  userId: string,
  cookie?: string,
): Promise<string | undefined> {
  const { resolveActiveShop } = await import("~/modules/shops/index.server");
  const { preferredShopId } = await import("~/routes/_gates/active-shop-cookie.server");
  const request = new Request("http://localhost/", { headers: cookie ? { cookie } : {} });
  return (await resolveActiveShop(db, await preferredShopId(request), userId))?.shop.id;
}

let addressCounter = 0;

/** A different client address for each call, so rate limits by address never trip. */
export function nextClientAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export interface AttackRequest {
  path: string;
  /** A POST's fields; an array value sends the field once per value, in order. */
  form?: CallOptions["form"];
  cookie?: string;
}

export interface AttackOutcome extends Outcome {
  /** The answer as text: the data as JSON, or a Response's body (not an endless stream). */
  text: string;
}

/**
 * For the attack suites (isolation matrix, form fuzz): callRoute from a fresh client address,
 * with the whole answer read back as text to search it.
 */
export async function attack(
  fn: DataFunction,
  request: AttackRequest,
  options: {
    db: Database;
    user: SessionUser | null;
    overrides?: Parameters<typeof routeContext>[2];
  },
): Promise<AttackOutcome> {
  const abort = new AbortController();
  const context = routeContext(options.db, options.user, {
    clientAddress: nextClientAddress(),
    ...options.overrides,
  });
  const outcome = await outcomeOf(
    callRoute(fn, request.path, {
      form: request.form,
      cookie: request.cookie,
      context,
      signal: abort.signal,
    }),
  );
  let text = "";
  const response = outcome.response;
  if (response?.body) {
    if (response.headers.get("content-type")?.includes("text/event-stream")) {
      // A live stream never ends: only its start is read.
      abort.abort();
      await response.body.cancel().catch(() => undefined);
    } else {
      text = await response.text();
    }
  } else if (outcome.data !== undefined) {
    text = JSON.stringify(outcome.data) ?? "";
  }
  return { ...outcome, text };
}
