import type { HeadersArgs } from "react-router";

/**
 * A route's `headers` export: React Router only forwards cookies from an action on a
 * document request, so a 429's Retry-After would otherwise be lost without JavaScript.
 */
export function retryAfterHeaders({ actionHeaders, loaderHeaders }: HeadersArgs): Headers {
  const headers = new Headers(loaderHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}
