// The tills module's public surface (client-safe): the types and limits the pages share.
export * from "./till-types";
export type { TillStatus } from "./schema";
