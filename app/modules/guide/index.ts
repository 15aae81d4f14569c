// The public surface of this module (see docs/decisions/0016-modules-public-surface-and-layers.md).
export * from "./steps";
export type { GuideStatus } from "./schema";
