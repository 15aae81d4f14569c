import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { pageWindow, toPage, type Page } from "~/lib/paging";
import { user } from "~/db/schema";
import { hitRateLimit, type RateLimitRule, forgetCached } from "~/modules/platform/index.server";
import { shop, shopMember, type ShopRole } from "./schema";
import type { ShopFormInput } from "./shop-form";

export type Shop = typeof shop.$inferSelect;

export const SHOP_RATE_LIMITS = {
  /** New shops per member: enough for a real business, too few to flood the database. */
  createPerUser: { name: "shop-create", limit: 10, windowSeconds: 24 * 60 * 60 },
  /** Invitation e-mails per shop: the outbox must not become a way to send spam. */
  invitePerShop: { name: "shop-invite", limit: 30, windowSeconds: 24 * 60 * 60 },
} satisfies Record<string, RateLimitRule>;

/** Creates a shop with the member who creates it as its owner, in one transaction. */
export async function createShop(
  db: Database,
  ownerUserId: string,
  input: {
    name: string;
    businessType: Shop["businessType"];
    address: string;
    phone: string;
    taxId: string | null;
  },
): Promise<Shop> {
  const created = await db.transaction(async (tx) => {
    const [inserted] = await tx.insert(shop).values(input).returning();
    if (!inserted) throw new Error("shop insert returned no row");
    await tx.insert(shopMember).values({ shopId: inserted.id, userId: ownerUserId, role: "owner" });
    return inserted;
  });
  forgetCached(db, `user:${ownerUserId}`);
  return created;
}

/** Creates a shop for a member (rate-limited per member); they become its owner. */
export async function openShop(
  db: Database,
  ownerUserId: string,
  input: ShopFormInput,
): Promise<
  { ok: true; shop: Shop } | { ok: false; error: "too-many-shops"; retryAfterSeconds: number }
> {
  const limit = await hitRateLimit(db, SHOP_RATE_LIMITS.createPerUser, ownerUserId);
  if (!limit.allowed) {
    return {
      ok: false,
      error: "too-many-shops",
      retryAfterSeconds: limit.retryAfterSeconds,
    };
  }
  return { ok: true, shop: await createShop(db, ownerUserId, input) };
}

/** Saves the shop's details from the settings form (the caller has checked the owner). */
export async function updateShop(
  db: Database,
  shopId: string,
  input: ShopFormInput & { allowNegativeStock: boolean; stockMayReverse?: boolean },
): Promise<void> {
  await db
    .update(shop)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(shop.id, shopId));
  forgetCached(db, `shop:${shopId}`);
}

export interface ShopMemberRow {
  userId: string;
  name: string;
  email: string;
  role: ShopRole;
  joinedAt: Date;
}

/** A member as the members page shows them (the list and the confirmation before removing). */
const memberColumns = {
  userId: shopMember.userId,
  name: user.name,
  email: user.email,
  role: shopMember.role,
  joinedAt: shopMember.createdAt,
};

const ROLE_ORDER = sql`array_position(ARRAY['owner','manager','cashier','stock']::text[], ${shopMember.role})`;

/** One page of a shop's members with their name and e-mail, owners first. */
export async function listShopMembers(
  db: Database,
  shopId: string,
  page: number,
): Promise<Page<ShopMemberRow>> {
  const { limit, offset } = pageWindow(page);
  const [rows, [totals]] = await Promise.all([
    db
      .select(memberColumns)
      .from(shopMember)
      .innerJoin(user, eq(user.id, shopMember.userId))
      .where(eq(shopMember.shopId, shopId))
      .orderBy(ROLE_ORDER, asc(user.name), asc(shopMember.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(shopMember).where(eq(shopMember.shopId, shopId)),
  ]);
  return toPage(rows, totals?.total ?? 0, page);
}

/** One member of a shop (for the confirmation before removing them), or null. */
export async function findShopMember(
  db: Database,
  shopId: string,
  userId: string,
): Promise<ShopMemberRow | null> {
  const [row] = await db
    .select(memberColumns)
    .from(shopMember)
    .innerJoin(user, eq(user.id, shopMember.userId))
    .where(and(eq(shopMember.shopId, shopId), eq(shopMember.userId, userId)));
  return row ?? null;
}

/** The shops a member belongs to, with their role in each and when they last chose it, by name. */
export function listShopsOfMember(db: Database, userId: string) {
  return db
    .select({ shop, role: shopMember.role, lastUsedAt: shopMember.lastUsedAt })
    .from(shopMember)
    .innerJoin(shop, eq(shop.id, shopMember.shopId))
    .where(eq(shopMember.userId, userId))
    .orderBy(asc(shop.name));
}

/**
 * The member's shop and role, or null when they do not belong to it (or the id is not one).
 * The access gates (app/routes/_gates/) turn null into 404 and a role not allowed into 403.
 */
export async function findShopMembership(
  db: Database,
  userId: string,
  shopId: string,
): Promise<{ shop: Shop; role: ShopRole } | null> {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(shopId);
  const [found] = isUuid
    ? await db
        .select({ shop, role: shopMember.role })
        .from(shopMember)
        .innerJoin(shop, eq(shop.id, shopMember.shopId))
        .where(and(eq(shopMember.shopId, shopId), eq(shopMember.userId, userId)))
    : [];
  return found ?? null;
}

/** Why a membership change was refused (the routes say it: app/routes/shophub/errors.ts). */
export type MembershipRefusal = "not-member" | "last-owner";

export type MembershipChange = { ok: true } | { ok: false; error: MembershipRefusal };

/**
 * Changes a member's role or removes them. The shop always keeps at least one owner: the
 * owners are locked while the change is checked, so two owners demoting each other at the
 * same moment cannot leave the shop without one.
 */
export async function changeMembership(
  db: Database,
  shopId: string,
  userId: string,
  change: { role: ShopRole } | { remove: true },
): Promise<MembershipChange> {
  const changed = await db.transaction(async (tx): Promise<MembershipChange> => {
    const owners = await tx.execute<{ user_id: string }>(
      sql`SELECT user_id FROM shop_member WHERE shop_id = ${shopId} AND role = 'owner' FOR UPDATE`,
    );
    const [member] = await tx
      .select()
      .from(shopMember)
      .where(and(eq(shopMember.shopId, shopId), eq(shopMember.userId, userId)))
      .for("update");
    if (!member) return { ok: false, error: "not-member" };
    const losesOwner = member.role === "owner" && ("remove" in change || change.role !== "owner");
    if (losesOwner && owners.rows.length <= 1) return { ok: false, error: "last-owner" };
    if ("remove" in change) {
      await tx
        .delete(shopMember)
        .where(and(eq(shopMember.shopId, shopId), eq(shopMember.userId, userId)));
    } else {
      await tx
        .update(shopMember)
        .set({ role: change.role })
        .where(and(eq(shopMember.shopId, shopId), eq(shopMember.userId, userId)));
    }
    return { ok: true };
  });
  if (changed.ok) forgetCached(db, `user:${userId}`);
  return changed;
}

/**
 * Remembers that the member chose this shop, so it is their default shop on their next
 * visit (another browser, an expired cookie). Only the header's switch writes it: the
 * row's trigger announces every change to every instance, which a write per request would
 * make costly.
 */
export async function markShopUsed(db: Database, userId: string, shopId: string): Promise<void> {
  await db
    .update(shopMember)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(shopMember.shopId, shopId), eq(shopMember.userId, userId)));
  forgetCached(db, `user:${userId}`);
}

/** The roles that sell at the till (the stock role only works in storehub). */
export const SELLING_ROLES = ["owner", "manager", "cashier"] as const satisfies readonly ShopRole[];

/** The shop's members who may sell, by name: who can be added to a till's shift. */
export async function listSellingMembers(
  db: DbExecutor,
  shopId: string,
): Promise<{ userId: string; name: string; role: ShopRole }[]> {
  return db
    .select({ userId: shopMember.userId, name: user.name, role: shopMember.role })
    .from(shopMember)
    .innerJoin(user, eq(user.id, shopMember.userId))
    .where(and(eq(shopMember.shopId, shopId), inArray(shopMember.role, [...SELLING_ROLES])))
    .orderBy(ROLE_ORDER, asc(user.name));
}

/** The member's role in the shop read from the database (no cache), or null outside it. */
export async function findMembershipRole(
  db: Database,
  userId: string,
  shopId: string,
): Promise<ShopRole | null> {
  const [row] = await db
    .select({ role: shopMember.role })
    .from(shopMember)
    .where(and(eq(shopMember.shopId, shopId), eq(shopMember.userId, userId)));
  return row?.role ?? null;
}

/**
 * The shops that deleting this member's account would leave without an owner while other
 * members still work in them: the member is their only owner and not their only member.
 * Deleting the account is refused while there are any (hand the shop over first). A shop
 * the member runs alone does not count: nobody is left behind in it.
 */
export async function shopsLeftWithoutOwner(
  db: Database,
  userId: string,
): Promise<{ id: string; name: string }[]> {
  const rows = await db.execute<{ id: string; name: string }>(sql`
    SELECT s.id, s.name
    FROM shop_member mine
    JOIN shop s ON s.id = mine.shop_id
    WHERE mine.user_id = ${userId} AND mine.role = 'owner'
      AND NOT EXISTS (
        SELECT 1 FROM shop_member other
        WHERE other.shop_id = mine.shop_id AND other.role = 'owner' AND other.user_id <> ${userId}
      )
      AND EXISTS (
        SELECT 1 FROM shop_member other
        WHERE other.shop_id = mine.shop_id AND other.user_id <> ${userId}
      )
    ORDER BY s.name
  `);
  return rows.rows;
}

/**
 * The shop's tax ID, its row locked until the transaction ends so that the ID cannot change
 * meanwhile; undefined when there is no such shop.
 */
export async function lockedShopTaxId(
  tx: DbExecutor,
  shopId: string,
): Promise<{ taxId: string | null } | undefined> {
  const [row] = await tx
    .select({ taxId: shop.taxId })
    .from(shop)
    .where(eq(shop.id, shopId))
    .for("share");
  return row;
}

/** Whether the member's account must stay for now (createAuth's accountMustStay). */
export async function accountMustStay(db: Database, userId: string): Promise<boolean> {
  return (await shopsLeftWithoutOwner(db, userId)).length > 0;
}
