// The public surface of this module: other folders import only this file (see
// docs/decisions/0016-modules-public-surface-and-layers.md). Kept by
// scripts/rewrite-module-imports.mjs, which adds a line when something outside the
// module starts using one of its files.
export * from "./image-processing.server";
export * from "./local-storage.server";
export * from "./storage.server";
export * from "./private-files.server";
export * from "./file-moves.server";
export * from "./stored-image.server";
