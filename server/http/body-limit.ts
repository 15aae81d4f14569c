import type { IncomingMessage } from "node:http";
import type { Request as ExpressRequest, RequestHandler, Response } from "express";
import { problemPageHtml } from "~/layout/problem-page.server";
import { BodyTooLargeError } from "~/lib/unreadable-body.server";
import { BEACON_MAX_BYTES } from "~/modules/analytics/index.server";
import { MAX_LISTING_REQUEST_BYTES } from "~/modules/listings/index.server";
import { MAX_IMAGE_BYTES } from "~/modules/media/index.server";
import { IMPORT_MAX_BYTES } from "~/modules/stock/index.server";

const KB = 1024;
const MB = 1024 * KB;

/** Forms of text only: the longest (a contact message, a notice) is a few tens of kilobytes. */
export const DEFAULT_BODY_LIMIT = 128 * KB;

interface BodyLimit {
  path: RegExp;
  bytes: number;
  /**
   * The route refuses a declared Content-Length over its own limit before reading any byte,
   * with the message inside its form (which the browser shows, also to a script-driven form).
   * The early refusal here is skipped for it; the bytes actually received are still counted.
   */
  routeRefusesDeclared?: true;
}

/**
 * The largest request body each path accepts. Paths that take files get room for them; the
 * upload routes keep their own, finer checks (per file, per count) under these ceilings and
 * answer those with a message inside the form. Everything else is a small form.
 */
const BODY_LIMITS: BodyLimit[] = [
  // Twelve photos of 10 MB plus the text (listing-upload.server.ts streams and checks each).
  { path: /^\/user\/bhPost$/, bytes: MAX_LISTING_REQUEST_BYTES, routeRefusesDeclared: true },
  // One photo plus the text fields.
  { path: /^\/user\/profile$/, bytes: MAX_IMAGE_BYTES + MB, routeRefusesDeclared: true },
  { path: /^\/storehub\/(add|edit)$/, bytes: MAX_IMAGE_BYTES + MB, routeRefusesDeclared: true },
  // The receipt logo plus the selling settings' fields.
  {
    path: /^\/shophub\/settings\/selling$/,
    bytes: MAX_IMAGE_BYTES + MB,
    routeRefusesDeclared: true,
  },
  // A receipt photo on an expense plus its fields.
  {
    path: /^\/shophub\/expenses\/(new|\d+)$/,
    bytes: MAX_IMAGE_BYTES + MB,
    routeRefusesDeclared: true,
  },
  { path: /^\/storehub\/import$/, bytes: IMPORT_MAX_BYTES + MB, routeRefusesDeclared: true },
  // A stock document with many lines.
  { path: /^\/storehub\/inout$/, bytes: MB },
  // The browser's analytics batches: a few hundred bytes (app/routes/api/analytics.ts).
  { path: /^\/api\/analytics$/, bytes: BEACON_MAX_BYTES },
  // better-auth's endpoints: only GET links get through (auth-endpoints.ts), small in any case.
  { path: /^\/api\/auth(\/|$)/, bytes: 64 * KB },
];

function limitEntryFor(pathname: string): BodyLimit {
  // React Router's data requests (`/x.data`) share the page's limit.
  const page = pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  return (
    BODY_LIMITS.find((entry) => entry.path.test(page)) ?? { path: /.*/, bytes: DEFAULT_BODY_LIMIT }
  );
}

/** The limit for a request path. */
export function bodyLimitFor(pathname: string): number {
  return limitEntryFor(pathname).bytes;
}

/** Whether the route itself answers a declared length over its limit (see BodyLimit). */
export function routeRefusesDeclared(pathname: string): boolean {
  return limitEntryFor(pathname).routeRefusesDeclared === true;
}

function formatSize(bytes: number): string {
  return bytes >= MB ? `${Math.floor(bytes / MB)} MB` : `${Math.floor(bytes / KB)} KB`;
}

/**
 * Answers 413 in the visitor's language and closes the connection: the rest of the body is
 * never read (the socket is closed once the answer is out), so it cannot fill the memory.
 */
export function sendTooLarge(req: ExpressRequest, res: Response, limit: number): void {
  res.locals.bodyTooLarge = true;
  if (res.headersSent) {
    req.socket.destroy();
    return;
  }
  lingerBeforeClosing(req);
  sendTooLargePage(req, res, limit);
}

/** The 413 page: no script or query that could fail; the connection closes after it. */
function sendTooLargePage(req: ExpressRequest, res: Response, limit: number): void {
  const html = problemPageHtml(req.get("cookie") ?? null, req.path, {
    title: "error.requestTooLarge",
    hint: "error.requestTooLargeHint",
    size: formatSize(limit),
  });
  res
    .status(413)
    .set({ "Cache-Control": "no-store", Connection: "close" })
    .type("text/html; charset=utf-8")
    .send(html);
}

/**
 * What is still read (and dropped) after a 413 before the connection is cut. Dropping costs no
 * memory; a busy client may need a few seconds and megabytes to notice the answer, and cutting
 * earlier resets the connection and can lose the answer (seen in CI under load at 4 MB / 2 s).
 */
const LINGER_BYTES = 16 * MB;
const LINGER_MS = 5_000;

/**
 * Node closes a `Connection: close` socket as soon as the answer is written. A client still
 * uploading then fails with EPIPE/ECONNRESET before it reads the 413, and the server's reset can
 * even discard the answer. So the socket is half-closed instead (our side done, the 413 on its
 * way) and what still arrives is read and dropped, up to LINGER_BYTES or LINGER_MS, then
 * the socket is closed: the visitor sees the message, and the server never holds the rest.
 */
function lingerBeforeClosing(req: ExpressRequest): void {
  const socket = req.socket;
  socket.destroySoon = () => {
    socket.end();
    let dropped = 0;
    socket.on("data", (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > LINGER_BYTES) socket.destroy();
    });
    // The HTTP parser still hands the body to the request: let it flow to nowhere.
    req.resume();
    socket.resume();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

function hasBody(req: IncomingMessage): boolean {
  return (
    req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"]) > 0
  );
}

/**
 * Every request body is limited by path, before React Router's request handler reads it. A
 * declared length over the path's limit is refused at once. Otherwise the bytes actually
 * received are counted as the handler reads them (chunked uploads carry no length, and a
 * declared one can lie): past the limit the visitor gets the 413 page, and the body's readers
 * get BodyTooLargeError in place of the rest, so nothing beyond the limit reaches an action or
 * the memory.
 *
 * The count listens to the same `data` events as the handler's reader, with the stream paused
 * first, so that listening does not start the flow: the body flows only when the handler
 * reads it, and each chunk reaches both. Node's IncomingMessage cannot be failed without
 * destroying its socket (`destroy()`), which would lose the 413 on a client that is still
 * sending; so the refusal is the stream's `error` event, the one its readers listen for.
 */
export function bodyLimit(): RequestHandler {
  return (req, res, next) => {
    if (!hasBody(req)) return next();
    const entry = limitEntryFor(req.path);
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > entry.bytes && !entry.routeRefusesDeclared) {
      return sendTooLarge(req, res, entry.bytes);
    }
    let received = 0;
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= entry.bytes) return;
      req.off("data", count);
      // The readers stop here (@react-router/node's reader errors the body's stream) …
      if (req.listenerCount("error") > 0) req.emit("error", new BodyTooLargeError(entry.bytes));
      // … and the visitor gets the 413 page; what still arrives is dropped.
      sendTooLarge(req, res, entry.bytes);
    };
    req.pause();
    req.on("data", count);
    next();
  };
}
