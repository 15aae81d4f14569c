import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { user } from "~/db/schema";
import { APPROVAL_PIN_PATTERN, isGuessablePin } from "./approval-pin";
import { approvalPin, shopMember } from "./schema";

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

/** The same scrypt for the till PINs of the staff module (decision 0088). */
export { hashPin as hashShopPin, pinMatches as shopPinMatches };

export type ApprovalPinRefusal = "notApprover" | "badPin" | "guessablePin";

/** Whether the member is an owner or a manager of the shop now. */
async function isApprover(db: DbExecutor, shopId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: shopMember.id })
    .from(shopMember)
    .where(
      and(
        eq(shopMember.shopId, shopId),
        eq(shopMember.userId, userId),
        inArray(shopMember.role, [...APPROVER_ROLES]),
      ),
    );
  return row !== undefined;
}

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
  if (!(await isApprover(db, shopId, userId))) return { ok: false, error: "notApprover" };
  if (pin === null) {
    await db
      .delete(approvalPin)
      .where(and(eq(approvalPin.shopId, shopId), eq(approvalPin.userId, userId)));
    return { ok: true };
  }
  const pinHash = await hashPin(pin);
  await db
    .insert(approvalPin)
    .values({ shopId, userId, pinHash })
    .onConflictDoUpdate({
      target: [approvalPin.shopId, approvalPin.userId],
      set: { pinHash, updatedAt: sql`now()` },
    });
  return { ok: true };
}

/** Whether the member has an approval PIN in the shop. */
export async function hasApprovalPin(
  db: DbExecutor,
  shopId: string,
  userId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: approvalPin.id })
    .from(approvalPin)
    .where(and(eq(approvalPin.shopId, shopId), eq(approvalPin.userId, userId)));
  return row !== undefined;
}

/** The shop's owners and managers who can approve at the till (they have a PIN), by name. */
export async function listApprovers(
  db: DbExecutor,
  shopId: string,
): Promise<{ userId: string; name: string }[]> {
  return db
    .select({ userId: shopMember.userId, name: user.name })
    .from(approvalPin)
    .innerJoin(
      shopMember,
      and(eq(shopMember.shopId, approvalPin.shopId), eq(shopMember.userId, approvalPin.userId)),
    )
    .innerJoin(user, eq(user.id, shopMember.userId))
    .where(and(eq(approvalPin.shopId, shopId), inArray(shopMember.role, [...APPROVER_ROLES])))
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
    .select({ hash: approvalPin.pinHash, name: user.name })
    .from(approvalPin)
    .innerJoin(
      shopMember,
      and(eq(shopMember.shopId, approvalPin.shopId), eq(shopMember.userId, approvalPin.userId)),
    )
    .innerJoin(user, eq(user.id, shopMember.userId))
    .where(
      and(
        eq(approvalPin.shopId, shopId),
        eq(approvalPin.userId, approverId),
        inArray(shopMember.role, [...APPROVER_ROLES]),
      ),
    );
  if (!row || !APPROVAL_PIN_PATTERN.test(pin)) return null;
  return (await pinMatches(row.hash, pin)) ? { userId: approverId, name: row.name } : null;
}
