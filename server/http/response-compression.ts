import { constants } from "node:zlib";
import compression from "compression";
import type { RequestHandler } from "express";

/**
 * Brotli's window for responses compressed as they stream (pages rendered per request, data
 * requests, JSON): 2^18 = 256 KiB, larger than any page the site renders. `compression`
 * leaves brotli's default of 4 MiB, and every response then allocates and clears an encoder
 * of that size: profiling a signed-in owner's till under load, that was a fifth of the
 * server's CPU per request. On the till's HTML the output is byte for byte as small with
 * either window, for well under half the CPU (bench/README.md, 27 November 2026).
 */
export const STREAMING_BROTLI_WINDOW_BITS = 18;

/**
 * Brotli's quality for responses compressed per request (the middleware's default is 4): what
 * a signed-in page pays on every request. Kept visitor pages (quality 11, once) and the built
 * assets (quality 11, at build time) are compressed elsewhere. Measured in bench/README.md
 * ("The request path on standard means").
 */
export const STREAMING_BROTLI_QUALITY = 1;

/** Gzip or brotli for whatever the client accepts, except server-sent events. */
export function responseCompression(): RequestHandler {
  return compression({
    brotli: {
      params: {
        [constants.BROTLI_PARAM_LGWIN]: STREAMING_BROTLI_WINDOW_BITS,
        [constants.BROTLI_PARAM_QUALITY]: STREAMING_BROTLI_QUALITY,
      },
    },
    // Server-sent events must reach the browser as they are written, not when a buffer fills.
    filter: (req, res) =>
      !/^text\/event-stream/i.test(String(res.getHeader("Content-Type") ?? "")) &&
      compression.filter(req, res),
  });
}
