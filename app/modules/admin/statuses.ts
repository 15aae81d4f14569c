import type { contactMessage, emailOutbox } from "~/db/schema";

// The pages (browser code) need these lists, so they are spelled out here instead of read
// from the schemas; the type checks below fail when a column's statuses change.
export const OUTBOX_STATUSES = ["pending", "sending", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const CONTACT_STATUSES = ["new", "read"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _outboxInStep: Same<OutboxStatus, (typeof emailOutbox.$inferSelect)["status"]> = true;
const _contactInStep: Same<ContactStatus, (typeof contactMessage.$inferSelect)["status"]> = true;

export function isOutboxStatus(value: unknown): value is OutboxStatus {
  return typeof value === "string" && (OUTBOX_STATUSES as readonly string[]).includes(value);
}

export function isContactStatus(value: unknown): value is ContactStatus {
  return typeof value === "string" && (CONTACT_STATUSES as readonly string[]).includes(value);
}
