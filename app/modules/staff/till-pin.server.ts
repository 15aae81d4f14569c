import { and, asc, eq, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { shopMember, user } from "~/db/schema";
import type { ShopRole } from "~/modules/shops";
import { hitRateLimit, type RateLimitRule } from "~/modules/platform/index.server";
import { hashShopPin, shopPinMatches } from "~/modules/shops/index.server";
import { tillPin } from "./schema";
import {
  TILL_PIN_LOCK_MINUTES,
  TILL_PIN_MAX_FAILURES,
  TILL_PIN_PATTERN,
  tillPinRuleError,
  type TillPinRuleError,
} from "./till-pin";

/*
 * Each member's till PIN (issue 37, decision 0088): scrypt with a salt of its own, as the
 * approval PINs (the shops module's hash). A PIN of 4 to 6 digits falls to any offline search
 * of its hash, so what protects it is that the hash never leaves the server and that guessing
 * stops: five wrong PINs in a row lock the member's PIN (for 30 minutes, or until an owner or a
 * manager unlocks it), and a till takes only so many tries at any PINs in 15 minutes.
 */

export const TILL_PIN_RATE_LIMITS = {
  /** Tries at one till (or one session without a till), whatever member they name. */
  perTill: { name: "till-pin-till", limit: 30, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

/** Sets (or with null, removes) the member's own till PIN in the shop. */
export async function setTillPin(
  db: Database,
  shopId: string,
  userId: string,
  pin: string | null,
): Promise<{ ok: true } | { ok: false; error: TillPinRuleError | "notMember" }> {
  if (pin !== null) {
    const refused = tillPinRuleError(pin);
    if (refused) return { ok: false, error: refused };
  }
  const [member] = await db
    .select({ id: shopMember.id })
    .from(shopMember)
    .where(and(eq(shopMember.shopId, shopId), eq(shopMember.userId, userId)));
  if (!member) return { ok: false, error: "notMember" };
  if (pin === null) {
    await db.delete(tillPin).where(and(eq(tillPin.shopId, shopId), eq(tillPin.userId, userId)));
    return { ok: true };
  }
  const pinHash = await hashShopPin(pin);
  // A new PIN starts afresh: the lock and the count of wrong PINs go with the old one.
  await db
    .insert(tillPin)
    .values({ shopId, userId, pinHash })
    .onConflictDoUpdate({
      target: [tillPin.shopId, tillPin.userId],
      set: { pinHash, failedCount: 0, lockedUntil: null, updatedAt: sql`now()` },
    });
  return { ok: true };
}

export interface TillPinMember {
  userId: string;
  name: string;
  role: ShopRole;
  hasPin: boolean;
  /** Until when the member's PIN is locked (five wrong PINs), when it is now. */
  lockedUntil: Date | null;
}

/** The shop's members with whether each has a till PIN and whether it is locked, by name. */
export async function listTillPinMembers(db: DbExecutor, shopId: string): Promise<TillPinMember[]> {
  const rows = await db
    .select({
      userId: shopMember.userId,
      name: user.name,
      role: shopMember.role,
      pinId: tillPin.id,
      lockedUntil: sql<Date | null>`CASE WHEN ${tillPin.lockedUntil} > now()
        THEN ${tillPin.lockedUntil} END`.mapWith(tillPin.lockedUntil),
    })
    .from(shopMember)
    .innerJoin(user, eq(user.id, shopMember.userId))
    .leftJoin(
      tillPin,
      and(eq(tillPin.shopId, shopMember.shopId), eq(tillPin.userId, shopMember.userId)),
    )
    .where(eq(shopMember.shopId, shopId))
    .orderBy(asc(user.name));
  return rows.map(({ pinId, ...row }) => ({ ...row, hasPin: pinId !== null }));
}

/** An owner's or a manager's word: the member's locked PIN works again, its count at zero. */
export async function unlockTillPin(
  db: DbExecutor,
  shopId: string,
  userId: string,
): Promise<boolean> {
  const rows = await db
    .update(tillPin)
    .set({ failedCount: 0, lockedUntil: null })
    .where(and(eq(tillPin.shopId, shopId), eq(tillPin.userId, userId)))
    .returning({ id: tillPin.id });
  return rows.length > 0;
}

export type TillPinRefusal =
  /** Not the member's PIN, or no member of the shop with a PIN by that id (one answer). */
  | { code: "wrongPin"; triesLeft: number | null }
  /** Five wrong PINs: locked until then (or an owner's or a manager's unlock). */
  | { code: "locked"; until: Date }
  /** Too many tries at this till: try again after so many seconds. */
  | { code: "tooManyTries"; retryAfterSeconds: number };

export type TillPinCheck =
  | { ok: true; member: { userId: string; name: string; role: ShopRole } }
  | { ok: false; error: TillPinRefusal };

/**
 * Checks `pin` against the member's till PIN in the shop, counting the try against the till
 * (`tillKey`) and, when wrong, against the member's PIN (five in a row lock it). The member's
 * row is locked while the PIN is compared, so tries in parallel count one after another.
 */
export async function checkTillPin(
  db: Database,
  input: { shopId: string; tillKey: string; userId: string; pin: string },
): Promise<TillPinCheck> {
  const { shopId, userId, pin } = input;
  const hit = await hitRateLimit(db, TILL_PIN_RATE_LIMITS.perTill, `${shopId}:${input.tillKey}`);
  if (!hit.allowed) {
    return { ok: false, error: { code: "tooManyTries", retryAfterSeconds: hit.retryAfterSeconds } };
  }
  return db.transaction(async (tx): Promise<TillPinCheck> => {
    const [row] = await tx
      .select({
        id: tillPin.id,
        hash: tillPin.pinHash,
        failedCount: tillPin.failedCount,
        lockedUntil: tillPin.lockedUntil,
        now: sql<Date>`now()`.mapWith(tillPin.updatedAt),
        name: user.name,
        role: shopMember.role,
      })
      .from(tillPin)
      .innerJoin(
        shopMember,
        and(eq(shopMember.shopId, tillPin.shopId), eq(shopMember.userId, tillPin.userId)),
      )
      .innerJoin(user, eq(user.id, tillPin.userId))
      .where(and(eq(tillPin.shopId, shopId), eq(tillPin.userId, userId)))
      .for("update", { of: tillPin });
    if (!row) return { ok: false, error: { code: "wrongPin", triesLeft: null } };
    if (row.lockedUntil && row.lockedUntil > row.now) {
      return { ok: false, error: { code: "locked", until: row.lockedUntil } };
    }
    // A lock that ran out starts the count again.
    const failedBefore = row.lockedUntil ? 0 : row.failedCount;
    if (TILL_PIN_PATTERN.test(pin) && (await shopPinMatches(row.hash, pin))) {
      if (row.failedCount > 0 || row.lockedUntil) {
        await tx
          .update(tillPin)
          .set({ failedCount: 0, lockedUntil: null })
          .where(eq(tillPin.id, row.id));
      }
      return { ok: true, member: { userId, name: row.name, role: row.role } };
    }
    const failed = failedBefore + 1;
    const locks = failed >= TILL_PIN_MAX_FAILURES;
    const [updated] = await tx
      .update(tillPin)
      .set({
        failedCount: failed,
        lockedUntil: locks ? sql`now() + ${`${TILL_PIN_LOCK_MINUTES} minutes`}::interval` : null,
      })
      .where(eq(tillPin.id, row.id))
      .returning({ lockedUntil: tillPin.lockedUntil });
    if (locks && updated?.lockedUntil) {
      return { ok: false, error: { code: "locked", until: updated.lockedUntil } };
    }
    return { ok: false, error: { code: "wrongPin", triesLeft: TILL_PIN_MAX_FAILURES - failed } };
  });
}
