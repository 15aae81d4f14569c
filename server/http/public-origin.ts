import type { Request } from "express";

/** The loopback names a newcomer may open the site under (the same list better-auth accepts). */
const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/i;

/**
 * Where links in pages and e-mails point (canonical links, sitemap, invitations, share links).
 *
 * With PUBLIC_URL, always that. Without it, the Host header is never trusted: a visitor could
 * send any name and have our invitation e-mails or cached pages point to their site. Only a
 * loopback name (`localhost:3000`, `127.0.0.1:3000`) is taken from the request, so `npm start`
 * keeps working on the developer's own machine; any other Host gets `http://localhost:PORT`.
 */
export function publicOriginResolver(options: {
  publicUrl?: string;
  port: number;
}): (req: Request) => string {
  const configured = options.publicUrl ? new URL(options.publicUrl).origin : undefined;
  if (configured) return () => configured;
  const fallback = `http://localhost:${options.port}`;
  return (req) => {
    const host = req.get("host") ?? "";
    return LOOPBACK_HOST.test(host) ? `http://${host.toLowerCase()}` : fallback;
  };
}

/** Logged at start in production without PUBLIC_URL. */
export const MISSING_PUBLIC_URL_WARNING =
  "PUBLIC_URL is not set: links in e-mails and pages point to http://localhost (never to the " +
  "Host a visitor sends) and cookies are not marked Secure. Set PUBLIC_URL=https://your.domain " +
  "before serving real visitors.";
