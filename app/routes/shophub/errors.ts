import type { MessageKey } from "~/lib/i18n";
import type { InviteResult, MembershipRefusal, openShop } from "~/modules/shops/index.server";

/** Every refusal of the shops module as the shophub pages show it: a status and a text. */
export const MEMBERSHIP_REFUSALS = {
  "not-member": { status: 404, message: "shops.error.notMember" },
  "last-owner": { status: 409, message: "shops.error.lastOwner" },
} as const satisfies Record<MembershipRefusal, { status: number; message: MessageKey }>;

type Refused<T> = T extends { ok: false; error: infer E } ? E : never;

/** Invitations refused: the address already belongs to the shop, or too many were sent. */
export const INVITE_REFUSALS = {
  "already-member": { status: 409, message: "shops.error.alreadyMember" },
  "too-many-invitations": { status: 429, message: "shops.error.tooManyInvitations" },
} as const satisfies Record<Refused<InviteResult>, { status: number; message: MessageKey }>;

/** Opening a shop refused: too many new shops from one member in the window. */
export const OPEN_SHOP_REFUSALS = {
  "too-many-shops": { status: 429, message: "shops.error.tooManyShops" },
} as const satisfies Record<
  Refused<Awaited<ReturnType<typeof openShop>>>,
  { status: number; message: MessageKey }
>;
