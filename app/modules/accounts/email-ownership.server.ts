import { createHash, randomBytes } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { account, session, user, verification } from "./schema";

/*
 * Account pre-hijacking (ASVS 5.0 V6.4 / V7.4): anyone can register an address that is not
 * theirs. Until the address is proven, the account and its password belong to whoever typed
 * them, not to the mailbox's owner. The rule here:
 *
 * - Opening a verification link proves the mailbox, not the password. When an address is
 *   verified for the first time, every session of the account ends.
 * - The password stays only when the link opened is the one mailed for that very password
 *   (a "claim" issued at registration, bound to the stored hash). The mailbox owner who opens
 *   the link that came with a registration approves that registration.
 * - Registering an address that is registered but unverified does not sign anyone in: it
 *   mails a link bound to the new password, and older claims stop counting. Whoever opens a
 *   link decides whose password the account keeps.
 * - A link mailed for any other reason (e.g. a sign-in link asked for an unverified account)
 *   carries no claim: after it is opened the account has no password until the owner sets
 *   one with a reset link or signs in with a sign-in link.
 * - A password reset proves the mailbox and sets a password in one step, so it verifies the
 *   address and drops the pending claims.
 */

const CLAIM_PREFIX = "registration-claim:";
/** The query parameter of the verification page's callback that carries a claim. */
export const CLAIM_PARAM = "claim";

interface Claim {
  userId: string;
  /** The hash the credential must still have (sign-up) or will get (re-registration). */
  passwordHash: string;
  kind: "sign-up" | "re-register";
  name?: string;
  phone?: string | null;
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** A new claim token; only its hash is stored (issueClaim). */
export function newClaimToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Stores a claim; `supersede` drops the account's older claims first. */
export async function issueClaim(
  db: Database,
  token: string,
  claim: Claim,
  expiresInSeconds: number,
  supersede: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (supersede) {
      await deleteClaims(tx, claim.userId);
    }
    await tx.insert(verification).values({
      id: randomBytes(16).toString("hex"),
      identifier: `${CLAIM_PREFIX}${hashToken(token)}`,
      // userId first: deleteClaims finds an account's claims by this prefix.
      value: JSON.stringify({
        userId: claim.userId,
        passwordHash: claim.passwordHash,
        kind: claim.kind,
        name: claim.name,
        phone: claim.phone,
      }),
      expiresAt: new Date(Date.now() + expiresInSeconds * 1000),
    });
  });
}

async function deleteClaims(db: DbExecutor, userId: string): Promise<void> {
  await db
    .delete(verification)
    .where(
      and(
        like(verification.identifier, `${CLAIM_PREFIX}%`),
        like(verification.value, `{"userId":${JSON.stringify(userId)},%`),
      ),
    );
}

/** The claim token in a verification request's callbackURL, if any. */
export function claimTokenFromRequest(request: Request | undefined): string | null {
  if (!request) return null;
  const callback = new URL(request.url).searchParams.get("callbackURL");
  if (!callback) return null;
  return new URL(callback, "http://callback.invalid").searchParams.get(CLAIM_PARAM);
}

async function findClaim(db: Database, token: string, userId: string): Promise<Claim | null> {
  const [row] = await db
    .select()
    .from(verification)
    .where(eq(verification.identifier, `${CLAIM_PREFIX}${hashToken(token)}`));
  if (!row || row.expiresAt.getTime() < Date.now()) return null;
  const claim = JSON.parse(row.value) as Claim;
  return claim.userId === userId ? claim : null;
}

/**
 * Runs just before an address is verified for the first time: decides which password the
 * account keeps (see the rule above) and ends every session.
 */
export async function settleFirstVerification(
  db: Database,
  userId: string,
  claimToken: string | null,
): Promise<void> {
  const claim = claimToken ? await findClaim(db, claimToken, userId) : null;
  await db.transaction(async (tx) => {
    const [credential] = await tx
      .select()
      .from(account)
      .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
    if (claim?.kind === "re-register") {
      if (credential) {
        await tx
          .update(account)
          .set({ password: claim.passwordHash, updatedAt: new Date() })
          .where(eq(account.id, credential.id));
      } else {
        await tx.insert(account).values({
          id: randomBytes(16).toString("hex"),
          accountId: userId,
          providerId: "credential",
          userId,
          password: claim.passwordHash,
        });
      }
      await tx
        .update(user)
        .set({
          ...(claim.name ? { name: claim.name } : {}),
          phone: claim.phone ?? null,
          updatedAt: new Date(),
        })
        .where(eq(user.id, userId));
    } else if (
      credential &&
      !(claim?.kind === "sign-up" && credential.password === claim.passwordHash)
    ) {
      // Nobody proved they chose this password: it stops working.
      await tx.delete(account).where(eq(account.id, credential.id));
    }
    await tx.delete(session).where(eq(session.userId, userId));
    await deleteClaims(tx, userId);
  });
}

/** A reset link proves the mailbox and sets a password in one step. */
export async function settlePasswordReset(db: Database, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(user)
      .set({ emailVerified: true, updatedAt: new Date() })
      .where(and(eq(user.id, userId), eq(user.emailVerified, false)));
    await deleteClaims(tx, userId);
  });
}

/** The credential's current hash (bound into a sign-up claim). */
export async function currentPasswordHash(db: Database, userId: string): Promise<string | null> {
  const [credential] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  return credential?.password ?? null;
}
