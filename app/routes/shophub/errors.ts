import type { MessageKey } from "~/lib/i18n";
import type { MembershipRefusal } from "~/modules/shops/index.server";

/** Every refusal of the shops module as the shophub pages show it: a status and a text. */
export const MEMBERSHIP_REFUSALS = {
  "not-member": { status: 404, message: "shops.error.notMember" },
  "last-owner": { status: 409, message: "shops.error.lastOwner" },
} as const satisfies Record<MembershipRefusal, { status: number; message: MessageKey }>;
