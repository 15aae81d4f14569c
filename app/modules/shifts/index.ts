// The shifts module's public surface (client-safe): the types and limits the pages share.
export * from "./shift-types";
export type { CashMovementKind, ShiftStatus } from "./schema";
