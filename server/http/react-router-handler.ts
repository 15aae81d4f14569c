import type { Request as ExpressRequest, RequestHandler, Response } from "express";
import {
  createRequestHandler as createReactRouterHandler,
  type RouterContextProvider,
  type ServerBuild,
} from "react-router";
import { SCRIPTS_AFTER_FIRST_PAINT_HEADER } from "~/lib/scripts-after-first-paint";
import { BUILD_HEADER } from "~/lib/stale-build";
import { hadUnreadableBody } from "~/lib/unreadable-body.server";
import { bodyLimitFor, limitedBody, sendUnreadableBody } from "./body-limit";
import { applyPrivateCaching } from "./private-caching";
import { RENDER_FOR_CACHE_HEADER, type RenderCache } from "./render-cache";
import { scriptsAfterFirstPaint } from "./scripts-after-largest-paint";
import { sendBody } from "./whole-body-compression";

/**
 * @react-router/express's request handler (v8.4), with one change: the body React Router
 * reads is counted against the path's limit (body-limit.ts) instead of being the raw Node
 * stream, so every action's `request.formData()` stops at the limit and the visitor gets a
 * 413 page, never a 500 and never a full memory.
 */
export function createRequestHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext(req: ExpressRequest, res: Response): RouterContextProvider;
  /** Visitors' public pages answered from memory (render-cache.ts). */
  renderCache?: RenderCache;
  /**
   * The client build's version (React Router's manifest version), named on every answer to a
   * data request: a page of another build reloads (app/lib/stale-build.ts).
   */
  buildVersion?: string;
}): RequestHandler {
  const handleRequest = createReactRouterHandler(options.build, options.mode);
  return async (req, res, next) => {
    try {
      const plan = options.renderCache?.planFor(req) ?? null;
      // Made only when the page is rendered: a kept page is answered without them.
      let loadContext: RouterContextProvider | undefined;
      const render = () => {
        const request = toFetchRequest(req, res, new AbortController(), plan !== null);
        loadContext = options.getLoadContext(req, res);
        return handleRequest(request, loadContext);
      };
      const response =
        plan && options.renderCache
          ? await options.renderCache.answer(req, res, plan, render)
          : await render();
      if (!response) return;
      if (res.locals.bodyTooLarge === true || res.destroyed || res.writableEnded) {
        // The 413 page has been sent already; what the action made of the cut-off body is dropped.
        await response.body?.cancel().catch(() => {});
        return;
      }
      if (response.status >= 500 && loadContext && hadUnreadableBody(loadContext)) {
        await response.body?.cancel().catch(() => {});
        sendUnreadableBody(req, res);
        return;
      }
      const headers = new Headers(response.headers);
      const afterFirstPaint = headers.has(SCRIPTS_AFTER_FIRST_PAINT_HEADER);
      headers.delete(SCRIPTS_AFTER_FIRST_PAINT_HEADER);
      applyPrivateCaching(req, headers);
      if (options.buildVersion && req.path.endsWith(".data")) {
        headers.set(BUILD_HEADER, options.buildVersion);
      }
      res.statusMessage = response.statusText;
      res.status(response.status);
      for (const [key, value] of headers.entries()) res.append(key, value);
      if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) {
        res.flushHeaders();
      }
      if (!response.body) {
        res.end();
        return;
      }
      try {
        await sendBody(
          req,
          res,
          response.body,
          afterFirstPaint ? scriptsAfterFirstPaint : undefined,
        );
      } catch (error) {
        if (res.destroyed || res.writableEnded) return;
        throw error;
      }
    } catch (error) {
      next(error);
    }
  };
}

export function toFetchRequest(
  req: ExpressRequest,
  res: Response,
  controller: AbortController,
  forCache = false,
): globalThis.Request {
  const forwardedPort = req.app.enabled("trust proxy")
    ? req.get("X-Forwarded-Host")?.split(":")[1]
    : undefined;
  const hostPort = req.get("host")?.split(":")[1];
  const port = [forwardedPort, hostPort]
    .map((value) => Number.parseInt(value ?? "", 10))
    .find((value) => Number.isSafeInteger(value));
  const host = `${req.hostname.split(/[\\/?#@]/)[0] || "localhost"}${port ? `:${port}` : ""}`;
  const url = new URL(`${req.protocol}://${host}${req.originalUrl}`);

  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  // Only the server asks for a render to keep (the complete document, see entry.server.tsx).
  headers.delete(RENDER_FOR_CACHE_HEADER);
  if (forCache) headers.set(RENDER_FOR_CACHE_HEADER, "1");
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers,
    signal: controller.signal,
  };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = limitedBody(req, res, {
      limit: (res.locals.bodyLimit as number | undefined) ?? bodyLimitFor(req.path),
      // React Router does not log errors of aborted requests: the cut-off body is expected.
      onTooLarge: () => controller.abort(),
    });
    init.duplex = "half";
  }
  const request = new Request(url.href, init);
  let finished = false;
  res.on("finish", () => (finished = true));
  res.on("close", () => {
    // Naming the request here keeps it alive as long as the response. undici's Request
    // follows `controller.signal` through a weak reference: once nothing referred to the
    // Request (a streamed answer outlives this handler's use of it), a garbage collection cut
    // the link, and a live stock stream never heard that its browser had left (its
    // subscription and the member's stream count stayed for good).
    if (!finished && request) controller.abort();
  });
  return request;
}
