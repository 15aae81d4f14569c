// The public surface of this module: other folders import only this file (see
// docs/decisions/NNNN-modules-public-surface-and-layers.md). Kept by
// /work/wt/_tools/rewrite-module-imports.mjs, which adds a line when something outside the
// module starts using one of its files.
export * from "./account-forms";
export * from "./form-result";
export * from "./profile-forms";
export * from "./session-user";
