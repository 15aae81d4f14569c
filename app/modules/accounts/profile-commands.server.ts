import { APIError } from "better-auth/api";
import type { Database } from "~/db/client.server";
import { hitRateLimit } from "~/modules/platform/index.server";
import { ACCOUNT_RATE_LIMITS, catalogueError, type CommandResult } from "./account-commands.server";
import type { Auth, AuthMailer } from "./auth.server";

type Failure = Extract<CommandResult, { ok: false }> & { field?: string };

/**
 * Changing the e-mail or the password, or deleting the account, needs the current password
 * again (the seed's requires-recent-login). Attempts are limited per account, so the profile
 * cannot be used to guess a password.
 */
async function checkCurrentPassword(
  auth: Auth,
  db: Database,
  email: string,
  password: string,
  headers: Headers,
): Promise<Failure | null> {
  if (!password)
    return {
      ok: false,
      error: "requires-recent-login",
      field: "currentPassword",
    };
  const limit = await hitRateLimit(db, ACCOUNT_RATE_LIMITS.currentPasswordByAccount, email);
  if (!limit.allowed) {
    return {
      ok: false,
      error: "too-many-requests",
      retryAfterSeconds: limit.retryAfterSeconds,
    };
  }
  try {
    await auth.api.verifyPassword({ body: { password }, headers });
    return null;
  } catch (error) {
    if (error instanceof APIError) {
      return {
        ok: false,
        error: "current-password-wrong",
        field: "currentPassword",
      };
    }
    throw error;
  }
}

/** Display name and phone. */
export async function updateProfile(
  auth: Auth,
  input: { name: string; phone: string | null },
  headers: Headers,
): Promise<CommandResult> {
  try {
    await auth.api.updateUser({
      body: { name: input.name, phone: input.phone ?? undefined },
      headers,
    });
    return { ok: true, headers: new Headers() };
  } catch (error) {
    return catalogueError(error);
  }
}

/** New password; every other session ends and the member is told by e-mail. */
export async function changePassword(
  auth: Auth,
  db: Database,
  mailer: AuthMailer,
  member: { email: string; name: string },
  input: { currentPassword: string; newPassword: string },
  headers: Headers,
): Promise<CommandResult | Failure> {
  const denied = await checkCurrentPassword(auth, db, member.email, input.currentPassword, headers);
  if (denied) return denied;
  try {
    const result = await auth.api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: true,
      },
      headers,
      returnHeaders: true,
    });
    await mailer.passwordChanged(member);
    return { ok: true, headers: result.headers };
  } catch (error) {
    return catalogueError(error);
  }
}

/** Sends a confirmation link to the new address; the change happens when it is opened. */
export async function requestEmailChange(
  auth: Auth,
  db: Database,
  member: { email: string },
  input: { newEmail: string; currentPassword: string },
  headers: Headers,
): Promise<CommandResult | Failure> {
  const denied = await checkCurrentPassword(auth, db, member.email, input.currentPassword, headers);
  if (denied) return denied;
  if (input.newEmail === member.email) return { ok: true, headers: new Headers() };
  try {
    await auth.api.changeEmail({
      body: { newEmail: input.newEmail, callbackURL: "/user/profile?emailChanged=1" },
      headers,
    });
    return { ok: true, headers: new Headers() };
  } catch (error) {
    return catalogueError(error);
  }
}

/** Ends the member's sessions on every device, this one included. */
export async function signOutEverywhere(auth: Auth, headers: Headers): Promise<Headers> {
  await auth.api.revokeSessions({ headers });
  const { headers: cleared } = await auth.api.signOut({ headers, returnHeaders: true });
  return cleared;
}

/**
 * Deletes the account for good (sessions and sign-in methods go with it). Refused while the
 * account must stay (createAuth's accountMustStay: the only owner of a shop where others still
 * work hands it over first), as "last-shop-owner".
 */
export async function deleteAccount(
  auth: Auth,
  db: Database,
  member: { id: string; email: string },
  password: string,
  headers: Headers,
): Promise<CommandResult | Failure> {
  const denied = await checkCurrentPassword(auth, db, member.email, password, headers);
  if (denied) return denied;
  try {
    const result = await auth.api.deleteUser({ body: { password }, headers, returnHeaders: true });
    return { ok: true, headers: result.headers };
  } catch (error) {
    return catalogueError(error);
  }
}
