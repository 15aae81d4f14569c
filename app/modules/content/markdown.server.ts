import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

export interface RenderedMarkdown {
  html: string;
  headings: { id: string; text: string; level: number }[];
}

/**
 * Renders article Markdown to HTML that is safe to inject: everything passes through an
 * allow-list sanitiser, and headings get ids so `#hash` links can target them.
 */
export function renderMarkdown(markdown: string): RenderedMarkdown {
  const headings: RenderedMarkdown["headings"] = [];
  const usedIds = new Map<string, number>();
  const marked = new Marked({ gfm: true });
  marked.use({
    renderer: {
      heading({ tokens, depth }) {
        const text = this.parser.parseInline(tokens);
        const plain = text.replace(/<[^>]+>/g, "");
        const id = uniqueId(slugifyHeading(plain), usedIds);
        if (depth <= 3) headings.push({ id, text: plain, level: depth });
        return `<h${depth} id="${id}">${text}</h${depth}>\n`;
      },
      table(token) {
        // Wide tables scroll inside their own box on phones instead of widening the page.
        const html = marked.Renderer.prototype.table.call(this, token);
        return `<div class="table-responsive">${html.replace("<table>", '<table class="table table-sm">')}</div>`;
      },
    },
  });
  const raw = marked.parse(markdown, { async: false });
  const html = sanitizeHtml(raw, {
    allowedTags: [
      "h2",
      "h3",
      "h4",
      "p",
      "a",
      "ul",
      "ol",
      "li",
      "strong",
      "em",
      "code",
      "pre",
      "blockquote",
      "table",
      "thead",
      "tbody",
      "tr",
      "th",
      "td",
      "hr",
      "br",
      "div",
    ],
    allowedAttributes: {
      a: ["href", "title", "rel", "target"],
      h2: ["id"],
      h3: ["id"],
      h4: ["id"],
      div: ["class"],
      table: ["class"],
      th: ["align"],
      td: ["align"],
    },
    allowedClasses: { div: ["table-responsive"], table: ["table", "table-sm"] },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    transformTags: {
      // Level-1 headings belong to the page title; demote any that appear in the body.
      h1: "h2",
      a: (tagName, attribs) => {
        const external = /^https?:\/\//.test(attribs.href ?? "");
        return {
          tagName,
          attribs: external
            ? { ...attribs, rel: "noopener noreferrer", target: "_blank" }
            : attribs,
        };
      },
    },
  });
  return { html, headings };
}

function slugifyHeading(text: string): string {
  const slug = text
    .normalize("NFC")
    .toLowerCase()
    .replace(/&[a-z]+;/g, "")
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  return slug || "section";
}

function uniqueId(base: string, used: Map<string, number>): string {
  const count = used.get(base) ?? 0;
  used.set(base, count + 1);
  return count === 0 ? base : `${base}-${count + 1}`;
}
