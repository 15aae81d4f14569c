import type { MessageKey } from "~/lib/i18n";
import type { UserActionRefusal } from "~/modules/accounts";

/** Every refusal of the admin module as the admin pages show it: a status and a text. */
export const USER_ACTION_REFUSALS = {
  "disable-self": { status: 400, message: "admin.users.error.disableSelf" },
  "revoke-self": { status: 400, message: "admin.users.error.revokeSelf" },
  "not-found": { status: 404, message: "admin.users.error.notFound" },
} as const satisfies Record<UserActionRefusal, { status: number; message: MessageKey }>;
