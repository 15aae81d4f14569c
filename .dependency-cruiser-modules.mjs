// The dependency between business modules, folder by folder: no module may depend on another
// that depends on it, directly or through others (a cycle such as accounts ⇄ shops means
// neither can be understood, tested or changed alone). Run by `npm run lint` after the file
// rules of .dependency-cruiser.mjs; tests/integration/layer-rules.test.ts proves it fires.
//
// A module reads another module's data through that module's exported functions. The one
// exception is a SQL join written with another module's table from ~/db/schema, which the
// file rules allow. app/db is left out of this graph for that reason: app/db/schema.ts
// gathers every module's tables, so every module would seem to depend on every other
// through it. Type imports count here (a type is part of a module's surface).

import layers from "./.dependency-cruiser.mjs";

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: "no-module-cycles",
      comment:
        "Modules depend on each other one way only (e.g. sales → stock → shops → accounts). " +
        "Break a cycle by passing a function in (accounts' createAuth takes the shops " +
        "module's accountMustStay), by composing the two in the route, or by moving the " +
        "piece to the module that owns its tables.",
      severity: "error",
      scope: "folder",
      from: { path: "^app/modules/[^/]+$" },
      to: { path: "^app/modules/[^/]+$", circular: true },
    },
  ],
  options: {
    ...layers.options,
    exclude: { path: [...layers.options.exclude.path, "^app/db/"] },
  },
};
