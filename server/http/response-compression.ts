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

/** Gzip or brotli for whatever the client accepts, except server-sent events. */
export function responseCompression(): RequestHandler {
  return compression({
    brotli: { params: { [constants.BROTLI_PARAM_LGWIN]: STREAMING_BROTLI_WINDOW_BITS } },
    // Server-sent events must reach the browser as they are written, not when a buffer fills.
    filter: (req, res) =>
      !/^text\/event-stream/i.test(String(res.getHeader("Content-Type") ?? "")) &&
      compression.filter(req, res),
  });
}
