#!/usr/bin/env node
// Rewrites imports of a module's internal files (`~/modules/<m>/<file>`) made from outside
// <m> to the module's public files, and keeps those public files complete:
//
//   app/modules/<m>/index.ts         client-safe re-exports (pure code the browser may load)
//   app/modules/<m>/index.server.ts  `export * from "./index"` + the server-only files
//
// Rules (see docs/decisions/0016-modules-public-surface-and-layers.md):
// - Drizzle tables (`~/modules/<m>/schema`) are reached through `~/db/schema`, which
//   aggregates every module's schema (a module index re-exporting tables would make modules
//   import each other in cycles through their foreign keys).
// - A file is client-safe when it is not `*.server.*`, not `schema.ts`, and neither it nor a
//   file it imports by value (transitively) is server-only, `node:*`, `~/db/*`, or a schema.
// - Importers that only run on the server (`*.server.*`, server/, tests/, non-client-safe
//   module files) import `index.server`; the others (routes, ui, layout, client-safe module
//   files) import `~/modules/<m>` for client-safe files and `~/modules/<m>/index.server` for
//   the rest (React Router strips those from the browser build with the loader/action).
// - An index only re-exports files that something outside the module imports (the rest stays
//   internal). Importers under tests/ are rewritten only when the file is already public;
//   otherwise they keep the internal path (tests of internals) and are listed at the end.
// - bench/ runs under plain Node (relative `.ts` paths, no `~/` alias) and is left alone.
//
// Idempotent: run it again after merging branches. Usage:
//   node scripts/rewrite-module-imports.mjs [repo-root] [--check]
// --check writes nothing and exits 1 when something would change (for CI or the lead).
import { readFileSync, writeFileSync, existsSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const args = process.argv.slice(2);
const check = args.includes("--check");
const root = path.resolve(args.find((a) => !a.startsWith("--")) ?? process.cwd());
const require = createRequire(path.join(root, "package.json"));
const ts = require("typescript");

const modulesDir = path.join(root, "app/modules");
const SOURCE = /\.(ts|tsx)$/;

function walk(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (SOURCE.test(name)) out.push(full);
  }
  return out;
}

const rel = (file) => path.relative(root, file).split(path.sep).join("/");
const parse = (file, text) =>
  ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith("x") ? 4 : 3);

/** Resolves `~/…` or a relative specifier to a source file path, or null. */
function resolveSpec(fromFile, spec) {
  let base;
  if (spec.startsWith("~/")) base = path.join(root, "app", spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(fromFile), spec);
  else return null;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Module name and file stem of a path inside app/modules, or null. */
function moduleOf(file) {
  const r = path.relative(modulesDir, file);
  if (r.startsWith("..") || path.isAbsolute(r)) return null;
  const parts = r.split(path.sep);
  if (parts.length < 2) return null;
  return { name: parts[0], stem: parts.slice(1).join("/").replace(SOURCE, "") };
}

/** Value (non type-only) import specifiers of a file. */
function valueImports(file) {
  const sf = parse(file, readFileSync(file, "utf8"));
  const specs = [];
  for (const st of sf.statements) {
    if (
      (ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) &&
      st.moduleSpecifier &&
      ts.isStringLiteral(st.moduleSpecifier)
    ) {
      if (ts.isImportDeclaration(st)) {
        const clause = st.importClause;
        if (clause?.isTypeOnly) continue;
        const named = clause?.namedBindings;
        if (
          clause &&
          !clause.name &&
          named &&
          ts.isNamedImports(named) &&
          named.elements.length > 0 &&
          named.elements.every((e) => e.isTypeOnly)
        )
          continue;
      } else if (st.isTypeOnly) continue;
      specs.push(st.moduleSpecifier.text);
    }
  }
  return specs;
}

const clientSafeMemo = new Map();
function isClientSafe(file, seen = new Set()) {
  if (clientSafeMemo.has(file)) return clientSafeMemo.get(file);
  if (seen.has(file)) return true;
  seen.add(file);
  const base = path.basename(file);
  let safe = !base.includes(".server.") && !/^schema\.tsx?$/.test(base);
  if (safe) {
    for (const spec of valueImports(file)) {
      if (spec.startsWith("node:") || spec.startsWith("~/db/") || spec.includes(".server")) {
        safe = false;
        break;
      }
      const target = resolveSpec(file, spec);
      if (target && !isClientSafe(target, seen)) {
        safe = false;
        break;
      }
    }
  }
  clientSafeMemo.set(file, safe);
  return safe;
}

function importerRunsOnServerOnly(file) {
  const r = rel(file);
  if (r.startsWith("server/") || r.startsWith("tests/") || r.startsWith("bench/")) return true;
  if (path.basename(file).includes(".server.")) return true;
  if (moduleOf(file)) return !isClientSafe(file);
  return false;
}

// Current contents of every index, and what must be added.
const indexText = new Map();
const readIndex = (file) => {
  if (!indexText.has(file)) indexText.set(file, existsSync(file) ? readFileSync(file, "utf8") : "");
  return indexText.get(file);
};
const isIndex = (stem) => stem === "index" || stem === "index.server";
const exportLine = (stem) => `export * from "./${stem}";`;
function indexFiles(name) {
  return {
    client: path.join(modulesDir, name, "index.ts"),
    server: path.join(modulesDir, name, "index.server.ts"),
  };
}
function isPublic(name, stem, clientSafe) {
  const { client, server } = indexFiles(name);
  const text = clientSafe ? readIndex(client) : readIndex(server);
  return text.includes(`"./${stem}"`);
}
function makePublic(name, stem, clientSafe) {
  const { client, server } = indexFiles(name);
  const target = clientSafe ? client : server;
  if (isPublic(name, stem, clientSafe)) return;
  indexText.set(target, `${readIndex(target)}${exportLine(stem)}\n`);
  if (clientSafe) {
    const serverText = readIndex(server);
    if (!serverText.includes(`"./index"`))
      indexText.set(server, `${exportLine("index")}\n${serverText}`);
  }
}

// Decide the new specifier for one import; null means leave it.
function newSpecifier(importer, spec, { testsPass }) {
  if (!spec.startsWith("~/modules/") && !spec.startsWith(".")) return null;
  // app/db/schema.ts gathers the module schemas for drizzle: it keeps its direct imports.
  if (rel(importer) === "app/db/schema.ts") return null;
  const target = resolveSpec(importer, spec);
  if (!target) return null;
  const mod = moduleOf(target);
  if (!mod || isIndex(mod.stem)) return null;
  const own = moduleOf(importer);
  if (own && own.name === mod.name) return null;
  if (/^schema$/.test(mod.stem)) {
    // Schema files may import each other for foreign keys (db layer inside modules).
    if (own && /^schema$/.test(own.stem)) return null;
    return "~/db/schema";
  }
  const safe = isClientSafe(target);
  const isTest = rel(importer).startsWith("tests/");
  if (isTest) {
    if (!testsPass || !isPublic(mod.name, mod.stem, safe)) return null;
  } else if (!testsPass) {
    makePublic(mod.name, mod.stem, safe);
  } else return null;
  if (importerRunsOnServerOnly(importer) || !safe) return `~/modules/${mod.name}/index.server`;
  return `~/modules/${mod.name}`;
}

function mergeNamedImports(text, file) {
  // Merge `import { a } from "X"` statements that now share a specifier (only plain named
  // imports; default and namespace imports are left as they are).
  const sf = parse(file, text);
  const groups = new Map();
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    const c = st.importClause;
    if (!c || c.name || !c.namedBindings || !ts.isNamedImports(c.namedBindings)) continue;
    const key = st.moduleSpecifier.text;
    if (!key.startsWith("~/modules/") && key !== "~/db/schema") continue;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(st);
  }
  const edits = [];
  for (const [spec, list] of groups) {
    if (list.length < 2) continue;
    const names = [];
    for (const st of list) {
      const typeOnly = st.importClause.isTypeOnly;
      for (const el of st.importClause.namedBindings.elements) {
        const t = el.getText(sf).replace(/^type\s+/, "");
        const item = typeOnly || el.isTypeOnly ? `type ${t}` : t;
        if (!names.includes(item)) names.push(item);
      }
    }
    const allTypes = names.every((n) => n.startsWith("type "));
    const body = allTypes
      ? `import type { ${names.map((n) => n.slice(5)).join(", ")} } from "${spec}";`
      : `import { ${names.join(", ")} } from "${spec}";`;
    edits.push({ start: list[0].getStart(sf), end: list[0].getEnd(), text: body });
    for (const st of list.slice(1)) {
      let end = st.getEnd();
      if (text[end] === "\n") end += 1;
      edits.push({ start: st.getStart(sf), end, text: "" });
    }
  }
  return applyEdits(text, edits);
}

function applyEdits(text, edits) {
  edits.sort((a, b) => b.start - a.start);
  for (const e of edits) text = text.slice(0, e.start) + e.text + text.slice(e.end);
  return text;
}

function rewriteFile(file, options) {
  const text = readFileSync(file, "utf8");
  const sf = parse(file, text);
  const edits = [];
  const visit = (node) => {
    let lit = null;
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      lit = node.moduleSpecifier;
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    )
      lit = node.arguments[0];
    else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    )
      lit = node.argument.literal;
    if (lit) {
      const next = newSpecifier(file, lit.text, options);
      if (next && next !== lit.text)
        edits.push({ start: lit.getStart(sf) + 1, end: lit.getEnd() - 1, text: next });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  if (!edits.length) return null;
  return mergeNamedImports(applyEdits(text, edits), file);
}

const importers = [
  ...walk(path.join(root, "app")),
  ...walk(path.join(root, "server")),
  ...walk(path.join(root, "tests")),
].filter((f) => {
  const m = moduleOf(f);
  return !(m && isIndex(m.stem));
});

// Pass 1: app/ and server/ decide what is public; pass 2: tests/ follow what is public.
const changed = new Map();
for (const testsPass of [false, true]) {
  for (const file of importers) {
    if (rel(file).startsWith("tests/") !== testsPass) continue;
    const next = rewriteFile(file, { testsPass });
    if (next !== null) changed.set(file, next);
  }
}

const header =
  "// The public surface of this module: other folders import only this file (see\n" +
  "// docs/decisions/0016-modules-public-surface-and-layers.md). Kept by\n" +
  "// scripts/rewrite-module-imports.mjs, which adds a line when something outside the\n" +
  "// module starts using one of its files.\n";
for (const [file, text] of indexText) {
  if (!text) continue;
  const withHeader = text.startsWith("//") ? text : header + text;
  const before = existsSync(file) ? readFileSync(file, "utf8") : "";
  // Keep the re-export lines sorted (index first) so that reruns and merges agree.
  const lines = withHeader.split("\n");
  const head = lines.filter((l) => !l.startsWith("export * from"));
  const exports = [...new Set(lines.filter((l) => l.startsWith("export * from")))].sort((a, b) =>
    a === exportLine("index") ? -1 : b === exportLine("index") ? 1 : a.localeCompare(b),
  );
  const out = `${head.filter((l) => l !== "").join("\n")}\n${exports.join("\n")}\n`;
  if (out !== before) changed.set(file, out);
}

// Tests that still import internals.
const internal = [];
for (const file of importers.filter((f) => rel(f).startsWith("tests/"))) {
  const text = changed.get(file) ?? readFileSync(file, "utf8");
  for (const m of text.matchAll(/["'](~\/modules\/[^"']+)["']/g)) {
    const t = resolveSpec(file, m[1]);
    const mod = t && moduleOf(t);
    if (mod && !isIndex(mod.stem)) internal.push(`${rel(file)} -> ${m[1]}`);
  }
}

if (check) {
  for (const f of changed.keys()) console.log(`would change ${rel(f)}`);
  process.exit(changed.size ? 1 : 0);
}
for (const [file, text] of changed) writeFileSync(file, text);
if (changed.size) {
  const prettierModule = await import(require.resolve("prettier"));
  const prettier = prettierModule.default ?? prettierModule;
  for (const file of changed.keys()) {
    const options = (await prettier.resolveConfig(file)) ?? {};
    const formatted = await prettier.format(readFileSync(file, "utf8"), {
      ...options,
      filepath: file,
    });
    writeFileSync(file, formatted);
  }
}
for (const f of changed.keys()) console.log(`changed ${rel(f)}`);
if (internal.length) {
  console.log("\ntests importing module internals (allowed where they test internals):");
  for (const line of [...new Set(internal)]) console.log(`  ${line}`);
}
