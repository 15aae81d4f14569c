import { execFile } from "node:child_process";
import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";

// Runs the repository's real dependency-cruiser configs (the ones `npm run lint` uses: the file
// rules and the module graph) over a tiny tree shaped like app/, once clean and once per rule
// with one bad import added, so a rule that stops firing (a typo in a path pattern, a renamed
// folder) fails here.

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, "../..");
const cli = path.join(repo, "node_modules/dependency-cruiser/bin/dependency-cruiser.mjs");
const CONFIGS = [".dependency-cruiser.mjs", ".dependency-cruiser-modules.mjs"];

/** A tree that keeps every rule: routes → modules (through their indexes) → lib/db. */
const CLEAN_TREE: Record<string, string> = {
  "app/context.ts": `export const appContext = 1;\n`,
  "app/lib/text.ts": `export const text = "x";\n`,
  "app/db/client.server.ts": `export const db = 1;\n`,
  "app/db/schema.ts": `export * from "../modules/alpha/schema";\nexport * from "../modules/beta/schema";\n`,
  "app/modules/alpha/schema.ts": `export const alphaTable = 1;\n`,
  "app/modules/alpha/rules.ts": `import { text } from "~/lib/text";\nexport const rule = text;\n`,
  "app/modules/alpha/work.server.ts": [
    `import { db } from "~/db/client.server";`,
    `import { alphaTable } from "~/db/schema";`,
    `import { rule } from "./rules";`,
    `export const work = [db, alphaTable, rule];`,
    ``,
  ].join("\n"),
  "app/modules/alpha/index.ts": `export * from "./rules";\n`,
  "app/modules/alpha/index.server.ts": `export * from "./index";\nexport * from "./work.server";\n`,
  "app/modules/beta/schema.ts": `import { alphaTable } from "../alpha/schema";\nexport const betaTable = alphaTable;\n`,
  // beta builds on alpha (its table refers to alpha's), never the other way round.
  "app/modules/beta/work.server.ts": `import { work } from "~/modules/alpha/index.server";\nexport const betaWork = work;\n`,
  "app/modules/beta/index.server.ts": `export * from "./work.server";\n`,
  "app/ui/button.tsx": `import { rule } from "~/modules/alpha";\nexport const Button = rule;\n`,
  "app/features/alpha/field.tsx": `import { rule } from "~/modules/alpha";\nimport { Button } from "~/ui/button";\nexport const Field = [rule, Button];\n`,
  "app/layout/frame.tsx": `import { Button } from "~/ui/button";\nexport const Frame = Button;\n`,
  "app/routes/page.tsx": [
    `import { appContext } from "~/context";`,
    `import { db } from "~/db/client.server";`,
    `import { Frame } from "~/layout/frame";`,
    `import { text } from "~/lib/text";`,
    `import { rule } from "~/modules/alpha";`,
    `import { work } from "~/modules/alpha/index.server";`,
    `export const page = [appContext, db, Frame, text, rule, work];`,
    ``,
  ].join("\n"),
  "server/app.ts": `import { work } from "~/modules/alpha/index.server";\nexport const app = work;\n`,
  "node_modules/react-router/package.json": `{ "name": "react-router", "main": "index.js" }\n`,
  "node_modules/react-router/index.js": `export const redirect = () => null;\n`,
  "node_modules/react-router/index.d.ts": `export declare const redirect: () => null;\nexport type MiddlewareFunction = () => void;\n`,
};

const TSCONFIG = {
  compilerOptions: {
    module: "ES2022",
    moduleResolution: "bundler",
    jsx: "react-jsx",
    baseUrl: ".",
    paths: { "~/*": ["./app/*"] },
  },
};

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

let folder: string | undefined;
afterEach(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
  folder = undefined;
});

async function cruise(extra: Record<string, string>): Promise<Violation[]> {
  folder = await mkdtemp(path.join(tmpdir(), "layer-rules-"));
  for (const config of CONFIGS) {
    await copyFile(path.join(repo, config), path.join(folder, config));
  }
  await writeFile(path.join(folder, "tsconfig.json"), JSON.stringify(TSCONFIG));
  for (const [file, text] of Object.entries({ ...CLEAN_TREE, ...extra })) {
    await mkdir(path.dirname(path.join(folder, file)), { recursive: true });
    await writeFile(path.join(folder, file), text);
  }
  const violations: Violation[] = [];
  for (const config of CONFIGS) {
    // Exit code 1 means "violations found"; the JSON report is on stdout either way.
    const output = await run(
      process.execPath,
      [cli, "--config", config, "--output-type", "json", "app", "server"],
      { cwd: folder, maxBuffer: 16 * 1024 * 1024 },
    ).catch((error: { stdout?: string; code?: number }) => {
      if (error.code === 1 && error.stdout) return { stdout: error.stdout };
      throw error;
    });
    const report = JSON.parse(output.stdout) as {
      summary: { violations: Violation[]; totalCruised: number };
    };
    // The module graph leaves app/db out (its schema index joins every module).
    const sources = Object.keys(CLEAN_TREE).filter(
      (file) => !file.startsWith("node_modules/") && !file.startsWith("app/db/"),
    );
    expect(report.summary.totalCruised).toBeGreaterThanOrEqual(sources.length);
    violations.push(...report.summary.violations);
  }
  return violations;
}

const summary = (violations: Violation[]) =>
  violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();

describe("layer rules (npm run lint)", () => {
  it("accept a tree that keeps the layers", async () => {
    expect(summary(await cruise({}))).toEqual([]);
  });

  it.each<[string, Record<string, string>, string[]]>([
    [
      "no-import-cycles",
      {
        "app/lib/one.ts": `import { two } from "./two";\nexport const one = () => two;\n`,
        "app/lib/two.ts": `import { one } from "./one";\nexport const two = () => one;\n`,
      },
      ["no-import-cycles: app/lib/one.ts → app/lib/two.ts"],
    ],
    [
      "no-module-cycles",
      {
        // alpha reads beta, which builds on alpha: each file alone is fine, the modules are not.
        "app/modules/alpha/reads-beta.server.ts": `import { betaWork } from "~/modules/beta/index.server";\nexport const read = betaWork;\n`,
      },
      [
        "no-module-cycles: app/modules/alpha → app/modules/beta",
        "no-module-cycles: app/modules/beta → app/modules/alpha",
      ],
    ],
    [
      "modules-not-to-upper-layers",
      {
        "app/modules/alpha/bad.server.ts": [
          `import { appContext } from "~/context";`,
          `import { Frame } from "~/layout/frame";`,
          `import { page } from "~/routes/page";`,
          `import { Button } from "~/ui/button";`,
          `export const bad = [appContext, Frame, page, Button];`,
          ``,
        ].join("\n"),
      },
      [
        "modules-not-to-upper-layers: app/modules/alpha/bad.server.ts → app/context.ts",
        "modules-not-to-upper-layers: app/modules/alpha/bad.server.ts → app/layout/frame.tsx",
        "modules-not-to-upper-layers: app/modules/alpha/bad.server.ts → app/routes/page.tsx",
        "modules-not-to-upper-layers: app/modules/alpha/bad.server.ts → app/ui/button.tsx",
      ],
    ],
    [
      "modules-not-to-http",
      {
        "app/modules/alpha/http.server.ts": `import { redirect } from "react-router";\nexport const go = redirect;\n`,
        "app/modules/alpha/types.server.ts": `import type { MiddlewareFunction } from "react-router";\nexport type M = MiddlewareFunction;\n`,
      },
      [
        "modules-not-to-http: app/modules/alpha/http.server.ts → node_modules/react-router/index.js",
      ],
    ],
    [
      "lib-db-not-to-modules-or-routes",
      {
        "app/lib/bad.ts": `import { rule } from "~/modules/alpha";\nexport const bad = rule;\n`,
        "app/db/bad.server.ts": `import { page } from "~/routes/page";\nexport const bad = page;\n`,
      },
      [
        "lib-db-not-to-modules-or-routes: app/db/bad.server.ts → app/routes/page.tsx",
        "lib-db-not-to-modules-or-routes: app/lib/bad.ts → app/modules/alpha/index.ts",
      ],
    ],
    [
      "db-schema-only-to-module-schemas",
      {
        "app/db/schema.ts": `export * from "../modules/alpha/schema";\nexport * from "../modules/alpha/rules";\n`,
      },
      ["db-schema-only-to-module-schemas: app/db/schema.ts → app/modules/alpha/rules.ts"],
    ],
    [
      "module-to-module-through-index",
      {
        "app/modules/beta/bad.server.ts": `import { work } from "~/modules/alpha/work.server";\nexport const bad = work;\n`,
      },
      [
        "module-to-module-through-index: app/modules/beta/bad.server.ts → app/modules/alpha/work.server.ts",
      ],
    ],
    [
      "schema-to-schema-only",
      {
        "app/modules/beta/schema.ts": `import { rule } from "../alpha/rules";\nexport const betaTable = rule;\n`,
      },
      ["schema-to-schema-only: app/modules/beta/schema.ts → app/modules/alpha/rules.ts"],
    ],
    [
      "outside-to-module-through-index",
      {
        "app/routes/bad.tsx": `import { work } from "~/modules/alpha/work.server";\nexport const bad = work;\n`,
        "server/bad.ts": `import { rule } from "~/modules/alpha/rules";\nexport const bad = rule;\n`,
      },
      [
        "outside-to-module-through-index: app/routes/bad.tsx → app/modules/alpha/work.server.ts",
        "outside-to-module-through-index: server/bad.ts → app/modules/alpha/rules.ts",
      ],
    ],
    [
      "features-browser-safe-and-below-routes",
      {
        "app/features/alpha/bad.tsx": [
          `import { page } from "~/routes/page";`,
          `import { work } from "~/modules/alpha/index.server";`,
          `export const bad = [page, work];`,
          ``,
        ].join("\n"),
      },
      [
        "features-browser-safe-and-below-routes: app/features/alpha/bad.tsx → app/modules/alpha/index.server.ts",
        "features-browser-safe-and-below-routes: app/features/alpha/bad.tsx → app/routes/page.tsx",
      ],
    ],
    [
      "ui-not-to-features",
      {
        "app/ui/bad.tsx": `import { Field } from "~/features/alpha/field";\nexport const bad = Field;\n`,
      },
      ["ui-not-to-features: app/ui/bad.tsx → app/features/alpha/field.tsx"],
    ],
    [
      "ui-layout-not-to-routes",
      {
        "app/ui/bad.tsx": `import { page } from "~/routes/page";\nexport const bad = page;\n`,
      },
      ["ui-layout-not-to-routes: app/ui/bad.tsx → app/routes/page.tsx"],
    ],
  ])("%s fires on a bad import", async (_rule, extra, expected) => {
    expect(summary(await cruise(extra))).toEqual(expected);
  });

  it("a cycle made only of type imports is allowed (erased at build time)", async () => {
    const violations = await cruise({
      "app/lib/one.ts": `import type { Two } from "./two";\nexport type One = { two?: Two };\n`,
      "app/lib/two.ts": `import type { One } from "./one";\nexport type Two = { one?: One };\n`,
    });
    expect(summary(violations)).toEqual([]);
  });

  it("has no exception: the access guards and the session middleware live in app/routes/_gates", async () => {
    const violations = await cruise({
      "app/modules/accounts/session.server.ts": `import { appContext } from "~/context";\nexport const s = appContext;\n`,
    });
    expect(summary(violations)).toEqual([
      "modules-not-to-upper-layers: app/modules/accounts/session.server.ts → app/context.ts",
    ]);
  });
});
