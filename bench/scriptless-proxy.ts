// A proxy that serves a running site's pages without their scripts, for `bench/lighthouse.ts
// --without-scripts`: what a page costs the browser when none of its JavaScript runs (no
// hydration, no module evaluation) against the same page as served, measured in the same run.
// Lighthouse's performance score on the public pages has stayed under 100 whatever the scripts
// did (decisions 0044, 0048, 0049); this tells how much of the gap the scripts are at all.
//
// Every response passes through unchanged except HTML documents, from which every `<script>`
// but JSON-LD and every `<link rel="modulepreload">` is removed. The document is then sent in
// brotli (the browser sends `br`; the site answers in brotli too), without its ETag and
// length, which no longer describe it. Not for serving anyone: a benchmark instrument.
import { createServer, request, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import {
  brotliCompressSync,
  brotliDecompressSync,
  gunzipSync,
  inflateSync,
  zstdDecompressSync,
} from "node:zlib";

/** The page's HTML with its scripts and module preloads taken out (JSON-LD data is kept). */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, "");
}

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  switch (encoding) {
    case "br":
      return brotliDecompressSync(body);
    case "gzip":
      return gunzipSync(body);
    case "deflate":
      return inflateSync(body);
    case "zstd":
      // Should a server in front answer in zstd.
      return zstdDecompressSync(body);
    default:
      return body;
  }
}

export interface ScriptlessProxy {
  /** The proxy's base URL: the same paths as the target's. */
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the proxy in front of `target` (a base URL such as http://127.0.0.1:3000). With
 * `strip` false it changes nothing but passes documents through the same steps (decoded, sent
 * in brotli at the same quality): the page as served, through the same hop, for a fair pair.
 */
export async function startScriptlessProxy(target: string, strip = true): Promise<ScriptlessProxy> {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const headers: IncomingHttpHeaders = { ...req.headers, host: upstream.host };
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers,
      },
      (answer) => {
        const type = String(answer.headers["content-type"] ?? "");
        if (!type.startsWith("text/html")) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const encoding = answer.headers["content-encoding"];
          const html = decoded(Buffer.concat(chunks), encoding).toString("utf8");
          const body = brotliCompressSync(strip ? withoutScripts(html) : html);
          const out = { ...answer.headers, "content-encoding": "br" };
          delete out["content-length"];
          delete out.etag;
          res.writeHead(answer.statusCode ?? 502, out);
          res.end(body);
        });
        answer.on("error", () => res.destroy());
      },
    );
    forward.on("error", () => {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end("proxy: the site did not answer");
    });
    req.pipe(forward);
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((closed) => {
        server.close(() => closed());
        server.closeAllConnections();
      }),
  };
}
