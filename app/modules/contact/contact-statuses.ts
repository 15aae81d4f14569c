import type { contactMessage } from "./schema";

// The admin's messages page (browser code) needs this list, so it is spelled out here instead
// of read from the schema; the type check below fails when the column's statuses change.
export const CONTACT_STATUSES = ["new", "read"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _contactInStep: Same<ContactStatus, (typeof contactMessage.$inferSelect)["status"]> = true;

export function isContactStatus(value: unknown): value is ContactStatus {
  return typeof value === "string" && (CONTACT_STATUSES as readonly string[]).includes(value);
}
