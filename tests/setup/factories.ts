import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  contactMessage,
  emailOutbox,
  session,
  shop,
  shopMember,
  siteNotice,
  user,
} from "~/db/schema";
import { readForm } from "~/lib/forms/read-form";
import {
  createCustomer,
  customerFormSchema,
  setCreditLimit,
} from "~/modules/customers/index.server";
import { type ListingFormData, saveListing } from "~/modules/listings/index.server";
import type { FileStorage } from "~/modules/media/index.server";
import { completeSale, type SaleActor } from "~/modules/sales/index.server";
import { type ShopRole, createShop, setApprovalPin, type Shop } from "~/modules/shops/index.server";
import {
  type ItemFields,
  createItem,
  type StockItem,
  getDefaultLocation,
  type StockLocation,
} from "~/modules/stock/index.server";

/**
 * Test data straight in the database, for every integration and end-to-end test: members,
 * shops with members by role, stock items with stock, listings, notices, contact messages and
 * outbox mail. A test that needs a row writes it through one of these, so a column added later
 * gets its default in one place. Every row is unique per call (ids, e-mails, SKUs), so tests
 * sharing a database (the end-to-end server's) never collide.
 */

let counter = 0;
const next = () => ++counter;

// ---- members ---------------------------------------------------------------------------------

/** A member row, shaped like the signed-in member the routes receive (`SessionUser`). */
export interface TestUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  phone: string | null;
  role: "member" | "admin";
}

export interface UserFields {
  id?: string;
  name?: string;
  email?: string;
  /** Verified unless said otherwise: most screens need a verified address. */
  emailVerified?: boolean;
  phone?: string | null;
  role?: "member" | "admin";
  /** A disabled account (an admin banned it). */
  banned?: boolean;
  createdAt?: Date;
}

/** A member account straight in the database (tests of data need no sign-in). */
export async function createUser(db: Database, fields: UserFields = {}): Promise<TestUser> {
  const n = next();
  const id = fields.id ?? `user-${process.pid}-${n}-${randomUUID().slice(0, 8)}`;
  const row: TestUser = {
    id,
    name: fields.name ?? `สมาชิก ${n}`,
    email: fields.email ?? `${id}@example.com`,
    emailVerified: fields.emailVerified ?? true,
    image: null,
    phone: fields.phone ?? null,
    role: fields.role ?? "member",
  };
  await db.insert(user).values({
    ...row,
    banned: fields.banned ?? false,
    ...(fields.createdAt ? { createdAt: fields.createdAt } : {}),
  });
  return row;
}

/** An administrator. */
export const createAdmin = (db: Database, fields: Omit<UserFields, "role"> = {}) =>
  createUser(db, { ...fields, role: "admin" });

/** A disabled (banned) member. */
export const createDisabledUser = (db: Database, fields: Omit<UserFields, "banned"> = {}) =>
  createUser(db, { ...fields, banned: true });

/** Short form: a verified member's id, optionally with a name. */
export async function insertUser(db: Database, name?: string): Promise<string> {
  return (await createUser(db, name === undefined ? {} : { name })).id;
}

/** A live session row of the member (what "signed in on one device" means to the database). */
export async function insertSession(db: Database, userId: string): Promise<string> {
  const token = randomUUID();
  await db.insert(session).values({
    id: randomUUID(),
    token,
    userId,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return token;
}

// ---- shops -----------------------------------------------------------------------------------

export interface ShopOptions {
  /** The owner: an existing member's id, or a new verified member is made. */
  ownerId?: string;
  name?: string;
  businessType?: Parameters<typeof createShop>[2]["businessType"];
  address?: string;
  phone?: string;
  taxId?: string | null;
  allowNegativeStock?: boolean;
}

export interface TestShop {
  shop: Shop;
  ownerId: string;
  defaultLocationId: number;
  /** The default location's row (its name shows on the stock pages). */
  defaultLocation: StockLocation;
}

/** A shop owned by a member (a new one unless given), with its default location. */
export async function insertShop(db: Database, options: ShopOptions = {}): Promise<TestShop> {
  const ownerId = options.ownerId ?? (await insertUser(db));
  const created = await createShop(db, ownerId, {
    name: options.name ?? `ร้านทดสอบ ${next()}`,
    businessType: options.businessType ?? "grocery",
    address: options.address ?? "99 ถนนพหลโยธิน กรุงเทพฯ",
    phone: options.phone ?? "+66812345678",
    taxId: options.taxId ?? null,
  });
  if (options.allowNegativeStock) {
    await db.update(shop).set({ allowNegativeStock: true }).where(eq(shop.id, created.id));
  }
  const location = await getDefaultLocation(db, created.id);
  return { shop: created, ownerId, defaultLocationId: location.id, defaultLocation: location };
}

/** Makes an existing member a member of the shop in a role. */
export async function joinShop(
  db: Database,
  shopId: string,
  userId: string,
  role: ShopRole,
): Promise<void> {
  await db.insert(shopMember).values({ shopId, userId, role });
}

/** A new member of the shop in a role (a cashier for the till, a stock clerk…). */
export async function addShopMember(
  db: Database,
  shopId: string,
  role: ShopRole,
  fields: UserFields = {},
): Promise<TestUser> {
  const member = await createUser(db, fields);
  await joinShop(db, shopId, member.id, role);
  return member;
}

// ---- stock -----------------------------------------------------------------------------------

/** The fields of a new item: unique name and SKU, 10.00 baht, cost 7.00. */
export function itemFields(overrides: Partial<ItemFields> = {}): ItemFields {
  const n = next();
  return {
    name: `น้ำดื่มตราช้าง 600 มล. (${n})`,
    sku: `WATER-${n}`,
    barcode: null,
    category: "เครื่องดื่ม",
    unit: "ขวด",
    price: 1_000,
    cost: 700,
    reorderLevel: 0,
    measured: false,
    ...overrides,
  };
}

/**
 * An item of the shop, optionally with opening stock at a location (posted to the ledger).
 * Quantities (opening.qty, fields.reorderLevel) are thousandths, as everywhere in code.
 */
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

// ---- a shop ready to sell ---------------------------------------------------------------------

/** One item of a selling shop: its fields, and its opening stock at the default location. */
export interface ShopItemSpec {
  fields?: Partial<ItemFields>;
  /** Opening stock in thousandths (100_000 = 100 units); none when left out. */
  stock?: number;
}

export interface ShopWithItemsOptions<K extends string> {
  shop?: ShopOptions;
  /** The items by a name the test picks: `{ bottle: { fields: { price: 10_000 } } }`. */
  items: Record<K, ShopItemSpec>;
  /** A cashier member of the shop, as a till actor. */
  cashier?: boolean;
  /** A manager member of the shop, as a till actor. */
  manager?: boolean;
  /** The names printed on the sales (the till's cashier name), "เจ้าของ"… when left out. */
  names?: { owner?: string; cashier?: string; manager?: string };
}

export interface ShopWithItems<
  K extends string,
  O extends ShopWithItemsOptions<K>,
> extends TestShop {
  items: Record<K, StockItem>;
  /** The owner selling at the till. */
  owner: SaleActor;
  cashier: O["cashier"] extends true ? SaleActor : undefined;
  manager: O["manager"] extends true ? SaleActor : undefined;
}

/**
 * A shop ready to sell (the setup of the till's and the sales' tests): its owner, its items with
 * their opening stock, and a cashier and a manager when asked, each as the actor a sale takes.
 */
export async function shopWithItems<K extends string, O extends ShopWithItemsOptions<K>>(
  db: Database,
  options: O & ShopWithItemsOptions<K>,
): Promise<ShopWithItems<K, O>> {
  const made = await insertShop(db, options.shop);
  const shopId = made.shop.id;
  const items = {} as Record<K, StockItem>;
  for (const [key, spec] of Object.entries(options.items) as [K, ShopItemSpec][]) {
    items[key] = await insertItem(db, shopId, made.ownerId, {
      fields: spec.fields,
      opening:
        spec.stock === undefined
          ? undefined
          : { qty: spec.stock, locationId: made.defaultLocationId },
    });
  }
  const actorOf = async (role: "cashier" | "manager", cashierName: string): Promise<SaleActor> => {
    const member = await addShopMember(db, shopId, role);
    return { shopId, userId: member.id, cashierName, role };
  };
  return {
    ...made,
    items,
    owner: {
      shopId,
      userId: made.ownerId,
      cashierName: options.names?.owner ?? "เจ้าของ",
      role: "owner",
    },
    cashier: (options.cashier
      ? await actorOf("cashier", options.names?.cashier ?? "แคชเชียร์")
      : undefined) as ShopWithItems<K, O>["cashier"],
    manager: (options.manager
      ? await actorOf("manager", options.names?.manager ?? "ผู้จัดการ")
      : undefined) as ShopWithItems<K, O>["manager"],
  };
}

/**
 * A customer of the shop with consent, made from the customer form's fields the way the form
 * saves one (its phone read as the form reads it); returns the customer's id.
 */
export async function insertCustomer(
  db: Database,
  actor: Pick<SaleActor, "shopId" | "userId">,
  fields: { phone: string; name: string },
): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    lineId: "",
    email: "",
    taxId: "",
    branchCode: "",
    address: "",
    consent: "yes",
    ...fields,
  }))
    form.append(name, value);
  const parsed = readForm(form, customerFormSchema);
  if (!parsed.ok) throw new Error(`test customer refused: ${JSON.stringify(parsed.errors)}`);
  const made = await createCustomer(
    db,
    { shopId: actor.shopId, userId: actor.userId, role: "owner" },
    parsed.data,
  );
  if (!made.ok) throw new Error("test customer not made");
  return made.value.id;
}

/**
 * A shop whose customer (คุณสมชาย, 081-234-5678, a credit limit of ฿10,000) owes `owedSatang`
 * from one sale on account by the owner, of a ฿100 item (decision 0083): the setup of the tests
 * of payments on account. With a cashier and a manager; the manager has the approval PIN `pin`
 * when one is given.
 */
export async function shopWithCustomerOwing(
  db: Database,
  { owedSatang, pin }: { owedSatang: number; pin?: string },
) {
  const priceSatang = 10_000;
  if (owedSatang % priceSatang !== 0) throw new Error("owedSatang: whole items of ฿100");
  const made = await shopWithItems(db, {
    items: { item: { fields: { price: priceSatang, cost: 4_000 }, stock: 1_000_000 } },
    cashier: true,
    manager: true,
  });
  const shopId = made.shop.id;
  const customerId = await insertCustomer(db, made.owner, {
    phone: "081-234-5678",
    name: "คุณสมชาย",
  });
  const limited = await setCreditLimit(
    db,
    { shopId, userId: made.ownerId, userName: "เจ้าของ", role: "owner" },
    customerId,
    1_000_000,
  );
  if (!limited.ok) throw new Error(`test credit limit refused: ${JSON.stringify(limited)}`);
  if (pin !== undefined) {
    const set = await setApprovalPin(db, shopId, made.manager.userId, pin);
    if (!set.ok) throw new Error(`test approval PIN refused: ${JSON.stringify(set)}`);
  }
  const sold = await completeSale(db, made.owner, {
    clientSaleId: randomUUID(),
    till: "เครื่อง 1",
    lines: [
      {
        itemId: made.items.item.id,
        qtyMilli: (owedSatang / priceSatang) * 1000,
        unitPriceSatang: priceSatang,
      },
    ],
    customerPhone: "+66812345678",
    payments: [{ method: "account", amountSatang: owedSatang }],
    expectedTotalSatang: owedSatang,
  });
  if (!sold.ok) throw new Error(`test sale on account refused: ${JSON.stringify(sold.error)}`);
  return { ...made, customerId, saleId: sold.sale.id };
}

// ---- listings, notices, contact messages, mail -------------------------------------------------

/** The listing form's data; a test overrides what it is about. */
export const LISTING_FORM: ListingFormData = {
  title: "",
  description: "",
  category: "house",
  price: 250_000_000,
  province: "10",
  contactPhone: "+66812345678",
  status: "published",
};

/** A listing without photos, saved through the module the way the form saves it. */
export async function insertListing(
  db: Database,
  storage: FileStorage,
  ownerId: string,
  fields: Partial<ListingFormData> = {},
): Promise<string> {
  const outcome = await saveListing(db, storage, {
    ownerId,
    existingId: null,
    data: { ...LISTING_FORM, ...fields },
    uploads: [],
    plan: { order: [], cover: null, removed: [] },
  });
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.id;
}

/** A site notice row (published now unless a period is given). */
export async function insertNotice(
  db: Database,
  fields: Partial<typeof siteNotice.$inferInsert> = {},
): Promise<typeof siteNotice.$inferSelect> {
  const [row] = await db
    .insert(siteNotice)
    .values({ title: "ประกาศ", body: "ข้อความ", ...fields })
    .returning();
  return row!;
}

/** Contact messages as the contact form stores them. */
export async function insertContactMessages(
  db: Database,
  rows: Partial<typeof contactMessage.$inferInsert>[],
): Promise<void> {
  await db.insert(contactMessage).values(
    rows.map((fields) => ({
      name: "ลูกค้า",
      topic: "quotation",
      message: "ขอใบเสนอราคา",
      clientAddress: "192.0.2.1",
      ...fields,
    })),
  );
}

/** Mail in the outbox (pending unless a status is given). */
export async function insertOutboxMail(
  db: Database,
  rows: Partial<typeof emailOutbox.$inferInsert>[],
): Promise<void> {
  await db.insert(emailOutbox).values(
    rows.map((fields) => ({
      toAddress: "a@example.com",
      subject: "อีเมล",
      textBody: "x",
      htmlBody: "x",
      ...fields,
    })),
  );
}
