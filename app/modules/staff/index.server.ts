// The public surface of this module: other folders import only this file (see
// docs/decisions/0016-modules-public-surface-and-layers.md).
export * from "./index";
export * from "./till-pin.server";
export * from "./cashier-switch.server";
export * from "./clock.server";
