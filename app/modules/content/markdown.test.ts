import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.server";

describe("renderMarkdown", () => {
  it("renders headings with ids for #hash links, Thai included", () => {
    const { html, headings } = renderMarkdown("## เลือกกล้องอย่างไร\n\nข้อความ\n\n## เลือกกล้องอย่างไร");
    expect(headings.map((h) => h.id)).toEqual(["เลือกกล้องอย่างไร", "เลือกกล้องอย่างไร-2"]);
    expect(html).toContain('<h2 id="เลือกกล้องอย่างไร">');
  });

  it("removes scripts, event handlers and javascript: links", () => {
    const { html } = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n[x](javascript:alert(1))',
    );
    expect(html).not.toMatch(/<script|onerror|javascript:/i);
  });

  it("wraps tables so they scroll on phones", () => {
    const { html } = renderMarkdown("| a | b |\n|---|---|\n| 1 | 2 |");
    expect(html).toContain('<div class="table-responsive"><table class="table table-sm">');
  });

  it("opens external links in a new tab without leaking the opener", () => {
    const { html } = renderMarkdown("[ที่นี่](https://example.com)");
    expect(html).toContain('rel="noopener noreferrer"');
  });
});
