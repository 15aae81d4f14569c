import type { SessionUser } from "~/context";
import type { Database } from "~/db/client.server";
import { outcomeOf, routeContext, type Outcome } from "./route-call";

// Calls for the attack suites: like callRoute, with route params, fields sent several times
// (a field given as an array), and the whole answer read back as text to search it.

export type DataFunction = (args: never) => unknown;

export interface AttackRequest {
  path: string;
  /** A POST's fields; an array value sends the field once per value, in order. */
  form?: Record<string, string | string[]> | URLSearchParams | FormData;
  params?: Record<string, string>;
  cookie?: string;
}

let addressCounter = 0;

/** A different client address for each call, so rate limits by address never trip. */
export function nextClientAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export function formBody(form: AttackRequest["form"]): URLSearchParams | FormData {
  if (form instanceof URLSearchParams || form instanceof FormData) return form;
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(form ?? {})) {
    for (const each of Array.isArray(value) ? value : [value]) body.append(name, each);
  }
  return body;
}

export interface AttackOutcome extends Outcome {
  /** The answer as text: the data as JSON, or a Response's body (not an endless stream). */
  text: string;
}

export async function attack(
  fn: DataFunction,
  request: AttackRequest,
  options: {
    db: Database;
    user: SessionUser | null;
    overrides?: Parameters<typeof routeContext>[2];
  },
): Promise<AttackOutcome> {
  const url = new URL(request.path, "http://localhost");
  const headers = new Headers(request.cookie ? { cookie: request.cookie } : {});
  const abort = new AbortController();
  const init: RequestInit = request.form
    ? { method: "POST", body: formBody(request.form), headers, signal: abort.signal }
    : { headers, signal: abort.signal };
  const context = routeContext(options.db, options.user, {
    clientAddress: nextClientAddress(),
    ...options.overrides,
  });
  const args = {
    request: new Request(url, init),
    url,
    params: request.params ?? {},
    pattern: url.pathname,
    context,
  };
  const outcome = await outcomeOf((async () => await (fn as (a: typeof args) => unknown)(args))());
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
