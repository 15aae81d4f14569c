import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  zstdDecompressSync,
} from "node:zlib";
import { writeReadableStreamToWritable } from "@react-router/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coalesceChunks } from "../../server/http/coalesce-chunks";
import {
  responseCompression,
  STREAMING_BROTLI_WINDOW_BITS,
} from "../../server/http/response-compression";
import {
  sendBody,
  WHOLE_BODY_BROTLI_QUALITY,
  WHOLE_BODY_WAIT_MS,
} from "../../server/http/whole-body-compression";

// How pages leave the server (server/http/react-router-handler.ts): a body complete at once is
// compressed in one piece (whole-body-compression.ts); a slower one streams, with its chunks
// joined first (React Router's writer flushes after every chunk), and brotli runs with a
// small window.

const encoder = new TextEncoder();

/** A body that yields `now` at once, then each of `later` after `delayMs`. */
function body(now: string[], later: string[] = [], delayMs = 30): ReadableStream<Uint8Array> {
  return new ReadableStream({
    async start(controller) {
      for (const part of now) controller.enqueue(encoder.encode(part));
      for (const part of later) {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        controller.enqueue(encoder.encode(part));
      }
      controller.close();
    },
  });
}

async function chunksOf(stream: ReadableStream<Uint8Array>): Promise<string[]> {
  const chunks: string[] = [];
  const reader = stream.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    chunks.push(Buffer.from(read.value).toString("utf8"));
  }
  return chunks;
}

/** A server for `app` on a free local port, and its port. */
async function listen(app: express.Express): Promise<{ server: Server; port: number }> {
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** GET `path` with `acceptEncoding`: the answer's headers, its bytes as sent, and when they began. */
function getRaw(port: number, path: string, acceptEncoding: string) {
  return new Promise<{
    headers: Record<string, string | string[] | undefined>;
    encoding: string | undefined;
    body: Buffer;
    firstByteAt: number;
  }>((resolve, reject) => {
    request({ port, path, headers: { "accept-encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      let firstByteAt = 0;
      res.on("data", (chunk: Buffer) => {
        firstByteAt ||= performance.now();
        chunks.push(chunk);
      });
      res.on("end", () =>
        resolve({
          headers: res.headers,
          encoding: res.headers["content-encoding"],
          body: Buffer.concat(chunks),
          firstByteAt,
        }),
      );
    })
      .on("error", reject)
      .end();
  });
}

describe("a response body's chunks", () => {
  it("are joined when they arrive together, and what arrives later still goes out on its own", async () => {
    const parts = Array.from({ length: 12 }, (_, i) => `<p>ส่วนที่ ${i}</p>`);
    expect(await chunksOf(coalesceChunks(body(parts, ["<script>later()</script>"])))).toEqual([
      parts.join(""),
      "<script>later()</script>",
    ]);
  });

  it("are passed on once they reach the size limit, without waiting for the rest", async () => {
    const chunks = await chunksOf(coalesceChunks(body(["a".repeat(40), "b".repeat(40), "c"]), 64));
    expect(chunks).toEqual(["a".repeat(40) + "b".repeat(40), "c"]);
  });
});

/** A page's worth of Thai table rows (about 20 KB). */
const TABLE_ROWS = Array.from(
  { length: 400 },
  (_, i) => `<tr><td>สินค้า ${i}</td><td>${i * 7} บาท</td></tr>\n`,
);

describe("compressed pages", () => {
  let server: Server;
  let port: number;
  const page = TABLE_ROWS;

  beforeAll(async () => {
    const app = express();
    app.use(responseCompression());
    // As React Router's handler writes a page: ten pieces, each followed by a flush.
    app.get("/page", async (_req, res) => {
      res.type("html");
      const pieces = Array.from({ length: 10 }, (_, i) =>
        page.slice(i * 40, (i + 1) * 40).join(""),
      );
      await writeReadableStreamToWritable(coalesceChunks(body(pieces)), res);
    });
    ({ server, port } = await listen(app));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (path: string, acceptEncoding: string) => getRaw(port, path, acceptEncoding);

  it("come in brotli with a 256 KiB window, whole, in one pass rather than a flushed block per piece", async () => {
    const { encoding, body: compressed } = await get("/page", "gzip, deflate, br");
    expect(encoding).toBe("br");
    expect(brotliDecompressSync(compressed).toString("utf8")).toBe(page.join(""));
    // A brotli stream starts with its window size (RFC 7932, 9.1): 1, then 3 bits n, WBITS = 17 + n.
    const first = compressed[0]!;
    expect(first & 1).toBe(1);
    expect(17 + ((first >> 1) & 0b111)).toBe(STREAMING_BROTLI_WINDOW_BITS);
    // One compressed block, not one per piece: a flushed block per piece made it larger.
    const html = Buffer.from(page.join(""));
    const inOnePass = brotliCompressSync(html, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 4 },
    });
    expect(compressed.length).toBeLessThanOrEqual(inOnePass.length + 16);
  });

  it("come in gzip or plain to clients that ask for those", async () => {
    const gzip = await get("/page", "gzip");
    expect(gzip.encoding).toBe("gzip");
    const { gunzipSync } = await import("node:zlib");
    expect(gunzipSync(gzip.body).toString("utf8")).toBe(page.join(""));
    const plain = await get("/page", "identity");
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString("utf8")).toBe(page.join(""));
  });
});

describe("answers sent by the React Router handler", () => {
  let server: Server;
  let port: number;
  const page = TABLE_ROWS.join("");
  const pieces = Array.from({ length: 10 }, (_, i) => page.slice(i * 1000, (i + 1) * 1000));
  pieces.push(page.slice(10_000));
  // When the client saw the first bytes of the slow page, and when the slow part was made.
  const seen = { lateWritten: 0 };

  beforeAll(async () => {
    const app = express();
    app.use(responseCompression());
    app.get("/page", async (req, res) => {
      res.type("html");
      await sendBody(req, res, body(pieces));
    });
    app.get("/small", async (req, res) => {
      res.type("html");
      await sendBody(req, res, body(["<p>สวัสดี</p>"]));
    });
    app.get("/slow", async (req, res) => {
      res.type("html");
      const later = WHOLE_BODY_WAIT_MS + 250;
      const stream = body(pieces, ["<script>late()</script>"], later);
      setTimeout(() => (seen.lateWritten = performance.now()), later);
      await sendBody(req, res, stream);
    });
    app.get("/rewritten", async (req, res) => {
      res.type("html");
      await sendBody(req, res, body(pieces), (html) =>
        Buffer.from(html.toString().replaceAll("สินค้า", "ของ")),
      );
    });
    app.get("/rewritten.json", async (req, res) => {
      res.type("json");
      await sendBody(req, res, body([JSON.stringify({ page })]), () => Buffer.from("changed"));
    });
    app.get("/events", async (req, res) => {
      res.type("text/event-stream");
      await sendBody(req, res, body(["data: " + "x".repeat(2000) + "\n\n"]));
    });
    ({ server, port } = await listen(app));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (path: string, acceptEncoding: string) => getRaw(port, path, acceptEncoding);

  /** The body of an answer sent whole in `coding`, with its length and no chunking. */
  function inOnePiece(answer: Awaited<ReturnType<typeof get>>, coding: string): Buffer {
    expect(answer.headers["content-encoding"]).toBe(coding);
    expect(answer.headers["content-length"]).toBe(String(answer.body.length));
    expect(answer.headers["transfer-encoding"]).toBeUndefined();
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    return answer.body;
  }

  it("come whole in one zstd piece with their length to a browser that takes it, smaller than brotli's", async () => {
    // Chromium's and Firefox's Accept-Encoding.
    const answer = await get("/page", "gzip, deflate, br, zstd");
    const compressed = inOnePiece(answer, "zstd");
    expect(zstdDecompressSync(compressed).toString("utf8")).toBe(page);
    const brotli = brotliCompressSync(page, {
      params: { [constants.BROTLI_PARAM_QUALITY]: WHOLE_BODY_BROTLI_QUALITY },
    });
    expect(compressed.length).toBeLessThan(brotli.length);
  });

  it("come in zstd only when the client names it at a weight no lower than the other coding's", async () => {
    expect((await get("/page", "zstd")).encoding).toBe("zstd");
    expect((await get("/page", "br;q=0.8, zstd;q=0.9")).encoding).toBe("zstd");
    expect((await get("/page", "br, zstd;q=0.5")).encoding).toBe("br");
    expect((await get("/page", "zstd;q=0, gzip")).encoding).toBe("gzip");
    expect((await get("/page", "*")).encoding).toBe("br");
  });

  it("come whole in one brotli piece with their length to a browser without zstd", async () => {
    // Safari's Accept-Encoding.
    const answer = await get("/page", "gzip, deflate, br");
    const compressed = inOnePiece(answer, "br");
    expect(brotliDecompressSync(compressed).toString("utf8")).toBe(page);
    const first = compressed[0]!;
    expect(17 + ((first >> 1) & 0b111)).toBe(STREAMING_BROTLI_WINDOW_BITS);
  });

  it("come in gzip, or as they are, to clients that accept only those", async () => {
    const gzip = await get("/page", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers["content-length"]).toBe(String(gzip.body.length));
    expect(gunzipSync(gzip.body).toString("utf8")).toBe(page);
    const plain = await get("/page", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString("utf8")).toBe(page);
  });

  it("leave a body under a kilobyte as it is", async () => {
    const small = await get("/small", "br, gzip");
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body.toString("utf8")).toBe("<p>สวัสดี</p>");
  });

  it("stream a body that takes longer: its first part reaches the client before the rest is made", async () => {
    const slow = await get("/slow", "br");
    expect(slow.headers["content-encoding"]).toBe("br");
    expect(slow.headers["transfer-encoding"]).toBe("chunked");
    expect(brotliDecompressSync(slow.body).toString("utf8")).toBe(page + "<script>late()</script>");
    expect(seen.lateWritten).toBeGreaterThan(0);
    expect(slow.firstByteAt).toBeLessThan(seen.lateWritten);
  });

  it("are rewritten when the route asks and the body is an HTML page, in every coding", async () => {
    const expected = page.replaceAll("สินค้า", "ของ");
    const br = await get("/rewritten", "br");
    expect(brotliDecompressSync(br.body).toString("utf8")).toBe(expected);
    const zstd = await get("/rewritten", "zstd");
    expect(zstdDecompressSync(zstd.body).toString("utf8")).toBe(expected);
    const plain = await get("/rewritten", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString("utf8")).toBe(expected);
    const json = await get("/rewritten.json", "identity");
    expect(JSON.parse(json.body.toString("utf8"))).toEqual({ page });
  });

  it("leave server-sent events uncompressed", async () => {
    const events = await get("/events", "br, gzip");
    expect(events.headers["content-encoding"]).toBeUndefined();
    expect(events.body.toString("utf8")).toMatch(/^data: x{2000}\n\n$/);
  });
});
