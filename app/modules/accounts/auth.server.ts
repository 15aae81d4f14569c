import { betterAuth } from "better-auth";
import { APIError } from "better-auth/api";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins/admin";
import { magicLink } from "better-auth/plugins/magic-link";
import type { Database } from "~/db/client.server";
import { hashPassword, verifyPassword } from "./password-hash.server";
import {
  claimTokenFromRequest,
  settleFirstVerification,
  settlePasswordReset,
} from "./email-ownership.server";
import { account, authRateLimit, session, user, verification } from "./schema";

// The seed's rule: a password has at least 6 characters.
export const MIN_PASSWORD_LENGTH = 6;
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
export const SIGN_IN_LINK_TTL_SECONDS = 15 * 60;
export const VERIFY_EMAIL_TTL_SECONDS = 24 * 60 * 60;
/** Sessions last 30 days (1 day without "remember me") and slide forward once a day. */
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
export const SESSION_REFRESH_SECONDS = 24 * 60 * 60;
/**
 * However often it is used, a session ends 90 days after sign-in (ASVS 5.0 V7.3.2). An idle
 * session already ends after 30 days; the cap bounds how long a stolen cookie that is kept
 * busy can work, while a shop's till that is used every day signs in again once a quarter.
 * Enforced by a trigger on auth_session (drizzle/0014_session_absolute_lifetime.sql), so every
 * path that writes a session obeys it.
 */
export const SESSION_ABSOLUTE_TTL_SECONDS = 90 * 24 * 60 * 60;
/** The trusted client address that server/app.ts puts on every request for better-auth. */
export const CLIENT_ADDRESS_HEADER = "x-dptech-client-address";
/** The session cookie's name over HTTP and over HTTPS (see `advanced` below). */
export const SESSION_COOKIE_NAMES: readonly string[] = [
  "dptech.session_token",
  "__Host-dptech.session_token",
];

/** Where the e-mail verification link lands after better-auth has checked it. */
export const EMAIL_VERIFIED_PAGE = "/user/signIn?verified=1";

/** Our commands name the page a verification link lands on; better-auth's default is "/". */
function withCallback(url: string, callback: string): string {
  const link = new URL(url);
  const current = link.searchParams.get("callbackURL");
  if (!current || current === "/") link.searchParams.set("callbackURL", callback);
  return link.toString();
}

/** Where the auth module hands over e-mails to send; the links are absolute. */
export interface AuthMailer {
  verifyEmail(to: { email: string; name: string }, url: string): Promise<void>;
  resetPassword(to: { email: string; name: string }, url: string): Promise<void>;
  signInLink(email: string, url: string): Promise<void>;
  /** Tells the member that their password was changed (after a reset or on the profile). */
  passwordChanged(to: { email: string; name: string }): Promise<void>;
}

export interface AuthOptions {
  db: Database;
  secret: string;
  /**
   * The site's address, e.g. https://www.dptech.co.th; links in e-mails start with it. Without
   * a public address only loopback hosts are believed, so a forged Host header cannot point
   * a reset link elsewhere.
   */
  baseURL:
    string | { allowedHosts: string[]; fallback: string; protocol: "http" | "https" | "auto" };
  /** Over HTTPS the session cookie is Secure and __Host- prefixed. */
  secureCookies: boolean;
  mailer: AuthMailer;
  /**
   * Whether the member's account must stay for now: asked before every deletion, also through
   * better-auth's own API. Accounts know nothing of shops; the app passes the shops module's
   * rule (the last owner of a shop where others work hands it over first).
   */
  accountMustStay(userId: string): Promise<boolean>;
}

/** The refusal better-auth answers when accountMustStay says no (deleteAccount reads it). */
export const ACCOUNT_MUST_STAY = "ACCOUNT_MUST_STAY";

/** The better-auth instance for one database (the app has one; each test makes its own). */
export function createAuth(options: AuthOptions) {
  return betterAuth({
    appName: "DP Tech",
    baseURL: options.baseURL,
    basePath: "/api/auth",
    secret: options.secret,
    database: drizzleAdapter(options.db, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit: authRateLimit },
    }),
    // One-time tokens (reset, sign-in link) are stored as SHA-256 hashes: a copy of the table
    // holds no usable link. E-mail verification links are signed JWTs and stored nowhere.
    verification: { storeIdentifier: "hashed" },
    user: {
      additionalFields: {
        phone: { type: "string", required: false, input: true },
      },
      // A new address takes effect when the link sent to it is opened.
      changeEmail: { enabled: true },
      deleteUser: {
        enabled: true,
        // Every deletion goes through here, the profile's form (profile-commands.server.ts)
        // and better-auth's own endpoint alike.
        beforeDelete: async (deleted) => {
          if (await options.accountMustStay(deleted.id)) {
            throw new APIError("CONFLICT", {
              code: ACCOUNT_MUST_STAY,
              message: "the account must stay for now",
            });
          }
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 256,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      password: {
        hash: hashPassword,
        verify: ({ hash, password }) => verifyPassword(hash, password),
      },
      sendResetPassword: ({ user: u, url }) => options.mailer.resetPassword(u, url),
      onPasswordReset: async ({ user: u }) => {
        await settlePasswordReset(options.db, u.id);
        await options.mailer.passwordChanged(u);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_EMAIL_TTL_SECONDS,
      // Called only when an address is verified for the first time (not for a change of
      // address): see email-ownership.server.ts.
      beforeEmailVerification: (u, request) =>
        settleFirstVerification(options.db, u.id, claimTokenFromRequest(request)),
      sendVerificationEmail: ({ user: u, url }) =>
        options.mailer.verifyEmail(u, withCallback(url, EMAIL_VERIFIED_PAGE)),
    },
    session: {
      expiresIn: SESSION_TTL_SECONDS,
      updateAge: SESSION_REFRESH_SECONDS,
    },
    // Our own limits (PostgreSQL, per address and per account) guard the forms, which call
    // auth.api on the server (not limited by this). better-auth's limiter stays on as a
    // backstop for the few endpoints reachable over HTTP, counted in PostgreSQL so that it
    // holds across instances and restarts.
    rateLimit: { enabled: true, storage: "database", window: 60, max: 30 },
    advanced: {
      // better-auth would put "__Secure-" in front of every name, which breaks the stricter
      // "__Host-" prefix of the session cookie; Secure is set through the attributes instead.
      useSecureCookies: false,
      // server/app.ts sets this header from Express's req.ip (which honours TRUST_PROXY) and
      // drops any copy sent by the client, so X-Forwarded-For cannot be forged past it.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      cookiePrefix: "dptech",
      defaultCookieAttributes: {
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secure: options.secureCookies,
      },
      cookies: options.secureCookies
        ? { session_token: { name: "__Host-dptech.session_token" } }
        : undefined,
    },
    plugins: [
      admin({ defaultRole: "member", adminRoles: ["admin"] }),
      magicLink({
        expiresIn: SIGN_IN_LINK_TTL_SECONDS,
        disableSignUp: true,
        sendMagicLink: ({ email, url }) => options.mailer.signInLink(email, url),
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
