import type { ErrorRequestHandler, Request, RequestHandler, Response } from "express";
import { isDatabaseUnavailableError, type DatabaseAvailability } from "~/db/availability.server";
import {
  databaseUnavailableHtml,
  databaseUnavailableText,
  RETRY_AFTER_SECONDS,
} from "~/layout/database-unavailable-page.server";
import { langFromCookieHeader } from "~/lib/i18n";

/**
 * While the database is down, every page, form and data request is answered 503 with
 * `Retry-After` and the "briefly unavailable" page before any of it runs: nothing is half
 * written, and no request waits on a dead connection.
 */
export function refuseWhileDatabaseUnavailable(availability: DatabaseAvailability): RequestHandler {
  return (req, res, next) => {
    // React Router's route manifest needs no database; refusing it would turn the browser's
    // next navigation into a route error instead of the "briefly unavailable" page.
    if (availability.available || req.path === "/__manifest") return next();
    sendDatabaseUnavailable(req, res);
  };
}

/** Maps a connection error that escaped a handler to the same 503 (and marks the database down). */
export function databaseUnavailableErrors(availability: DatabaseAvailability): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (!isDatabaseUnavailableError(error) || res.headersSent) return next(error);
    availability.reportError(error);
    req.log?.warn({ err: error }, "request refused: the database is unavailable");
    sendDatabaseUnavailable(req, res);
  };
}

export function sendDatabaseUnavailable(req: Request, res: Response): void {
  const lang = langFromCookieHeader(req.get("cookie") ?? null);
  res.status(503).set("Retry-After", String(RETRY_AFTER_SECONDS)).set("Cache-Control", "no-store");
  // React Router's client turns a .data answer without its own header into an error
  // response with this status, which its error page shows as "briefly unavailable".
  if (req.path.endsWith(".data")) {
    res.end();
    return;
  }
  if (!req.accepts("html")) {
    res.type("text/plain; charset=utf-8").send(databaseUnavailableText(lang));
    return;
  }
  res.type("html").send(databaseUnavailableHtml(lang));
}
