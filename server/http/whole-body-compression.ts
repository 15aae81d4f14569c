import * as zlib from "node:zlib";
import { writeReadableStreamToWritable } from "@react-router/node";
import compression from "compression";
import type { Request, Response } from "express";
import { acceptedCodings, codingByWeight, weightOf } from "./brotli-with-nonce";
import { coalesceChunks } from "./coalesce-chunks";
import { STREAMING_BROTLI_WINDOW_BITS } from "./response-compression";

/**
 * How long a body may take to complete and still be compressed in one piece: a rendered page
 * is complete a millisecond or two after its first chunk; one that streams a slow part later
 * starts out this much later and then streams as before.
 */
export const WHOLE_BODY_WAIT_MS = 20;
/** Bodies larger than this stream without waiting (they are not pages). */
export const WHOLE_BODY_MAX_BYTES = 1024 * 1024;
/**
 * Brotli's quality for a body compressed in one piece, paid by every signed-in page on every
 * request. On the till's 31 KB page under load, quality 4 (the middleware's) took 0.62 ms of
 * the main thread for 7.9 KB, 3 took 0.49 ms, 2 0.37 ms and 1 0.24-0.30 ms for 9.4 KB: a
 * tenth of the page's whole CPU saved for 1.4 KB more on the wire (bench/README.md,
 * 28 November 2026). Gzip at level 6, for the rare client without brotli, took 0.53 ms.
 */
export const WHOLE_BODY_BROTLI_QUALITY = 1;
/**
 * Zstandard's level for a body compressed in one piece, for the browsers that take it
 * (Chromium's and Firefox's; not Safari's). At level 1 it is both cheaper and smaller than
 * brotli at quality 1: the storehub page (26 KB) in 61 µs for 7.6 KB against 72 µs for 7.8 KB,
 * a till with 60 items (69 KB) in 84 µs for 10.9 KB against 391 µs for 11.3 KB; under load the
 * server's time in the compressor halved (0.20 → 0.11 ms a request). Node marks its zstd API
 * experimental: where it is missing, nothing is answered in zstd (docs/decisions/0055).
 */
export const WHOLE_BODY_ZSTD_LEVEL = 1;
const zstdCompressSync = (zlib as Partial<typeof zlib>).zstdCompressSync;
/** The compression middleware's own threshold: smaller bodies go out as they are. */
const THRESHOLD_BYTES = 1024;

/**
 * Sends a React Router answer's body. A body that is complete within WHOLE_BODY_WAIT_MS (every
 * page and data answer the site renders today) is compressed in one synchronous call and sent
 * with its length; anything slower streams through the compression middleware as it comes.
 * Streaming compression hands each chunk, flush and end to libuv's thread pool: waking a
 * thread for each cost more CPU than compressing the till's 30 KB page itself (0.39 ms against
 * 0.22 ms in one call, and more under load), the biggest single cost of a signed-in page
 * after React (bench/README.md, 28 November 2026).
 */
export async function sendBody(
  req: Request,
  res: Response,
  body: ReadableStream<Uint8Array>,
  /** Rewrites an HTML page that is complete at once (one that streams is sent as it is). */
  rewritePage?: (page: Buffer) => Buffer,
): Promise<void> {
  const rewrite = isHtml(res) ? rewritePage : undefined;
  const encoding = wholeBodyEncoding(req, res);
  if (encoding === null && !rewrite) {
    return writeReadableStreamToWritable(coalesceChunks(body), res);
  }
  const reader = body.getReader();
  const { chunks, size, done, next } = await readWithin(reader, WHOLE_BODY_WAIT_MS);
  if (!done) {
    return writeReadableStreamToWritable(coalesceChunks(continued(chunks, next, reader)), res);
  }
  const read = Buffer.concat(chunks, size);
  const whole = rewrite ? rewrite(read) : read;
  if (encoding === null || whole.length < THRESHOLD_BYTES) {
    res.end(whole);
    return;
  }
  const compressed =
    encoding === "zstd" ? zstd(whole) : encoding === "br" ? brotli(whole) : zlib.gzipSync(whole);
  res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", compressed.length);
  res.end(compressed);
}

/** The coding to compress in one piece with, or null when the body goes out as it streams. */
function wholeBodyEncoding(req: Request, res: Response): "zstd" | "br" | "gzip" | null {
  if (req.method === "HEAD" || res.getHeader("Content-Encoding")) return null;
  // Content types worth compressing, and no Cache-Control: no-transform (the middleware's rule).
  if (!compression.filter(req, res) || /\bno-transform\b/i.test(cacheControlOf(res))) return null;
  if (/^text\/event-stream/i.test(String(res.getHeader("Content-Type") ?? ""))) return null;
  const weights = acceptedCodings(req.headers["accept-encoding"]);
  const encoding = codingByWeight(weights);
  // Zstandard only when the client names it ("*" is older than its support), at a weight no
  // lower than the coding it would get otherwise.
  const zstd = zstdCompressSync ? (weights.get("zstd") ?? 0) : 0;
  if (zstd > 0 && (encoding === "identity" || zstd >= weightOf(weights, encoding))) return "zstd";
  return encoding === "identity" ? null : encoding;
}

function isHtml(res: Response): boolean {
  return /^text\/html\b/i.test(String(res.getHeader("Content-Type") ?? ""));
}

function cacheControlOf(res: Response): string {
  const value = res.getHeader("Cache-Control");
  return Array.isArray(value) ? value.join(",") : String(value ?? "");
}

function zstd(whole: Buffer): Buffer {
  // wholeBodyEncoding chooses zstd only where Node has it.
  if (!zstdCompressSync) throw new Error("zstd chosen on a Node without it");
  return zstdCompressSync(whole, {
    params: { [zlib.constants.ZSTD_c_compressionLevel]: WHOLE_BODY_ZSTD_LEVEL },
  });
}

function brotli(whole: Buffer): Buffer {
  return zlib.brotliCompressSync(whole, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: WHOLE_BODY_BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_LGWIN]: STREAMING_BROTLI_WINDOW_BITS,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: whole.length,
    },
  });
}

type Read = ReadableStreamReadResult<Uint8Array>;

/** The body's chunks read until it ends, `waitMs` pass or it outgrows WHOLE_BODY_MAX_BYTES. */
async function readWithin(reader: ReadableStreamDefaultReader<Uint8Array>, waitMs: number) {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timeUp = false;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<"time">((resolve) => {
    timer = setTimeout(() => {
      timeUp = true;
      resolve("time");
    }, waitMs);
  });
  try {
    for (;;) {
      const next = reader.read();
      const read = timeUp ? "time" : await Promise.race([next, deadline]);
      if (read === "time" || size > WHOLE_BODY_MAX_BYTES) {
        return { chunks, size, done: false as const, next };
      }
      if (read.done) return { chunks, size, done: true as const, next };
      chunks.push(read.value);
      size += read.value.byteLength;
    }
  } finally {
    clearTimeout(timer);
  }
}

/** The chunks read so far, then the pending read's, then the rest of the body. */
function continued(
  chunks: Uint8Array[],
  pending: Promise<Read>,
  reader: ReadableStreamDefaultReader<Uint8Array>,
): ReadableStream<Uint8Array> {
  let next: Promise<Read> | null = pending;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
    },
    async pull(controller) {
      const read = await (next ?? reader.read());
      next = null;
      if (read.done) controller.close();
      else controller.enqueue(read.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
