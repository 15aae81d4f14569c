import { pino } from "pino";
import { RouterContextProvider } from "react-router";
import { appContext, sessionUserContext, type AppContext, type SessionUser } from "~/context";
import type { Database } from "~/db/client.server";
import { IDLE_STOCK_EVENTS } from "./idle-stock-events";

// Calling route loaders and actions directly, the way React Router does, with our context.

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

type DataFunction = (args: never) => unknown;

export interface CallOptions {
  form?: Record<string, string>;
  context: RouterContextProvider;
  signal?: AbortSignal;
  /** A Cookie header (e.g. the active shop). */
  cookie?: string;
}

/** Calls a loader (GET) or, with `form`, an action (POST) of a route. */
export async function callRoute(
  fn: DataFunction,
  path: string,
  options: CallOptions,
): Promise<unknown> {
  const url = new URL(path, "http://localhost");
  const headers = new Headers(options.cookie ? { cookie: options.cookie } : {});
  const request = options.form
    ? new Request(url, {
        method: "POST",
        body: new URLSearchParams(options.form),
        headers,
        signal: options.signal,
      })
    : new Request(url, { headers, signal: options.signal });
  const args = { request, url, params: {}, pattern: url.pathname, context: options.context };
  // Awaited inside an async function, so a loader that throws synchronously (a redirect)
  // becomes a rejected promise like in React Router.
  return await (fn as (a: typeof args) => unknown)(args);
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
  const request = new Request("http://localhost/", {
    headers: cookie ? { cookie } : {},
  });
  return (await resolveActiveShop(db, request, userId))?.shop.id;
}
