// The public surface of this module: other folders import only this file (see
// docs/decisions/0016-modules-public-surface-and-layers.md).
export * from "./index";
export * from "./customers.server";
export * from "./points.server";
export * from "./price-level.server";
export * from "./account.server";
