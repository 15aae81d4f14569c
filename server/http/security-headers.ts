import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";

const NONCE_BYTES = 16;
// Random bytes are fetched from the system 256 nonces at a time: one system call per request
// is measurable on a busy till (bench/README.md).
let pool = Buffer.alloc(0);
let offset = 0;

/** 128 unpredictable bits, base64: each one used once. */
function nextNonce(): string {
  if (offset + NONCE_BYTES > pool.length) {
    pool = randomBytes(NONCE_BYTES * 256);
    offset = 0;
  }
  const nonce = pool.toString("base64", offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}

export interface CspOptions {
  dev: boolean;
  /** Other origins that serve our images (a public S3 bucket or its CDN). */
  imageOrigins?: string[];
}

type Source = string | ((req: unknown, res: unknown) => string);

/** The site's policy: only its own origin, and inline scripts by `scriptSources`. */
function directives(options: CspOptions, scriptSources: Source[]): Record<string, Source[]> {
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...scriptSources, ...(options.dev ? ["'unsafe-eval'"] : [])],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...(options.imageOrigins ?? [])],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...(options.dev ? ["ws:"] : [])],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    "manifest-src": ["'self'"],
    "worker-src": ["'self'"],
  };
}

/**
 * The Content-Security-Policy header of a page whose inline scripts are allowed by their hashes
 * (`'sha256-…'`): the render cache's kept pages, which are sent unchanged to every visitor
 * (render-cache.ts). The same policy as every other answer's, but for how scripts are allowed.
 */
export function contentSecurityPolicy(options: CspOptions, scriptHashes: string[]): string {
  return Object.entries(directives(options, scriptHashes))
    .map(([name, values]) => [name, ...values].join(" "))
    .join(";");
}

/**
 * A fresh nonce per response, then helmet's headers with a CSP that only runs scripts
 * carrying that nonce (no 'unsafe-inline' for scripts). HSTS is sent only over HTTPS.
 */
export function securityHeaders(options: CspOptions): RequestHandler[] {
  const setNonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = nextNonce();
    next();
  };
  const nonce = (_req: unknown, res: unknown) =>
    `'nonce-${(res as { locals: { cspNonce: string } }).locals.cspNonce}'`;
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: directives(options, [nonce]) },
    strictTransportSecurity: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  });
  const hsts: RequestHandler = (req, res, next) => {
    if (req.secure)
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
  return [setNonce, headers, hsts];
}
