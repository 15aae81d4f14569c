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

/**
 * A fresh nonce per response, then helmet's headers with a CSP that only runs scripts
 * carrying that nonce (no 'unsafe-inline' for scripts). HSTS is sent only over HTTPS.
 */
export function securityHeaders(options: {
  dev: boolean;
  /** Other origins that serve our images (a public S3 bucket or its CDN). */
  imageOrigins?: string[];
}): RequestHandler[] {
  const setNonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = nextNonce();
    next();
  };
  const nonce = (_req: unknown, res: unknown) =>
    `'nonce-${(res as { locals: { cspNonce: string } }).locals.cspNonce}'`;
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", nonce, ...(options.dev ? ["'unsafe-eval'"] : [])],
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
      },
    },
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
