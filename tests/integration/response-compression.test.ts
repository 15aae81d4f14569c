import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { writeReadableStreamToWritable } from "@react-router/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  responseCompression,
  STREAMING_BROTLI_WINDOW_BITS,
} from "../../server/http/response-compression";

// How pages leave the server: React Router's Express handler writes the body through the
// `compression` middleware (server/http/response-compression.ts), which compresses what the
// client accepts, brotli with a small window, and leaves server-sent events alone.

const encoder = new TextEncoder();

/** A body that yields each piece in turn, as React Router's handler writes a page. */
function body(pieces: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
}

function getRaw(port: number, path: string, acceptEncoding: string) {
  return new Promise<{
    headers: Record<string, string | string[] | undefined>;
    encoding: string | undefined;
    body: Buffer;
  }>((resolve, reject) => {
    request({ port, path, headers: { "accept-encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          headers: res.headers,
          encoding: res.headers["content-encoding"],
          body: Buffer.concat(chunks),
        }),
      );
    })
      .on("error", reject)
      .end();
  });
}

const PAGE = Array.from(
  { length: 400 },
  (_, i) => `<tr><td>สินค้า ${i}</td><td>${i * 7} บาท</td></tr>\n`,
);

describe("pages sent through the compression middleware", () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    const app = express();
    app.use(responseCompression());
    app.get("/page", async (_req, res) => {
      res.type("html");
      const pieces = Array.from({ length: 10 }, (_, i) =>
        PAGE.slice(i * 40, (i + 1) * 40).join(""),
      );
      await writeReadableStreamToWritable(body(pieces), res);
    });
    app.get("/events", async (_req, res) => {
      res.type("text/event-stream");
      await writeReadableStreamToWritable(body([`data: ${"x".repeat(2000)}\n\n`]), res);
    });
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("come in brotli with a 256 KiB window to a browser", async () => {
    const { encoding, body: compressed } = await getRaw(port, "/page", "gzip, deflate, br, zstd");
    expect(encoding).toBe("br");
    expect(brotliDecompressSync(compressed).toString("utf8")).toBe(PAGE.join(""));
    // A brotli stream starts with its window size (RFC 7932, 9.1): 1, then 3 bits n, WBITS = 17 + n.
    const first = compressed[0]!;
    expect(first & 1).toBe(1);
    expect(17 + ((first >> 1) & 0b111)).toBe(STREAMING_BROTLI_WINDOW_BITS);
    expect(compressed.length).toBeLessThan(Buffer.byteLength(PAGE.join("")) / 4);
  });

  it("come in gzip or plain to clients that ask for those", async () => {
    const gzip = await getRaw(port, "/page", "gzip");
    expect(gzip.encoding).toBe("gzip");
    expect(gunzipSync(gzip.body).toString("utf8")).toBe(PAGE.join(""));
    const plain = await getRaw(port, "/page", "identity");
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString("utf8")).toBe(PAGE.join(""));
  });

  it("leave server-sent events uncompressed", async () => {
    const events = await getRaw(port, "/events", "br, gzip");
    expect(events.headers["content-encoding"]).toBeUndefined();
    expect(events.body.toString("utf8")).toMatch(/^data: x{2000}\n\n$/);
  });
});
