import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { shop, user } from "~/db/schema";
import { createShop, type Shop } from "~/modules/shops/index.server";
import {
  type ItemFields,
  createItem,
  type StockItem,
  getDefaultLocation,
} from "~/modules/stock/index.server";

let counter = 0;

/** A member account straight in the database (tests of shop data need no sign-in). */
export async function insertUser(db: Database, name?: string): Promise<string> {
  counter += 1;
  const id = `stock-user-${process.pid}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
  await db.insert(user).values({
    id,
    name: name ?? `สมาชิก ${counter}`,
    email: `${id}@example.com`,
    emailVerified: true,
  });
  return id;
}

/** A shop owned by a new member, with its default location. */
export async function insertShop(
  db: Database,
  options: { allowNegativeStock?: boolean; ownerId?: string } = {},
): Promise<{ shop: Shop; ownerId: string; defaultLocationId: number }> {
  const ownerId = options.ownerId ?? (await insertUser(db));
  const created = await createShop(db, ownerId, {
    name: `ร้านทดสอบ ${++counter}`,
    businessType: "grocery",
    address: "99 ถนนพหลโยธิน กรุงเทพฯ",
    phone: "+66812345678",
    taxId: null,
  });
  if (options.allowNegativeStock) {
    await db.update(shop).set({ allowNegativeStock: true }).where(eq(shop.id, created.id));
  }
  const location = await getDefaultLocation(db, created.id);
  return { shop: created, ownerId, defaultLocationId: location.id };
}

export function itemFields(overrides: Partial<ItemFields> = {}): ItemFields {
  counter += 1;
  return {
    name: `น้ำดื่มตราช้าง 600 มล. (${counter})`,
    sku: `WATER-${counter}`,
    barcode: null,
    category: "เครื่องดื่ม",
    unit: "ขวด",
    price: 1_000,
    cost: 700,
    reorderLevel: 0,
    ...overrides,
  };
}

/** An item of the shop, optionally with opening stock at a location. */
export async function insertItem(
  db: Database,
  shopId: string,
  userId: string,
  options: { fields?: Partial<ItemFields>; opening?: { qty: number; locationId: number } } = {},
): Promise<StockItem> {
  const result = await createItem(db, {
    shopId,
    userId,
    fields: itemFields(options.fields),
    opening: options.opening ?? null,
  });
  if (!result.ok) throw new Error(`test item not created: ${JSON.stringify(result)}`);
  return result.item;
}
