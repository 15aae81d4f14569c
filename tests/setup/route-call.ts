import { pino } from "pino";
import { RouterContextProvider } from "react-router";
import { appContext, sessionUserContext, type AppContext, type SessionUser } from "~/context";
import type { Database } from "~/db/client.server";

type DataFunction = (args: never) => unknown;

// Pages that never store files.
const NO_STORAGE: AppContext["storage"] = {
  put: () => Promise.reject(new Error("no file storage in this test")),
  get: () => Promise.reject(new Error("no file storage in this test")),
  remove: () => Promise.reject(new Error("no file storage in this test")),
};

/** The context React Router gives loaders and actions in the app (see server/app.ts). */
export function contextFor(
  db: Database,
  auth: AppContext["auth"],
  sessionUser: SessionUser | null,
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(appContext, {
    db,
    logger: pino({ level: "silent" }),
    nonce: "test",
    clientAddress: "127.0.0.1",
    publicOrigin: "http://localhost",
    version: "test",
    auth,
    storage: NO_STORAGE,
  });
  context.set(sessionUserContext, sessionUser);
  return context;
}

/** Calls a route's loader or action the way React Router does. */
export async function callRoute(
  context: RouterContextProvider,
  fn: DataFunction,
  path: string,
  options: { form?: Record<string, string>; cookie?: string } = {},
): Promise<unknown> {
  const url = new URL(path, "http://localhost");
  const headers = new Headers(options.cookie ? { cookie: options.cookie } : {});
  const request = options.form
    ? new Request(url, { method: "POST", body: new URLSearchParams(options.form), headers })
    : new Request(url, { headers });
  const args = { request, url, params: {}, pattern: url.pathname, context };
  return (fn as (a: typeof args) => unknown)(args);
}

export interface Outcome {
  thrown: boolean;
  status: number;
  location?: string | null;
  setCookie?: string | null;
  data?: unknown;
}

/** What a loader or action threw (redirect, 403, 404) or returned, as status and body. */
export async function outcome(promise: Promise<unknown>): Promise<Outcome> {
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
    };
  }
  if (
    value &&
    typeof value === "object" &&
    "type" in value &&
    value.type === "DataWithResponseInit"
  ) {
    const wrapped = value as unknown as { data: unknown; init: ResponseInit | null };
    return { thrown, status: wrapped.init?.status ?? 200, data: wrapped.data };
  }
  if (thrown) throw value;
  return { thrown, status: 200, data: value };
}
