import { langFromCookieHeader, type MessageKey } from "~/lib/i18n";
import { serverTranslate } from "~/lib/i18n/messages.server";

/** What a problem page says: its title, a hint (with `{size}` filled in) and the way back. */
export interface Problem {
  title: MessageKey;
  hint: MessageKey;
  size?: string;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}

/**
 * A self-contained page for a request the site refuses before any route answers it (a body
 * over its limit: 413; a body that is not a form: 400), in the visitor's language: no script,
 * stylesheet or query that could fail in turn. `path` is the page to go back to.
 */
export function problemPageHtml(cookieHeader: string | null, path: string, problem: Problem) {
  const lang = langFromCookieHeader(cookieHeader);
  const t = serverTranslate(lang);
  const title = escapeHtml(t(problem.title));
  const hint = escapeHtml(t(problem.hint, { size: problem.size ?? "" }));
  const back = escapeHtml(path.replace(/\.data$/, "") || "/");
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>` +
    `<body><main style="max-width:40rem;margin:3rem auto;font-family:sans-serif;padding:0 1rem">` +
    `<h1>${title}</h1><p>${hint}</p><p><a href="${back}">${escapeHtml(t("error.back"))}</a></p>` +
    `</main></body></html>`
  );
}

/** The 400 answer to a form post whose body could not be read as a form. */
export function unreadableBodyResponse(request: Request): Response {
  const html = problemPageHtml(request.headers.get("cookie"), new URL(request.url).pathname, {
    title: "error.unreadableForm",
    hint: "error.unreadableFormHint",
  });
  return new Response(html, {
    status: 400,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
