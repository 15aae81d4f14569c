// Layer rules of app/ (docs/decisions/0016-modules-public-surface-and-layers.md), checked by
// `npm run lint` through `depcruise app server`:
//
//   routes, layout, ui  ->  modules (through their index files)  ->  lib, db
//
// tests/integration/layer-rules.test.ts proves that every rule fires on a bad import.

const MODULE_INDEX = "^app/modules/[^/]+/index([.]server)?[.]ts$";
const MODULE_SCHEMA = "^app/modules/[^/]+/schema[.]ts$";

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: "no-import-cycles",
      comment:
        "Import cycles make load order matter (a value read before its module ran) and tie " +
        "layers together. Type-only imports are erased at build time and may go both ways.",
      severity: "error",
      from: { path: "^(app|server)/" },
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "modules-not-to-upper-layers",
      comment:
        "Business modules know nothing of pages: no routes, layout, ui, nor the request " +
        "context (app/context.ts). They return data and typed errors; routes map them.",
      severity: "error",
      from: { path: "^app/modules/" },
      to: {
        path: ["^app/routes/", "^app/features/", "^app/layout/", "^app/ui/", "^app/context[.]ts$"],
      },
    },
    {
      name: "modules-not-to-http",
      comment:
        "Business modules speak in typed results and errors; the routes choose the HTTP " +
        "status, redirect and text (app/routes/<area>/errors.ts). Types from react-router " +
        "(e.g. a middleware's type) are fine.",
      severity: "error",
      from: { path: "^app/modules/" },
      to: { path: "(^|/)node_modules/react-router/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "lib-db-not-to-modules-or-routes",
      comment:
        "app/lib and app/db are the bottom layer: they never import modules or routes. The " +
        "one exception is app/db/schema.ts, which gathers every module's Drizzle tables for " +
        "the database client and drizzle-kit.",
      severity: "error",
      from: { path: "^app/(lib|db)/", pathNot: "^app/db/schema[.]ts$" },
      to: { path: ["^app/modules/", "^app/routes/", "^app/features/", "^app/layout/", "^app/ui/"] },
    },
    {
      name: "db-schema-only-to-module-schemas",
      comment: "app/db/schema.ts may import module schema files, and nothing else of a module.",
      severity: "error",
      from: { path: "^app/db/schema[.]ts$" },
      to: { path: "^app/modules/", pathNot: MODULE_SCHEMA },
    },
    {
      name: "module-to-module-through-index",
      comment:
        "A module uses another module only through its public files (index.ts for client-safe " +
        "code, index.server.ts for the rest). Tables come through ~/db/schema.",
      severity: "error",
      from: { path: "^app/modules/([^/]+)/", pathNot: MODULE_SCHEMA },
      to: { path: "^app/modules/", pathNot: ["^app/modules/$1/", MODULE_INDEX] },
    },
    {
      name: "schema-to-schema-only",
      comment:
        "A module's schema.ts may reference another module's tables (foreign keys) by " +
        "importing that schema.ts, and nothing else of another module.",
      severity: "error",
      from: { path: "^app/modules/([^/]+)/schema[.]ts$" },
      to: { path: "^app/modules/", pathNot: ["^app/modules/$1/", MODULE_SCHEMA] },
    },
    {
      name: "outside-to-module-through-index",
      comment:
        "Routes, layout, ui, server and the root files import a module only through its " +
        "index files, so a module can reorganise its files without touching its callers.",
      severity: "error",
      from: { path: "^(app|server)/", pathNot: ["^app/modules/", "^app/db/schema[.]ts$"] },
      to: { path: "^app/modules/", pathNot: MODULE_INDEX },
    },
    {
      name: "features-browser-safe-and-below-routes",
      comment:
        "app/features holds browser pieces with business words shared by several screens " +
        "(decision 0018): they sit below the routes and load no server-only file.",
      severity: "error",
      from: { path: "^app/features/" },
      to: { path: ["^app/routes/", "[.]server[.]tsx?$"] },
    },
    {
      name: "ui-not-to-features",
      comment: "app/ui keeps generic components only; business pieces live in app/features.",
      severity: "error",
      from: { path: "^app/ui/" },
      to: { path: "^app/features/" },
    },
    {
      name: "ui-layout-not-to-routes",
      comment: "Shared components and the page frame do not depend on particular pages.",
      severity: "error",
      from: { path: "^app/(ui|layout)/" },
      to: { path: "^app/routes/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["[.]react-router/", "^build/"] },
    // react-router is kept in the graph (not followed) for the modules-not-to-http rule.
    includeOnly: { path: ["^(app|server)/", "(^|/)node_modules/react-router/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    skipAnalysisNotInRules: true,
  },
};
