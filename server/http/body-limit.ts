import type { IncomingMessage } from "node:http";
import type { Request as ExpressRequest, RequestHandler, Response } from "express";
import { langFromCookieHeader, type MessageKey } from "~/lib/i18n";
import { serverTranslate } from "~/lib/i18n/messages.server";
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

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
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
  sendProblemPage(req, res, {
    status: 413,
    title: "error.requestTooLarge",
    hint: "error.requestTooLargeHint",
    size: formatSize(limit),
    close: true,
  });
}

/** A form post whose body could not be read as a form: 400, never the 500 page. */
export function sendUnreadableBody(req: ExpressRequest, res: Response): void {
  if (res.headersSent) return;
  sendProblemPage(req, res, {
    status: 400,
    title: "error.unreadableForm",
    hint: "error.unreadableFormHint",
  });
}

function sendProblemPage(
  req: ExpressRequest,
  res: Response,
  page: { status: number; title: MessageKey; hint: MessageKey; size?: string; close?: boolean },
): void {
  const lang = langFromCookieHeader(req.get("cookie") ?? null);
  const t = serverTranslate(lang);
  const title = escapeHtml(t(page.title));
  const hint = escapeHtml(t(page.hint, { size: page.size ?? "" }));
  const back = escapeHtml(req.path.replace(/\.data$/, "") || "/");
  res
    .status(page.status)
    .set({ "Cache-Control": "no-store", ...(page.close ? { Connection: "close" } : {}) })
    .type("text/html; charset=utf-8")
    .send(
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>` +
        `<body><main style="max-width:40rem;margin:3rem auto;font-family:sans-serif;padding:0 1rem">` +
        `<h1>${title}</h1><p>${hint}</p><p><a href="${back}">${escapeHtml(t("error.back"))}</a></p>` +
        `</main></body></html>`,
    );
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
 * First line of defence, before any body is read: a declared length over the path's limit is
 * refused at once, and the limit is noted for whoever reads the body (limitedBody below).
 */
export function bodyLimit(): RequestHandler {
  return (req, res, next) => {
    if (!hasBody(req)) return next();
    const entry = limitEntryFor(req.path);
    res.locals.bodyLimit = entry.bytes;
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > entry.bytes && !entry.routeRefusesDeclared) {
      return sendTooLarge(req, res, entry.bytes);
    }
    next();
  };
}

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body over ${limit} bytes`);
    this.name = "BodyTooLargeError";
  }
}

/**
 * The request body as a web stream that counts the bytes actually received (chunked uploads
 * carry no Content-Length, and a declared length can lie): past the limit it errors, answers
 * 413 and stops reading. Nothing is buffered beyond the stream's small queue.
 */
export function limitedBody(
  req: ExpressRequest,
  res: Response,
  options: { limit: number; onTooLarge?: () => void },
): ReadableStream<Uint8Array> {
  let received = 0;
  let settled = false;
  let cancelled = false;
  let refused = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on("data", (chunk: Buffer) => {
        if (refused) return;
        received += chunk.length;
        if (received > options.limit) {
          refused = true;
          if (!settled) {
            settled = true;
            controller.error(new BodyTooLargeError(options.limit));
          }
          options.onTooLarge?.();
          sendTooLarge(req, res, options.limit);
          return;
        }
        if (settled || cancelled) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.on("end", () => {
        if (settled) return;
        settled = true;
        if (!cancelled) controller.close();
      });
      req.on("error", (error) => {
        if (settled) return;
        settled = true;
        controller.error(error);
      });
    },
    pull() {
      req.resume();
    },
    cancel() {
      // The reader wants no more (e.g. an action refused the request before reading it): the
      // rest is read and dropped so that its answer can still be sent, up to the same limit.
      cancelled = true;
      req.resume();
    },
  });
}
