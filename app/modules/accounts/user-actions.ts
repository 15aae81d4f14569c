/** Longest search the users page accepts. */
export const USER_SEARCH_MAX = 100;

/** What an admin can do to an account from the users page. */
export const USER_INTENTS = ["disable", "enable", "grantAdmin", "revokeAdmin"] as const;
export type UserIntent = (typeof USER_INTENTS)[number];

export function isUserIntent(value: unknown): value is UserIntent {
  return typeof value === "string" && (USER_INTENTS as readonly string[]).includes(value);
}

export type UserActionOutcome =
  | { status: "done"; intent: UserIntent }
  /** Nothing changed yet: the admin is asked to confirm first. */
  | {
      status: "confirm";
      intent: UserIntent;
      user: { id: string; name: string; email: string };
    }
  | { status: "error"; error: UserActionRefusal };

/**
 * Why an action on an account was refused: admins may not disable themselves or drop their
 * own admin role, and the account may be gone. The admin pages say it
 * (app/routes/admin/errors.ts).
 */
export type UserActionRefusal = "disable-self" | "revoke-self" | "not-found";
