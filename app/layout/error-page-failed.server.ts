import { en } from "~/lib/i18n/en";
import { th } from "~/lib/i18n/th";

/**
 * The page for the worst case: rendering the error page itself failed. Plain HTML that
 * cannot fail, in Thai with the seed's English text.
 */
export function errorPageFailedResponse(): Response {
  const html = `<!doctype html>
<html lang="th"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${th["error.title"]} | ${en["error.title"]}</title></head>
<body style="font-family:sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">
<h1>${th["error.pageFailed"]}</h1>
<p lang="en">${en["error.pageFailed"]}</p>
<p><a href="/">${th["error.goHome"]}</a> · <a href="/" lang="en">${en["error.goHome"]}</a></p>
</body></html>`;
  return new Response(html, {
    status: 500,
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
}
