import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postcss from "postcss";
import { matchRoutes, type RouteObject } from "react-router";
import { afterAll, describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { pageModules } from "../../scripts/page-modules.ts";
import { PAGE_ROUTES, purgeCss } from "../../scripts/purge-css.ts";

const APP = new URL("../../app", import.meta.url).pathname;

// PurgeCSS in the production build (scripts/purge-css.ts): the site's unused utilities go, and
// a page's own stylesheet is cut to the files its routes import.

// A small project of its own: a page whose route imports one component statically and one
// lazily, a server-only file, a package, and a component no route imports.
const project = mkdtempSync(path.join(tmpdir(), "purge-css-"));
const app = path.join(project, "app");
const files: Record<string, string> = {
  "root.tsx": `import { Shell } from "~/layout/shell";\nimport db from "pg";\nexport default Shell;`,
  "layout/shell.tsx": `export const Shell = () => <div className="shell-frame" />;`,
  "routes/till.tsx": [
    `import { data } from "./till-data.server";`,
    `const Camera = lazy(() => import("./camera"));`,
    `export default () => <button className="btn btn-primary till-go" />;`,
  ].join("\n"),
  "routes/camera.tsx": `export default () => <video className="camera-view" />;`,
  "routes/till-data.server.ts": `export const data = "server-only-word";`,
  "routes/other.tsx": `export default () => <table className="other-table" />;`,
};
for (const [file, text] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(app, file)), { recursive: true });
  writeFileSync(path.join(app, file), text);
}
afterAll(() => rmSync(project, { recursive: true, force: true }));

const SHEET = `
/*! page-stylesheet: till */
@font-face { font-family: "Sarabun"; src: url(a.woff2) }
:root { --bs-primary: #0d47a1 }
body { margin: 0 }
.btn { padding: 1rem }
.btn-primary, .btn-secondary { color: blue }
.other-table td { border: 0 }
.btn:not(.has-validation) > span { border-radius: 0 }
.shell-frame .camera-view { width: 100% }
.server-only-word { color: red }
@media (min-width: 768px) { .other-table { width: 50% } .till-go { width: 8rem } }
@keyframes shake { from { left: 0 } to { left: 6px } }
`;

async function cut(css: string, enabled = true) {
  const plugin = purgeCss(project, () => enabled, { till: ["root.tsx", "routes/till.tsx"] });
  return (await postcss([plugin]).process(css, { from: undefined })).css;
}

// The site's sheet: Bootstrap's components and the site's rules left whole, utilities purged.
const SITE_SHEET = `
/*! purgecss start ignore */
.btn { color: red }
.unheard-of-component { color: blue }
/*! purgecss end ignore */
.shell-frame { display: none !important }
.unheard-of-utility-7 { margin: 7px !important }
.bg-danger { background: red !important }
.shell-frame, .unheard-of-utility-8 { display: none }
@media (min-width: 768px) { .unheard-of-utility-9 { margin: 0 } }
/*! purgecss start ignore */
.after-section-unheard { color: green }
/*! purgecss end ignore */
`;

describe("the site's stylesheet (production CSS)", () => {
  it("drops the utilities no source file names and keeps the used ones and the rest", async () => {
    const css = await cut(SITE_SHEET);
    expect(css).toContain(".shell-frame {");
    expect(css).not.toContain("unheard-of-utility");
    expect(css).not.toContain("@media");
    // react-bootstrap's <Badge bg="danger"> makes bg-danger from a prop the scan cannot see.
    expect(css).toContain(".bg-danger");
    expect(css).toContain(".unheard-of-component");
    expect(css).toContain(".after-section-unheard");
  });

  it("leaves a sheet with neither mark (a route's print sheet), and every sheet in development", async () => {
    const print = ".unheard-of-print-rule { display: none }";
    expect(await cut(print)).toContain(".unheard-of-print-rule");
    expect(await cut(SITE_SHEET, false)).toContain("unheard-of-utility-9");
  });
});

describe("a page's own stylesheet (production CSS)", () => {
  it("follows the page's routes through static and lazy imports, not into server files or packages", () => {
    const found = pageModules([path.join(app, "root.tsx"), path.join(app, "routes/till.tsx")], app);
    expect(found.map((file) => path.relative(app, file))).toEqual([
      "layout/shell.tsx",
      "root.tsx",
      "routes/camera.tsx",
      "routes/till.tsx",
    ]);
  });

  it("keeps the rules whose classes the page's files name, and what no class decides", async () => {
    const css = await cut(SHEET);
    for (const kept of [
      "@font-face",
      ":root",
      "body",
      ".btn {",
      ".btn-primary {",
      // A class inside :not() is not required: the rule matches a button without it.
      ".btn:not(.has-validation) > span",
      ".shell-frame .camera-view",
      ".till-go",
      "@keyframes shake",
    ]) {
      expect(css).toContain(kept);
    }
    for (const dropped of ["btn-secondary", "other-table", "server-only-word"]) {
      expect(css).not.toContain(dropped);
    }
    // The media query keeps only its rule for the page.
    expect(css).toMatch(/@media \(min-width: 768px\) \{\s*\.till-go/);
  });

  it("cuts the whole page sheet, the site's sections left whole included", async () => {
    const css = await cut(
      `${SHEET}\n/*! purgecss start ignore */ .other-table th { color: red } /*! purgecss end ignore */`,
    );
    expect(css).not.toContain("other-table");
    expect(await cut(SHEET, false)).toContain(".other-table td");
    await expect(cut(SHEET.replace(": till", ": storehub"))).rejects.toThrow(/no page called/);
  });

  it("names the till's routes: every route /shophub/sell matches, root first", () => {
    type Config = { path?: string; file: string; index?: boolean; children?: Config[] };
    const asRoute = (config: Config): RouteObject =>
      ({
        path: config.path,
        index: config.index,
        id: config.file,
        children: config.children?.map(asRoute),
      }) as RouteObject;
    const matched = matchRoutes(
      [{ path: "", id: "root.tsx", children: (routes as Config[]).map(asRoute) }],
      "/shophub/sell",
    );
    expect(matched?.map((match) => match.route.id)).toEqual([...PAGE_ROUTES.till]);
  });

  it("scans the till's whole frame, bill and payment, and none of the other shophub pages", () => {
    const found = pageModules(
      PAGE_ROUTES.till.map((route) => path.join(APP, route)),
      APP,
    ).map((file) => path.relative(APP, file));
    expect(found).toEqual(
      expect.arrayContaining([
        "layout/site-header.tsx",
        "layout/notice-bar.tsx",
        "features/shops/shophub-nav.tsx",
        "routes/shophub/sell/pay-dialog.tsx",
        "routes/shophub/sell/camera-scanner.tsx",
      ]),
    );
    expect(found.filter((file) => /\.server\.|routes\/shophub\/invoices\//.test(file))).toEqual([]);
  });
});
