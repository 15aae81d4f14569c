import type { MessageKey } from "~/lib/i18n";
import type { AccountRefusal } from "~/modules/accounts/index.server";

/** Every refusal of the accounts module as the account pages show it: a status and a text. */
export const ACCOUNT_REFUSALS = {
  "too-many-requests": { status: 429, message: "auth.error.too-many-requests" },
  "wrong-credentials": { status: 400, message: "auth.error.wrong-credentials" },
  "email-already-in-use": { status: 400, message: "auth.error.email-already-in-use" },
  "weak-password": { status: 400, message: "auth.error.weak-password" },
  "invalid-email": { status: 400, message: "auth.error.invalid-email" },
  "user-disabled": { status: 403, message: "auth.error.user-disabled" },
  "invalid-action-code": { status: 400, message: "auth.error.invalid-action-code" },
  "expired-action-code": { status: 400, message: "auth.error.expired-action-code" },
  "requires-recent-login": { status: 400, message: "auth.error.requires-recent-login" },
  "current-password-wrong": { status: 400, message: "auth.error.current-password-wrong" },
  "last-shop-owner": { status: 409, message: "account.error.lastShopOwner" },
  unknown: { status: 500, message: "auth.error.unknown" },
} as const satisfies Record<AccountRefusal, { status: number; message: MessageKey }>;
