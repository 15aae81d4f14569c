import postcss from "postcss";
import { describe, expect, it } from "vitest";
import { purgeUnusedUtilities } from "../../scripts/purge-unused-utilities.ts";

const ROOT = new URL("../..", import.meta.url).pathname;

async function run(css: string, enabled = true) {
  return (
    await postcss([purgeUnusedUtilities(ROOT, () => enabled)]).process(css, { from: undefined })
  ).css;
}

const SHEET = `
.btn { color: red }
.unheard-of-component { color: blue }
/*! purge-utilities:start */
.d-none { display: none !important }
.unheard-of-utility-7 { margin: 7px !important }
.bg-danger { background: red !important }
.d-xl-none, .unheard-of-utility-8 { display: none }
@media (min-width: 768px) { .unheard-of-utility-9 { margin: 0 } }
/*! purge-utilities:end */
.after-section-unheard { color: green }
`;

describe("purge of unused Bootstrap utilities (production CSS)", () => {
  it("drops the utilities no source file names and keeps the used ones", async () => {
    const css = await run(SHEET);
    expect(css).toContain(".d-none");
    expect(css).toMatch(/\.d-xl-none\s*\{/);
    expect(css).not.toContain("unheard-of-utility");
    expect(css).not.toContain("@media");
    // react-bootstrap's <Badge bg="danger"> makes bg-danger from a prop the scan cannot see.
    expect(css).toContain(".bg-danger");
  });

  it("leaves everything outside the utilities section, and everything in development", async () => {
    const css = await run(SHEET);
    expect(css).toContain(".unheard-of-component");
    expect(css).toContain(".after-section-unheard");
    expect(await run(SHEET, false)).toContain("unheard-of-utility-9");
  });
});
