import type { emailOutbox } from "./schema";

// The admin's outbox page (browser code) needs this list, so it is spelled out here instead of
// read from the schema; the type check below fails when the column's statuses change.
export const OUTBOX_STATUSES = ["pending", "sending", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _outboxInStep: Same<OutboxStatus, (typeof emailOutbox.$inferSelect)["status"]> = true;

export function isOutboxStatus(value: unknown): value is OutboxStatus {
  return typeof value === "string" && (OUTBOX_STATUSES as readonly string[]).includes(value);
}
