import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { shopMember } from "~/db/schema";
import type { ShopRole } from "~/modules/shops";
import { tillOfDevice } from "~/modules/tills/index.server";
import { tillCashierSwitch, tillPin } from "./schema";
import { checkTillPin, type TillPinRefusal } from "./till-pin.server";

/*
 * A cashier taking over a registered till with their PIN (issue 37, decision 0088), under the
 * session of the owner or the manager signed in there. The switch is a row on the server: the
 * till sends its id with each sale, and completeSale takes the cashier from the row, never from
 * what the till says — only for that till, that session, and while it lasts. A PIN opens
 * nothing else: no session, no page; the cashier sells under a cashier's rules.
 */

/** The roles whose session a registered till may be shared under. */
export const TILL_SESSION_ROLES = ["owner", "manager"] as const satisfies readonly ShopRole[];

/** The roles that sell: a stock member's PIN clocks in, but does not take the till. */
const SELLING_ROLES: readonly ShopRole[] = ["owner", "manager", "cashier"];

/** A switch lasts at most a long working day; the next switch at the till ends it earlier. */
export const CASHIER_SWITCH_HOURS = 14;

/**
 * How far a sale's time (the till's clock, corrected by the server) may fall outside its
 * switch: the till's clock is told off to the second, but not better.
 */
const CLOCK_SLACK = "2 minutes";

export type CashierSwitchRefusal =
  | TillPinRefusal
  /** The session at the till is no owner's or manager's: nobody switches there. */
  | { code: "notTillSession" }
  /** The device is no registered till of the shop (released, retired, another device). */
  | { code: "tillNotRegistered" }
  /** The member does not sell (stock staff). */
  | { code: "notSeller" }
  /**
   * The owner or manager signed in here has no till PIN: they could not take the till back
   * from a cashier, so nobody takes it over until they set one.
   */
  | { code: "sessionWithoutPin" };

export type CashierSwitchResult =
  | {
      ok: true;
      /** Null when the session's own member took the till back. */
      switchId: string | null;
      cashier: { userId: string; name: string };
      expiresAt: string | null;
    }
  | { ok: false; error: CashierSwitchRefusal };

interface TillSession {
  shopId: string;
  /** The member signed in at the till. */
  userId: string;
  role: ShopRole;
}

/**
 * The member `memberId` takes over the registered till (its id and this device's token) with
 * their till PIN. The switch before it at the till ends. The session's own member typing their
 * own PIN takes the till back: no switch, their own rules again.
 */
export async function switchCashier(
  db: Database,
  session: TillSession,
  input: {
    tillId: string;
    token: string;
    memberId: string;
    pin: string;
    /** The session's hash (`heldSessionKey`): the session the cashier then holds. */
    sessionKey?: string | null;
  },
): Promise<CashierSwitchResult> {
  if (!(TILL_SESSION_ROLES as readonly ShopRole[]).includes(session.role)) {
    return { ok: false, error: { code: "notTillSession" } };
  }
  const till = await tillOfDevice(db, session.shopId, input.tillId, input.token);
  if (!till) return { ok: false, error: { code: "tillNotRegistered" } };
  const [own] = await db
    .select({ id: tillPin.id })
    .from(tillPin)
    .where(and(eq(tillPin.shopId, session.shopId), eq(tillPin.userId, session.userId)));
  if (!own) return { ok: false, error: { code: "sessionWithoutPin" } };
  const checked = await checkTillPin(db, {
    shopId: session.shopId,
    tillKey: till.id,
    userId: input.memberId,
    pin: input.pin,
  });
  if (!checked.ok) return checked;
  const { member } = checked;
  if (!SELLING_ROLES.includes(member.role)) return { ok: false, error: { code: "notSeller" } };
  return db.transaction(async (tx) => {
    await endSwitchesAt(tx, session.shopId, till.id);
    if (member.userId === session.userId) {
      const cashier = { userId: member.userId, name: member.name };
      return { ok: true, switchId: null, cashier, expiresAt: null } as const;
    }
    const [row] = await tx
      .insert(tillCashierSwitch)
      .values({
        shopId: session.shopId,
        tillId: till.id,
        cashierId: member.userId,
        cashierName: member.name,
        openedBy: session.userId,
        sessionKey: input.sessionKey ?? null,
        expiresAt: sql`now() + ${`${CASHIER_SWITCH_HOURS} hours`}::interval`,
      })
      .returning({ id: tillCashierSwitch.id, expiresAt: tillCashierSwitch.expiresAt });
    if (!row) throw new Error("switchCashier: no row");
    return {
      ok: true,
      switchId: row.id,
      cashier: { userId: member.userId, name: member.name },
      expiresAt: row.expiresAt.toISOString(),
    } as const;
  });
}

async function endSwitchesAt(db: DbExecutor, shopId: string, tillId: string) {
  await db
    .update(tillCashierSwitch)
    .set({ endedAt: sql`now()` })
    .where(
      and(
        eq(tillCashierSwitch.shopId, shopId),
        eq(tillCashierSwitch.tillId, tillId),
        isNull(tillCashierSwitch.endedAt),
      ),
    );
}

/**
 * The cashier of a sale the till sent with a switch's id: the switch must be this shop's, made
 * at this till under this very session's member, the sale made while it lasted, and its
 * cashier still a selling member of the shop. Null for anything else (a forged or stale id).
 */
export async function cashierOfSwitch(
  db: DbExecutor,
  input: {
    shopId: string;
    sessionUserId: string;
    switchId: string;
    /** The registered till the sale names (its token is checked with the sale). */
    tillId: string | null;
    /** When the sale was made, by the server's clock (a queued sale's corrected time). */
    soldAt: Date;
  },
): Promise<{ userId: string; name: string } | null> {
  const [row] = await db
    .select({ userId: tillCashierSwitch.cashierId, name: tillCashierSwitch.cashierName })
    .from(tillCashierSwitch)
    .innerJoin(
      shopMember,
      and(
        eq(shopMember.shopId, tillCashierSwitch.shopId),
        eq(shopMember.userId, tillCashierSwitch.cashierId),
      ),
    )
    .where(
      and(
        eq(tillCashierSwitch.id, input.switchId),
        eq(tillCashierSwitch.shopId, input.shopId),
        eq(tillCashierSwitch.openedBy, input.sessionUserId),
        input.tillId === null ? sql`false` : eq(tillCashierSwitch.tillId, input.tillId),
        sql`${shopMember.role} IN ('owner', 'manager', 'cashier')`,
        sql`${input.soldAt.toISOString()}::timestamptz
          BETWEEN ${tillCashierSwitch.createdAt} - ${CLOCK_SLACK}::interval
          AND COALESCE(${tillCashierSwitch.endedAt}, ${tillCashierSwitch.expiresAt})
            + ${CLOCK_SLACK}::interval`,
      ),
    );
  return row ?? null;
}

/**
 * The cashier who holds the till now (the till's last switch, still open), for the till's
 * page; null when the session's own member holds it.
 */
export async function currentCashierSwitch(
  db: DbExecutor,
  input: { shopId: string; sessionUserId: string; tillId: string },
): Promise<{ switchId: string; userId: string; name: string; expiresAt: string } | null> {
  const [row] = await db
    .select({
      switchId: tillCashierSwitch.id,
      userId: tillCashierSwitch.cashierId,
      name: tillCashierSwitch.cashierName,
      expiresAt: tillCashierSwitch.expiresAt,
    })
    .from(tillCashierSwitch)
    .where(
      and(
        eq(tillCashierSwitch.shopId, input.shopId),
        eq(tillCashierSwitch.tillId, input.tillId),
        eq(tillCashierSwitch.openedBy, input.sessionUserId),
        isNull(tillCashierSwitch.endedAt),
        sql`${tillCashierSwitch.expiresAt} > now()`,
      ),
    );
  return row ? { ...row, expiresAt: row.expiresAt.toISOString() } : null;
}

/** A session a cashier holds: the open switch made under it, at a till of a shop. */
export interface HeldSession {
  switchId: string;
  shopId: string;
  tillId: string;
  cashierId: string;
  cashierName: string;
  createdAt: Date;
}

/**
 * The open, unexpired switch made under this session (its `sessionKey`), or null: while there
 * is one, the owner's or manager's session on that browser is the cashier's (decision 0088).
 */
export async function heldSessionOf(
  db: DbExecutor,
  sessionKey: string,
): Promise<HeldSession | null> {
  const [row] = await db
    .select({
      switchId: tillCashierSwitch.id,
      shopId: tillCashierSwitch.shopId,
      tillId: tillCashierSwitch.tillId,
      cashierId: tillCashierSwitch.cashierId,
      cashierName: tillCashierSwitch.cashierName,
      createdAt: tillCashierSwitch.createdAt,
    })
    .from(tillCashierSwitch)
    .where(
      and(
        eq(tillCashierSwitch.sessionKey, sessionKey),
        isNull(tillCashierSwitch.endedAt),
        sql`${tillCashierSwitch.expiresAt} > now()`,
      ),
    )
    .orderBy(desc(tillCashierSwitch.createdAt))
    .limit(1);
  return row ?? null;
}
