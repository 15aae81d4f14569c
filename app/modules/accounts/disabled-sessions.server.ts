import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { SESSION_COOKIE_NAMES } from "./auth.server";
import { session, verification } from "./schema";

/**
 * Disabling an account ends its sessions at once, so the member's next page would simply be
 * signed out, with no word why. Each ended session leaves a one-time note (the SHA-256 of its
 * token, never the token, in better-auth's verification table); the browser that still sends
 * that token is sent once to the sign-in page, which says the account is disabled.
 */
const PREFIX = "account-disabled:";

const digest = (token: string) => createHash("sha256").update(token).digest("hex");

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Notes the sessions of this account as ended by a disable (inside the disabling transaction). */
export async function noteDisabledSessions(tx: Transaction, userId: string): Promise<void> {
  const ended = await tx
    .select({ token: session.token, expiresAt: session.expiresAt })
    .from(session)
    .where(eq(session.userId, userId));
  if (ended.length === 0) return;
  await tx.insert(verification).values(
    ended.map((row) => ({
      id: randomBytes(16).toString("hex"),
      identifier: `${PREFIX}${digest(row.token)}`,
      value: userId,
      expiresAt: row.expiresAt,
    })),
  );
}

/** The session tokens in a Cookie header (a signed cookie's value is `token.signature`). */
function sessionTokens(cookieHeader: string | null): string[] {
  const tokens: string[] = [];
  for (const part of cookieHeader?.split(";") ?? []) {
    const trimmed = part.trim();
    const equals = trimmed.indexOf("=");
    if (equals <= 0 || !SESSION_COOKIE_NAMES.includes(trimmed.slice(0, equals))) continue;
    let value = trimmed.slice(equals + 1);
    try {
      value = decodeURIComponent(value);
    } catch {
      continue;
    }
    const token = value.split(".")[0];
    if (token) tokens.push(token);
  }
  return tokens;
}

/**
 * True once when the request's session was ended by disabling its account: the note is used
 * up, so later pages are just signed out (and a re-enabled member is not sent there again).
 */
export async function takeDisabledSessionNote(
  db: Database,
  cookieHeader: string | null,
): Promise<boolean> {
  const identifiers = sessionTokens(cookieHeader).map((token) => `${PREFIX}${digest(token)}`);
  for (const identifier of identifiers) {
    const taken = await db
      .delete(verification)
      .where(and(eq(verification.identifier, identifier), gt(verification.expiresAt, new Date())))
      .returning({ id: verification.id });
    if (taken.length > 0) return true;
  }
  return false;
}
