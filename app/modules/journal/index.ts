// The journal module's public surface (client-safe): the day reports' shape and numbers.
export * from "./till-day-types";
export { JOURNAL_KINDS, type JournalKind } from "./schema";
