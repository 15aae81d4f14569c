import type { Lang } from "~/lib/i18n";
import { renderMarkdown } from "./markdown.server";

export const LEGAL_PAGES = ["terms", "privacy"] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

// Bundled at build time, one file per page and language (content/legal/<page>.<lang>.md).
const files = import.meta.glob<string>("/content/legal/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

/** The page's title (its first "# " line) and its body as sanitised HTML. */
export function loadLegalPage(page: LegalPage, lang: Lang): { title: string; html: string } {
  const raw = files[`/content/legal/${page}.${lang}.md`] ?? files[`/content/legal/${page}.th.md`];
  if (!raw) throw new Error(`content/legal/${page}.th.md is missing`);
  const [first = "", ...rest] = raw.trim().split("\n");
  const title = first.replace(/^#\s+/, "").trim();
  return { title, html: renderMarkdown(rest.join("\n")).html };
}
