import { and, asc, eq, sql } from "drizzle-orm";
import { data } from "react-router";
import type { Database } from "~/db/client.server";
import type { MessageKey } from "~/lib/i18n";
import { shop, shopMember, type ShopRole } from "./schema";

export type Shop = typeof shop.$inferSelect;

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
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(shop).values(input).returning();
    if (!created) throw new Error("shop insert returned no row");
    await tx.insert(shopMember).values({ shopId: created.id, userId: ownerUserId, role: "owner" });
    return created;
  });
}

/** The shops a member belongs to, with their role in each, by name. */
export function listShopsOfMember(db: Database, userId: string) {
  return db
    .select({ shop, role: shopMember.role })
    .from(shopMember)
    .innerJoin(shop, eq(shop.id, shopMember.shopId))
    .where(eq(shopMember.userId, userId))
    .orderBy(asc(shop.name));
}

/**
 * The member's shop and role, checked on the server for every loader and action that touches
 * shop data. Someone outside the shop gets 404 (the shop's existence is not revealed); a
 * member whose role does not allow the action gets 403.
 */
export async function requireShopMember(
  db: Database,
  userId: string,
  shopId: string,
  allowedRoles: readonly ShopRole[],
): Promise<{ shop: Shop; role: ShopRole }> {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(shopId);
  const [found] = isUuid
    ? await db
        .select({ shop, role: shopMember.role })
        .from(shopMember)
        .innerJoin(shop, eq(shop.id, shopMember.shopId))
        .where(and(eq(shopMember.shopId, shopId), eq(shopMember.userId, userId)))
    : [];
  if (!found) throw data(null, { status: 404 });
  if (!allowedRoles.includes(found.role)) throw data(null, { status: 403 });
  return found;
}

export type MembershipChange =
  | { ok: true }
  | { ok: false; error: Extract<MessageKey, "shops.error.lastOwner" | "shops.error.notMember"> };

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
  return db.transaction(async (tx) => {
    const owners = await tx.execute<{ user_id: string }>(
      sql`SELECT user_id FROM shop_member WHERE shop_id = ${shopId} AND role = 'owner' FOR UPDATE`,
    );
    const [member] = await tx
      .select()
      .from(shopMember)
      .where(and(eq(shopMember.shopId, shopId), eq(shopMember.userId, userId)))
      .for("update");
    if (!member) return { ok: false, error: "shops.error.notMember" };
    const losesOwner = member.role === "owner" && ("remove" in change || change.role !== "owner");
    if (losesOwner && owners.rows.length <= 1) return { ok: false, error: "shops.error.lastOwner" };
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
}
