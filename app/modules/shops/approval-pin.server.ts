import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { user } from "~/db/schema";
import { forgetCached } from "~/modules/platform/index.server";
import { APPROVAL_PIN_PATTERN, isGuessablePin } from "./approval-pin";
import { shopMember } from "./schema";

/*
 * An owner's or a manager's approval PIN (issue 31, decision 0059): what they type at a
 * cashier's till to approve what the cashier may not do alone. Kept as scrypt with a salt of
 * its own, never as the PIN; a PIN of a few digits is guessed offline from any hash, so what
 * really protects it is the rate limit on approvals (discount-approval.server.ts) and that the
 * hash never leaves the server.
 */

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number },
) => Promise<Buffer>;

const SCRYPT = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

/** The roles whose PIN approves a cashier's discount. */
export const APPROVER_ROLES = ["owner", "manager"] as const;

async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(pin, salt, KEY_LENGTH, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

async function pinMatches(hash: string, pin: string): Promise<boolean> {
  const [kind, n, r, p, salt, expected] = hash.split("$");
  if (kind !== "scrypt" || !salt || !expected) return false;
  const wanted = Buffer.from(expected, "base64");
  const key = await scryptAsync(pin, Buffer.from(salt, "base64"), wanted.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === wanted.length && timingSafeEqual(key, wanted);
}

export type ApprovalPinRefusal = "notApprover" | "badPin" | "guessablePin";

/**
 * Sets (or with null, removes) the member's own approval PIN in the shop. Only an owner or a
 * manager has one; a PIN is 4 to 8 digits and not one anybody would try first.
 */
export async function setApprovalPin(
  db: Database,
  shopId: string,
  userId: string,
  pin: string | null,
): Promise<{ ok: true } | { ok: false; error: ApprovalPinRefusal }> {
  if (pin !== null) {
    if (!APPROVAL_PIN_PATTERN.test(pin)) return { ok: false, error: "badPin" };
    if (isGuessablePin(pin)) return { ok: false, error: "guessablePin" };
  }
  const hash = pin === null ? null : await hashPin(pin);
  const updated = await db
    .update(shopMember)
    .set({ approvalPinHash: hash })
    .where(
      and(
        eq(shopMember.shopId, shopId),
        eq(shopMember.userId, userId),
        inArray(shopMember.role, [...APPROVER_ROLES]),
      ),
    )
    .returning({ id: shopMember.id });
  if (updated.length === 0) return { ok: false, error: "notApprover" };
  forgetCached(db, `user:${userId}`);
  return { ok: true };
}

/** Whether the member has an approval PIN in the shop. */
export async function hasApprovalPin(
  db: DbExecutor,
  shopId: string,
  userId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: shopMember.id })
    .from(shopMember)
    .where(
      and(
        eq(shopMember.shopId, shopId),
        eq(shopMember.userId, userId),
        isNotNull(shopMember.approvalPinHash),
      ),
    );
  return row !== undefined;
}

/** The shop's owners and managers who can approve at the till (they have a PIN), by name. */
export async function listApprovers(
  db: DbExecutor,
  shopId: string,
): Promise<{ userId: string; name: string }[]> {
  return db
    .select({ userId: shopMember.userId, name: user.name })
    .from(shopMember)
    .innerJoin(user, eq(user.id, shopMember.userId))
    .where(
      and(
        eq(shopMember.shopId, shopId),
        inArray(shopMember.role, [...APPROVER_ROLES]),
        isNotNull(shopMember.approvalPinHash),
      ),
    )
    .orderBy(asc(user.name));
}

/**
 * The approver's name when `pin` is their approval PIN in the shop and they are still an owner
 * or a manager of it; null otherwise (no such approver, no PIN, a wrong PIN: one answer).
 */
export async function checkApprovalPin(
  db: DbExecutor,
  shopId: string,
  approverId: string,
  pin: string,
): Promise<{ userId: string; name: string } | null> {
  const [row] = await db
    .select({ hash: shopMember.approvalPinHash, name: user.name })
    .from(shopMember)
    .innerJoin(user, eq(user.id, shopMember.userId))
    .where(
      and(
        eq(shopMember.shopId, shopId),
        eq(shopMember.userId, approverId),
        inArray(shopMember.role, [...APPROVER_ROLES]),
      ),
    );
  if (!row?.hash || !APPROVAL_PIN_PATTERN.test(pin)) return null;
  return (await pinMatches(row.hash, pin)) ? { userId: approverId, name: row.name } : null;
}
