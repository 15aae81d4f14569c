import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  rateLimitSubjectForAddress,
  hitRateLimit,
  type RateLimitRule,
} from "~/modules/platform/index.server";
import {
  ACCOUNT_MUST_STAY,
  EMAIL_VERIFIED_PAGE,
  MIN_PASSWORD_LENGTH,
  VERIFY_EMAIL_TTL_SECONDS,
  type Auth,
} from "./auth.server";
import {
  CLAIM_PARAM,
  currentPasswordHash,
  issueClaim,
  newClaimToken,
} from "./email-ownership.server";
import { hashPassword } from "./password-hash.server";
import { user } from "./schema";

// Limits per client address (IPv6 grouped by /64) and per account (e-mail address).
// Password guessing is limited per account AND address, so a stranger guessing from one place
// cannot lock the owner out elsewhere; the per-account limit is only a much higher backstop
// against guessing spread over many addresses (ASVS 5.0 V6.3.1).
export const ACCOUNT_RATE_LIMITS = {
  signInByAddress: { name: "sign-in-address", limit: 30, windowSeconds: 15 * 60 },
  signInByAccountAndAddress: {
    name: "sign-in-account-address",
    limit: 10,
    windowSeconds: 15 * 60,
  },
  signInByAccount: { name: "sign-in-account", limit: 100, windowSeconds: 15 * 60 },
  // The profile's current-password checks: only the holder of a session can make them, so a
  // low per-account limit locks out nobody else.
  currentPasswordByAccount: { name: "current-password-account", limit: 10, windowSeconds: 15 * 60 },
  registerByAddress: { name: "register-address", limit: 10, windowSeconds: 60 * 60 },
  registerByAccount: { name: "register-account", limit: 5, windowSeconds: 60 * 60 },
  resetByAddress: { name: "reset-address", limit: 10, windowSeconds: 60 * 60 },
  resetByAccount: { name: "reset-account", limit: 5, windowSeconds: 60 * 60 },
  linkByAddress: { name: "link-address", limit: 10, windowSeconds: 60 * 60 },
  linkByAccount: { name: "link-account", limit: 5, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

/**
 * Why an account command was refused. The accounts routes give each a status and a text
 * (app/routes/accounts/errors.ts).
 */
export type AccountRefusal =
  | "too-many-requests"
  | "wrong-credentials"
  | "email-already-in-use"
  | "weak-password"
  | "invalid-email"
  | "user-disabled"
  | "invalid-action-code"
  | "expired-action-code"
  | "requires-recent-login"
  | "current-password-wrong"
  | "last-shop-owner"
  | "unknown";

export type CommandResult =
  { ok: true; headers: Headers } | { ok: false; error: AccountRefusal; retryAfterSeconds?: number };

export interface Client {
  address: string;
  headers: Headers;
}

/** Counts one attempt against each rule; the first rule over its limit refuses. */
async function overLimit(
  db: Database,
  checks: [RateLimitRule, string][],
): Promise<Extract<CommandResult, { ok: false }> | null> {
  for (const [rule, subject] of checks) {
    const result = await hitRateLimit(db, rule, subject);
    if (!result.allowed) {
      return { ok: false, error: "too-many-requests", retryAfterSeconds: result.retryAfterSeconds };
    }
  }
  return null;
}

/** better-auth's error codes, in the seed's catalogue. */
export function catalogueError(error: unknown): Extract<CommandResult, { ok: false }> {
  if (!(error instanceof APIError)) throw error;
  const code = (error.body as { code?: string } | undefined)?.code ?? "";
  const map: Record<string, AccountRefusal> = {
    INVALID_EMAIL_OR_PASSWORD: "wrong-credentials",
    USER_NOT_FOUND: "wrong-credentials",
    INVALID_PASSWORD: "wrong-credentials",
    USER_ALREADY_EXISTS: "email-already-in-use",
    USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "email-already-in-use",
    PASSWORD_TOO_SHORT: "weak-password",
    PASSWORD_TOO_LONG: "weak-password",
    INVALID_EMAIL: "invalid-email",
    BANNED_USER: "user-disabled",
    INVALID_TOKEN: "invalid-action-code",
    TOKEN_EXPIRED: "expired-action-code",
    // The only reason an account must stay today: the last owner of a shop with staff.
    [ACCOUNT_MUST_STAY]: "last-shop-owner",
  };
  return { ok: false, error: map[code] ?? "unknown" };
}

/**
 * Registers a member and signs them in. An address that is registered but not yet verified
 * may be registered again: nobody is signed in, and a link bound to the new password is
 * mailed; the account is the new registrant's only once they open it (email-ownership.server.ts).
 */
export async function registerMember(
  auth: Auth,
  db: Database,
  input: { email: string; password: string; name: string; phone: string | null },
  client: Client,
): Promise<CommandResult | { ok: true; headers: Headers; pendingConfirmation: true }> {
  const limited = await overLimit(db, [
    [ACCOUNT_RATE_LIMITS.registerByAddress, rateLimitSubjectForAddress(client.address)],
    [ACCOUNT_RATE_LIMITS.registerByAccount, input.email],
  ]);
  if (limited) return limited;
  const claimToken = newClaimToken();
  const callbackURL = `${EMAIL_VERIFIED_PAGE}&${CLAIM_PARAM}=${claimToken}`;
  const [existing] = await db.select().from(user).where(eq(user.email, input.email));
  if (existing && !existing.emailVerified && !existing.banned) {
    if (input.password.length < MIN_PASSWORD_LENGTH || input.password.length > 256)
      return { ok: false, error: "weak-password" };
    await issueClaim(
      db,
      claimToken,
      {
        userId: existing.id,
        passwordHash: await hashPassword(input.password),
        kind: "re-register",
        name: input.name,
        phone: input.phone,
      },
      VERIFY_EMAIL_TTL_SECONDS,
      true,
    );
    await auth.api.sendVerificationEmail({
      body: { email: input.email, callbackURL },
      headers: client.headers,
    });
    return { ok: true, headers: new Headers(), pendingConfirmation: true };
  }
  try {
    const { headers, response } = await auth.api.signUpEmail({
      body: {
        email: input.email,
        password: input.password,
        name: input.name,
        phone: input.phone ?? undefined,
        callbackURL,
      },
      headers: client.headers,
      returnHeaders: true,
    });
    // The link just mailed keeps this password when it is opened.
    const passwordHash = await currentPasswordHash(db, response.user.id);
    if (passwordHash) {
      await issueClaim(
        db,
        claimToken,
        { userId: response.user.id, passwordHash, kind: "sign-up" },
        VERIFY_EMAIL_TTL_SECONDS,
        false,
      );
    }
    return { ok: true, headers };
  } catch (error) {
    return catalogueError(error);
  }
}

export async function signInWithPassword(
  auth: Auth,
  db: Database,
  input: { email: string; password: string; rememberMe: boolean },
  client: Client,
): Promise<CommandResult> {
  const address = rateLimitSubjectForAddress(client.address);
  const limited = await overLimit(db, [
    [ACCOUNT_RATE_LIMITS.signInByAddress, address],
    [ACCOUNT_RATE_LIMITS.signInByAccountAndAddress, `${input.email}|${address}`],
    [ACCOUNT_RATE_LIMITS.signInByAccount, input.email],
  ]);
  if (limited) return limited;
  try {
    const { headers } = await auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: input.rememberMe },
      headers: client.headers,
      returnHeaders: true,
    });
    return { ok: true, headers };
  } catch (error) {
    return catalogueError(error);
  }
}

/** Sends a reset link when the account exists; the answer is the same either way. */
export async function requestPasswordReset(
  auth: Auth,
  db: Database,
  email: string,
  client: Client,
): Promise<CommandResult> {
  const limited = await overLimit(db, [
    [ACCOUNT_RATE_LIMITS.resetByAddress, rateLimitSubjectForAddress(client.address)],
    [ACCOUNT_RATE_LIMITS.resetByAccount, email],
  ]);
  if (limited) return limited;
  await auth.api.requestPasswordReset({
    body: { email, redirectTo: "/user/resetPw" },
    headers: client.headers,
  });
  return { ok: true, headers: new Headers() };
}

/** Sends a sign-in link when the account exists; the answer is the same either way. */
export async function requestSignInLink(
  auth: Auth,
  db: Database,
  email: string,
  redirectTo: string,
  client: Client,
): Promise<CommandResult> {
  const limited = await overLimit(db, [
    [ACCOUNT_RATE_LIMITS.linkByAddress, rateLimitSubjectForAddress(client.address)],
    [ACCOUNT_RATE_LIMITS.linkByAccount, email],
  ]);
  if (limited) return limited;
  // better-auth would mail a link to any address; only real, confirmed accounts get one.
  // An unconfirmed account gets a fresh confirmation link instead: signing in by link would
  // make better-auth drop its password as unproven. The page answers the same in all cases.
  const [member] = await db.select().from(user).where(eq(user.email, email));
  if (member && !member.banned) {
    if (member.emailVerified) {
      await auth.api.signInMagicLink({
        body: { email, callbackURL: redirectTo, errorCallbackURL: "/user/signIn?linkError=1" },
        headers: client.headers,
      });
    } else {
      await auth.api.sendVerificationEmail({ body: { email }, headers: client.headers });
    }
  }
  return { ok: true, headers: new Headers() };
}

/**
 * Sets a new password from a reset link. The token works once; better-auth ends every
 * session of the account; the member is not signed in and must sign in again.
 */
export async function resetPasswordWithToken(
  auth: Auth,
  db: Database,
  input: { token: string; password: string },
): Promise<CommandResult & { userId?: string }> {
  // Only the hash of the token is stored (verification.storeIdentifier in auth.server.ts);
  // better-auth's internal adapter hashes the same way when it looks a token up.
  const context = await auth.$context;
  const row = await context.internalAdapter.findVerificationValue(`reset-password:${input.token}`);
  if (!row) return { ok: false, error: "invalid-action-code" };
  if (row.expiresAt.getTime() < Date.now()) return { ok: false, error: "expired-action-code" };
  try {
    await auth.api.resetPassword({ body: { newPassword: input.password, token: input.token } });
    return { ok: true, headers: new Headers(), userId: row.value };
  } catch (error) {
    return catalogueError(error);
  }
}

export async function signOut(auth: Auth, client: Client): Promise<Headers> {
  try {
    const { headers } = await auth.api.signOut({ headers: client.headers, returnHeaders: true });
    return headers;
  } catch {
    return new Headers();
  }
}
