import type { RequestHandler } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence for every state-changing request: a browser always sends Origin (or at least
 * Sec-Fetch-Site) on a cross-site POST, so a foreign or opaque origin is refused. Requests
 * without either header do not come from a browser page and cannot carry a victim's cookies
 * by accident.
 */
export function originCheck(options: { publicOrigin?: string }): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    const allowed = new Set([`${req.protocol}://${req.get("host")}`]);
    if (options.publicOrigin) allowed.add(options.publicOrigin);
    const fetchSite = req.get("sec-fetch-site");
    const crossSite = origin ? !allowed.has(origin) : fetchSite === "cross-site";
    if (crossSite) {
      res
        .status(403)
        .type("text/plain; charset=utf-8")
        .send(
          "คำขอนี้ไม่ได้มาจากเว็บไซต์ของเรา จึงถูกปฏิเสธ / This request did not come from our site and was refused.",
        );
      return;
    }
    next();
  };
}
