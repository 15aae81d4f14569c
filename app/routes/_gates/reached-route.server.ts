import { matchRoutes, type RouterContextProvider } from "react-router";
import { routeTreeContext } from "~/context";

/**
 * The `handle` of the route a request reached (the deepest match of its URL), for a gate that
 * lets a route declare what it needs instead of naming its URL. React Router does not hand
 * middleware its matches, so the URL is matched against the same route tree (`url` is the
 * one React Router gives middleware, without `.data`).
 */
export async function reachedRouteHandle(
  context: Readonly<RouterContextProvider>,
  url: URL,
): Promise<unknown> {
  const routes = await context.get(routeTreeContext)();
  const matches = matchRoutes([...routes], url.pathname);
  return matches?.at(-1)?.route.handle;
}
