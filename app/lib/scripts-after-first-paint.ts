/**
 * A route's `headers` set this to have its page's scripts load after the page's first paint
 * (server/http/scripts-after-largest-paint.ts, decision 0054). Only between the route and our
 * request handler: the handler removes it before the answer leaves the server.
 */
export const SCRIPTS_AFTER_FIRST_PAINT_HEADER = "x-scripts-after-first-paint";
