import { langFromCookieHeader, type Lang } from "~/lib/i18n";
import { en } from "~/lib/i18n/en";
import { th } from "~/lib/i18n/th";

/** Seconds a client is asked to wait: the embedded server restarts within a few. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * The answer to a page, form or data request while the database is unavailable: 503 with
 * `Retry-After`, in the visitor's language. `.data` requests (React Router's client
 * navigations and form posts) get an empty body: the client turns an answer without its own
 * header into an error response with this status, which the error page shows as "briefly
 * unavailable" in the page's language.
 */
export function databaseUnavailableResponse(request: Request): Response {
  const lang = langFromCookieHeader(request.headers.get("cookie"));
  const data = new URL(request.url).pathname.endsWith(".data");
  return new Response(data ? "" : databaseUnavailableHtml(lang), {
    status: 503,
    headers: {
      "Content-Type": data ? "text/plain; charset=utf-8" : "text/html; charset=utf-8",
      "Retry-After": String(RETRY_AFTER_SECONDS),
      "Cache-Control": "no-store",
    },
  });
}

export function databaseUnavailableText(lang: Lang): string {
  const messages = lang === "en" ? en : th;
  return `${messages["error.unavailable"]}. ${messages["error.unavailableHint"]}`;
}

/** A self-contained page: no script, style sheet or query that could fail in turn. */
export function databaseUnavailableHtml(lang: Lang): string {
  const messages = lang === "en" ? en : th;
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS * 3}">
<title>${messages["error.unavailable"]} | ${messages["site.name"]}</title></head>
<body style="font-family:Sarabun,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.6">
<h1 data-testid="unavailable">${messages["error.unavailable"]}</h1>
<p>${messages["error.unavailableHint"]}</p>
<p><a href="">${messages["error.reload"]}</a></p>
</body></html>`;
}
