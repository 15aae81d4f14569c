import { randomUUID } from "node:crypto";
import {
  addShopCategory,
  bookExpense,
  bookOtherIncome,
  listShopCategories,
} from "~/modules/finance/index.server";
import { and, eq, sql } from "drizzle-orm";
import type { SessionUser } from "~/context";
import type { Database } from "~/db/client.server";
import {
  customer,
  listing,
  shift,
  shopInvitation,
  stockDocument,
  stockItem,
  till,
  user,
} from "~/db/schema";
import { addDays, bangkokIsoDate } from "~/lib/dates";
import { closeTillDay } from "~/modules/journal/index.server";
import type { ShopRole } from "~/modules/shops/index.server";
import { createLocation, postStockDocument, saveVariantGroup } from "~/modules/stock/index.server";
import { sessionUserOf } from "./route-call";
import { addShopMember, insertItem, insertShop, insertUser, joinShop } from "./factories";
import { createSaleForTest } from "./sales-factory";

// Two shops with every kind of row an attacker could aim at (items, locations, documents,
// members, invitations), for the isolation matrix and the form fuzzer.

/** The ids of one shop's rows that a form or a query string can name. */
export interface ShopIds {
  shopId: string;
  shopName: string;
  itemId: number;
  itemName: string;
  sku: string;
  barcode: string;
  /** A warehouse of the shop besides its default location (free to rename, empty). */
  locationId: number;
  locationName: string;
  defaultLocationId: number;
  /** The opening receipt of the item: a posted document. */
  documentId: number;
  /** A cashier of the shop (a member another member could try to change or remove). */
  memberId: string;
  invitationId: number;
  /** A completed sale of the shop (one unit of the item, by its owner): its pages, prints, PDF. */
  saleId: number;
  /** An open shift of the shop's till, opened by its owner (pay-outs, closing, its report). */
  shiftId: number;
  /** The shop's first till (P01) and a Z report of it (yesterday's, closed by its owner). */
  tillId: string;
  zReportId: number;
  /** An expense and an other income of the shop (booked by its owner), and an own category. */
  expenseId: number;
  incomeId: number;
  expenseCategoryId: number;
  /** A draft listing of the shop's owner (listings belong to members, not to shops). */
  listingId: string;
  listingTitle: string;
  /** A customer of the shop (its own phone number), registered by its owner. */
  customerId: string;
  /** An item with variants (one variant, ขนาด S; decision 0080). */
  variantGroupId: number;
}

export interface AttackFixture {
  /** The shop whose members make the calls. */
  home: ShopIds;
  /** The other shop: its rows must never be shown or changed by the home shop's members. */
  victim: ShopIds;
  /** A member of the home shop for each role (the owner created the shop). */
  homeRoles: Record<ShopRole, SessionUser>;
  victimOwner: SessionUser;
  /** A cashier of the home shop who also owns the victim shop (their highest role elsewhere). */
  dual: SessionUser;
  /** Signed in, in no shop at all. */
  loner: SessionUser;
  admin: SessionUser;
}

function member(db: Database, shopId: string, role: ShopRole, name: string) {
  return addShopMember(db, shopId, role, { name });
}

async function shopWithRows(
  db: Database,
  label: string,
): Promise<{ ids: ShopIds; owner: SessionUser; shopId: string }> {
  const { shop, ownerId, defaultLocationId } = await insertShop(db);
  const owner = sessionUserOf(ownerId);
  const tag = randomUUID().slice(0, 8).toUpperCase();
  const item = await insertItem(db, shop.id, ownerId, {
    fields: {
      name: `${label} สินค้าลับ ${tag}`,
      sku: `${label.toUpperCase()}-SKU-${tag}`,
      barcode: `88${String(Math.floor(Math.random() * 1e10)).padStart(11, "0")}`,
    },
    opening: { qty: 50_000, locationId: defaultLocationId },
  });
  const location = await createLocation(db, shop.id, {
    parentId: null,
    name: `${label} คลังลับ ${tag}`,
  });
  if (!location.ok) throw new Error(`test location not created: ${location.error}`);
  const [document] = await db
    .select({ id: stockDocument.id })
    .from(stockDocument)
    .where(eq(stockDocument.shopId, shop.id));
  const cashier = await member(db, shop.id, "cashier", `${label} แคชเชียร์`);
  const sold = await createSaleForTest(db, {
    shopId: shop.id,
    userId: ownerId,
    lines: [{ itemId: item.id, qty: 1 }],
  });
  const [openShift] = await db
    .insert(shift)
    .values({
      shopId: shop.id,
      till: `${label} till`,
      openedBy: ownerId,
      openedByName: `${label} owner`,
      openingCashSatang: 100_000,
    })
    .returning({ id: shift.id });
  const actor = { id: ownerId, name: `${label} เจ้าของ` };
  const booked = await bookExpense(db, {
    shopId: shop.id,
    actor,
    category: { key: "rent", id: null },
    amountSatang: 500_000,
    inputVatSatang: 0,
    day: "2026-03-01",
    method: "transfer",
    supplier: `${label} ผู้ให้เช่า ${tag}`,
    note: "",
  });
  const income = await bookOtherIncome(db, {
    shopId: shop.id,
    actor,
    category: { key: "service", id: null },
    amountSatang: 30_000,
    day: "2026-03-01",
    method: "cash",
    note: `${label} ค่าบริการ ${tag}`,
  });
  if (!booked.ok || !income.ok) throw new Error("test expense or income not booked");
  await addShopCategory(db, shop.id, "expense", `${label} หมวดลับ ${tag}`);
  const [ownCategory] = await listShopCategories(db, shop.id, "expense");
  const [invitation] = await db
    .insert(shopInvitation)
    .values({
      shopId: shop.id,
      email: `${label.toLowerCase()}-invite-${tag.toLowerCase()}@example.com`,
      role: "stock",
      invitedBy: ownerId,
      expiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000),
    })
    .returning({ id: shopInvitation.id });
  const [firstTill] = await db
    .select({ id: till.id })
    .from(till)
    .where(and(eq(till.shopId, shop.id), eq(till.code, "P01")));
  const closed = await closeTillDay(
    db,
    { shopId: shop.id, userId: ownerId, name: `${label} owner` },
    { tillId: firstTill!.id, day: addDays(bangkokIsoDate(new Date()), -1) },
  );
  if (!closed.ok) throw new Error(`test Z report not closed: ${closed.error}`);
  const [regular] = await db
    .insert(customer)
    .values({
      shopId: shop.id,
      phone: label === "Home" ? "+66811111111" : "+66822222222",
      name: `${label} ลูกค้าประจำ`,
      consentAt: new Date(),
      consentBy: ownerId,
    })
    .returning({ id: customer.id });
  const [draft] = await db
    .insert(listing)
    .values({
      ownerId,
      title: `${label} ประกาศร่าง ${tag}`,
      description: "คอนโดใกล้รถไฟฟ้า ยังไม่เผยแพร่",
      category: "condo",
      priceSatang: 250_000_000,
      province: "10",
      contactPhone: "+66812345678",
      status: "draft",
    })
    .returning({ id: listing.id, title: listing.title });
  const variants = await saveVariantGroup(db, {
    shopId: shop.id,
    groupId: null,
    name: `${label} ลาเต้ ${tag}`,
    category: "",
    unit: "แก้ว",
    options: [{ name: "ขนาด", values: ["S"] }],
    rows: [
      {
        values: ["S"],
        sku: `LATTE-${tag}-S`,
        barcode: null,
        priceSatang: 4_500,
        costSatang: 1_500,
      },
    ],
  });
  if (!variants.ok) throw new Error(`fixture variant group: ${variants.error}`);
  // In stock at its cost: a margin from no average cost (100 %) would look like a cost figure.
  const [variantItem] = await db
    .select({ id: stockItem.id })
    .from(stockItem)
    .where(and(eq(stockItem.shopId, shop.id), eq(stockItem.sku, `LATTE-${tag}-S`)));
  const variantStock = await postStockDocument(db, {
    shopId: shop.id,
    userId: owner.id,
    kind: "receive",
    lines: [
      { itemId: variantItem!.id, locationId: defaultLocationId, qty: 3_000, unitCostSatang: 1_500 },
    ],
  });
  if (!variantStock.ok) throw new Error("fixture variant stock not received");
  return {
    shopId: shop.id,
    owner,
    ids: {
      shopId: shop.id,
      shopName: shop.name,
      itemId: item.id,
      itemName: item.name,
      sku: item.sku,
      barcode: item.barcode ?? "",
      locationId: location.location.id,
      locationName: location.location.name,
      defaultLocationId,
      documentId: document!.id,
      memberId: cashier.id,
      invitationId: invitation!.id,
      saleId: sold.id,
      shiftId: openShift!.id,
      tillId: firstTill!.id,
      zReportId: closed.id,
      expenseId: booked.id,
      incomeId: income.id,
      expenseCategoryId: ownCategory!.id,
      listingId: draft!.id,
      listingTitle: draft!.title,
      customerId: regular!.id,
      variantGroupId: variants.groupId,
    },
  };
}

export async function createAttackFixture(db: Database): Promise<AttackFixture> {
  const home = await shopWithRows(db, "Home");
  const victim = await shopWithRows(db, "Victim");
  const homeRoles: Record<ShopRole, SessionUser> = {
    owner: home.owner,
    manager: await member(db, home.shopId, "manager", "ผู้จัดการ"),
    cashier: await member(db, home.shopId, "cashier", "แคชเชียร์"),
    stock: await member(db, home.shopId, "stock", "พนักงานคลัง"),
  };
  const dual = await member(db, home.shopId, "cashier", "แคชเชียร์สองร้าน");
  await joinShop(db, victim.shopId, dual.id, "owner");
  const loner = sessionUserOf(await insertUser(db, "ไม่มีร้าน"), "ไม่มีร้าน");
  const adminId = await insertUser(db, "ผู้ดูแล");
  await db.update(user).set({ role: "admin" }).where(eq(user.id, adminId));
  const admin = { ...sessionUserOf(adminId, "ผู้ดูแล"), role: "admin" as const };
  return {
    home: home.ids,
    victim: victim.ids,
    homeRoles,
    victimOwner: victim.owner,
    dual,
    loner,
    admin,
  };
}

// The schema does not change during a test file: its shop tables are listed once per database.
const shopTablesOf = new WeakMap<Database, Promise<string[]>>();

/** Tables whose rows belong to a shop through a shop_id column. */
function shopTables(db: Database): Promise<string[]> {
  let found = shopTablesOf.get(db);
  if (!found) {
    found = db
      .execute<{ table_name: string }>(
        sql`SELECT table_name FROM information_schema.columns
            WHERE table_schema = 'public' AND column_name = 'shop_id' ORDER BY table_name`,
      )
      .then((result) => result.rows.map((row) => row.table_name));
    shopTablesOf.set(db, found);
  }
  return found;
}

/**
 * Every row of one shop (the shop, its members' accounts and listings, every table with a shop_id),
 * each as an md5 of its text: equal snapshots mean nothing of the shop was changed.
 */
export async function shopSnapshot(db: Database, shopId: string): Promise<string[]> {
  const parts = [
    sql`SELECT 'shop:' || md5(s::text) AS h FROM shop s WHERE s.id = ${shopId}`,
    sql`SELECT 'user:' || md5(u::text) AS h FROM app_user u
        WHERE u.id IN (SELECT user_id FROM shop_member WHERE shop_id = ${shopId})`,
    sql`SELECT 'listing:' || md5(l::text) AS h FROM listing l
        WHERE l.owner_id IN (SELECT user_id FROM shop_member WHERE shop_id = ${shopId})`,
  ];
  for (const table of await shopTables(db)) {
    parts.push(
      sql`SELECT ${`${table}:`} || md5(t::text) AS h FROM ${sql.identifier(table)} t WHERE t.shop_id = ${shopId}`,
    );
  }
  const result = await db.execute<{ h: string }>(
    sql`SELECT h FROM (${sql.join(parts, sql` UNION ALL `)}) rows ORDER BY h`,
  );
  return result.rows.map((row) => row.h);
}
