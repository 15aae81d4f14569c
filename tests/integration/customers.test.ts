import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { saleCustomer } from "~/db/schema";
import { readForm } from "~/lib/forms/read-form";
import {
  createCustomer,
  type CustomerActor,
  customerEditSchema,
  customerFormSchema,
  customerPurchases,
  deleteCustomer,
  findCustomer,
  findCustomerByPhone,
  invoiceBuyer,
  linkSaleCustomer,
  listCustomers,
  thaiPhone,
  updateCustomer,
} from "~/modules/customers/index.server";
import { completeSale, type SaleActor, voidSale } from "~/modules/sales/index.server";
import { addShopMember, insertItem, insertShop } from "../setup/factories";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

/*
 * A shop's customers (issue 37, decision 0082): by Thai phone number, with consent recorded;
 * the list and the customer's page add up their completed purchases; a customer deleted on
 * request (PDPA) leaves their sales with the name they were sold under; never another shop's.
 */

let test: TestDatabase;
let db: Database;

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
});
afterAll(() => test.drop());

const FORM = {
  phone: "081-234-5678",
  name: "คุณสมชาย ใจดี",
  lineId: "@somchai",
  email: "",
  taxId: "",
  branchCode: "",
  address: "",
  consent: "yes",
};

function formData(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

function read(
  fields: Partial<typeof FORM>,
  schema: typeof customerFormSchema | typeof customerEditSchema = customerFormSchema,
) {
  return readForm(formData({ ...FORM, ...fields }), schema);
}

function valid(fields: Partial<typeof FORM> = {}) {
  const parsed = read(fields);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.data;
}

async function shopWithStaff() {
  const t = await insertShop(db);
  const cashier = await addShopMember(db, t.shop.id, "cashier");
  const as = (userId: string, role: CustomerActor["role"]): CustomerActor => ({
    shopId: t.shop.id,
    userId,
    role,
  });
  return { t, owner: as(t.ownerId, "owner"), cashier: as(cashier.id, "cashier") };
}

describe("the customer form", () => {
  it("reads Thai numbers as typed and stores E.164", () => {
    expect(thaiPhone("081-234-5678")).toBe("+66812345678");
    expect(thaiPhone("02 123 4567")).toBe("+6621234567");
    expect(thaiPhone("+66 81 234 5678")).toBe("+66812345678");
    expect(thaiPhone("+1 415 555 2671")).toBeNull();
    expect(thaiPhone("12345")).toBeNull();
    expect(valid()).toMatchObject({ phone: "+66812345678", branchCode: "" });
  });

  it("refuses each bad field with its own Thai message and keeps what was typed", () => {
    const bad = read({
      phone: "+1 415 555 2671",
      name: " ",
      email: "not-mail",
      taxId: "1234567890123",
      branchCode: "12",
      consent: "",
    });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errors).toMatchObject({
      phone: "shops.customers.error.phone",
      name: "shops.customers.error.nameRequired",
      email: "shops.customers.error.email",
      taxId: "shops.customers.error.taxId",
      branchCode: "shops.customers.error.branch",
      consent: "shops.customers.error.consent",
    });
    expect(bad.values.phone).toBe("+1 415 555 2671");
    const empty = read({ phone: "" });
    expect(!empty.ok && empty.errors.phone).toBe("shops.customers.error.phoneRequired");
  });

  it("takes a tax ID with its checksum, head office when no branch is typed, and asks for the address", () => {
    expect(valid({ taxId: "0-1055-12345-67-1", address: "1 ถนนสุขุมวิท" })).toMatchObject({
      taxId: "0105512345671",
      branchCode: "00000",
    });
    expect(
      valid({ taxId: "0105512345671", branchCode: "00012", address: "กรุงเทพฯ" }).branchCode,
    ).toBe("00012");
    const noAddress = read({ taxId: "0105512345671" });
    expect(!noAddress.ok && noAddress.errors.address).toBe("shops.customers.error.addressForTaxId");
    const branchAlone = read({ branchCode: "00012" });
    expect(!branchAlone.ok && branchAlone.errors.taxId).toBe(
      "shops.customers.error.branchWithoutTaxId",
    );
  });

  it("needs consent to add, not to edit", () => {
    const noConsent = read({ consent: "" });
    expect(!noConsent.ok && noConsent.errors.consent).toBe("shops.customers.error.consent");
    expect(read({ consent: "" }, customerEditSchema).ok).toBe(true);
  });
});

describe("customers", () => {
  it("registers a customer once per phone number, with who recorded the consent", async () => {
    const s = await shopWithStaff();
    const made = await createCustomer(db, s.cashier, valid());
    expect(made).toMatchObject({ ok: true, value: { phone: "+66812345678", name: FORM.name } });
    expect(await createCustomer(db, s.owner, valid({ phone: "0812345678" }))).toEqual({
      ok: false,
      error: "phoneTaken",
    });
    if (!made.ok) return;
    expect(await findCustomerByPhone(db, s.t.shop.id, "081 234 5678")).toMatchObject({
      id: made.value.id,
    });
    // Another shop has its own customers: the same number is a different customer there.
    const other = await shopWithStaff();
    expect(await findCustomerByPhone(db, other.t.shop.id, "0812345678")).toBeNull();
    expect(await findCustomer(db, other.t.shop.id, made.value.id)).toBeNull();
    expect((await createCustomer(db, other.owner, valid())).ok).toBe(true);
    expect(await updateCustomer(db, other.owner, made.value.id, valid({ name: "x" }))).toEqual({
      ok: false,
      error: "notFound",
    });
    expect(await deleteCustomer(db, other.owner, made.value.id)).toEqual({
      ok: false,
      error: "notFound",
    });
  });

  it("edits a customer; a number another customer has is refused", async () => {
    const s = await shopWithStaff();
    const a = await createCustomer(db, s.owner, valid({ phone: "0891111111" }));
    const b = await createCustomer(db, s.owner, valid({ phone: "0892222222", name: "คุณบี" }));
    if (!a.ok || !b.ok) throw new Error("not made");
    expect(await updateCustomer(db, s.cashier, b.value.id, valid({ phone: "0891111111" }))).toEqual(
      { ok: false, error: "phoneTaken" },
    );
    const edited = await updateCustomer(
      db,
      s.cashier,
      b.value.id,
      valid({ phone: "0892222222", name: "บริษัท บี จำกัด", taxId: "0105512345671", address: "ชลบุรี" }),
    );
    expect(edited).toMatchObject({
      ok: true,
      value: { name: "บริษัท บี จำกัด", taxId: "0105512345671", branchCode: "00000" },
    });
  });

  it("lists purchases, totals and the last visit; search by name or part of the number", async () => {
    const s = await shopWithStaff();
    const item = await insertItem(db, s.t.shop.id, s.t.ownerId, {
      fields: { price: 12_000, cost: 5_000 },
      opening: { qty: 100_000, locationId: s.t.defaultLocationId },
    });
    const made = await createCustomer(db, s.owner, valid({ phone: "0865554321" }));
    await createCustomer(db, s.owner, valid({ phone: "0861234000", name: "คุณแดง" }));
    if (!made.ok) throw new Error("not made");
    const actor: SaleActor = {
      shopId: s.t.shop.id,
      userId: s.t.ownerId,
      cashierName: "เจ้าของ",
      role: "owner",
    };
    const sell = async (qty: number) => {
      const total = 12_000 * qty;
      const sold = await completeSale(db, actor, {
        clientSaleId: randomUUID(),
        till: "เครื่อง 1",
        lines: [{ itemId: item.id, qtyMilli: qty * 1000, unitPriceSatang: 12_000 }],
        payments: [{ method: "cash", amountSatang: total }],
        expectedTotalSatang: total,
      });
      if (!sold.ok) throw new Error(JSON.stringify(sold.error));
      expect(
        await linkSaleCustomer(db, {
          shopId: s.t.shop.id,
          saleId: sold.sale.id,
          customerId: made.value.id,
        }),
      ).toBe(true);
      return sold.sale;
    };
    await sell(1);
    await sell(2);
    const voided = await sell(3);
    const undone = await voidSale(db, actor, { saleId: voided.id, reason: "ลูกค้าเปลี่ยนใจ" });
    expect(undone.ok).toBe(true);

    const history = await customerPurchases(db, s.t.shop.id, made.value.id);
    expect(history.purchases).toHaveLength(3);
    expect(history.purchases[0]).toMatchObject({ saleId: voided.id, status: "void" });
    // The void does not count: two bills, 360 baht.
    expect(history).toMatchObject({ saleCount: 2, totalSatang: 36_000 });
    expect(history.lastVisit).toBeInstanceOf(Date);

    const list = await listCustomers(db, s.t.shop.id, { page: 1 });
    expect(list.total).toBe(2);
    expect(list.rows.find((row) => row.id === made.value.id)).toMatchObject({
      saleCount: 2,
      totalSatang: 36_000,
    });
    expect((await listCustomers(db, s.t.shop.id, { page: 1, search: "4321" })).rows).toEqual([
      expect.objectContaining({ id: made.value.id }),
    ]);
    expect(
      (await listCustomers(db, s.t.shop.id, { page: 1, search: "086-555-4321" })).rows,
    ).toHaveLength(1);
    expect(
      (await listCustomers(db, s.t.shop.id, { page: 1, search: "แดง" })).rows.map((r) => r.name),
    ).toEqual(["คุณแดง"]);
    // A second link for the same sale is not made.
    expect(
      await linkSaleCustomer(db, {
        shopId: s.t.shop.id,
        saleId: voided.id,
        customerId: made.value.id,
      }),
    ).toBe(false);

    // A full tax invoice is filled in from the sale's customer, or the one whose number is typed.
    await updateCustomer(
      db,
      s.owner,
      made.value.id,
      valid({ phone: "0865554321", taxId: "0105512345671", address: "99 ถนนพระราม 4" }),
    );
    expect(await invoiceBuyer(db, s.t.shop.id, { saleId: voided.id })).toEqual({
      customerId: made.value.id,
      name: FORM.name,
      address: "99 ถนนพระราม 4",
      taxId: "0105512345671",
      branchCode: "00000",
    });
    expect(await invoiceBuyer(db, s.t.shop.id, { phone: "086 555 4321" })).toMatchObject({
      customerId: made.value.id,
    });
    expect(await invoiceBuyer(db, s.t.shop.id, { phone: "0800000000" })).toBeNull();
    const stranger = await shopWithStaff();
    expect(await invoiceBuyer(db, stranger.t.shop.id, { phone: "0865554321" })).toBeNull();
    expect(await invoiceBuyer(db, stranger.t.shop.id, { saleId: voided.id })).toBeNull();

    // Deleted on request: the customer is gone, the sales keep the name they were sold under.
    expect(await deleteCustomer(db, s.cashier, made.value.id)).toEqual({
      ok: false,
      error: "notAllowed",
    });
    expect(await deleteCustomer(db, s.owner, made.value.id)).toEqual({ ok: true, value: null });
    expect(await findCustomer(db, s.t.shop.id, made.value.id)).toBeNull();
    const kept = await db
      .select({ customerId: saleCustomer.customerId, name: saleCustomer.customerName })
      .from(saleCustomer)
      .where(eq(saleCustomer.shopId, s.t.shop.id));
    expect(kept).toHaveLength(3);
    expect(kept.every((row) => row.customerId === null && row.name === FORM.name)).toBe(true);
  });
});

describe("a sale for a customer", () => {
  it("links the shop's customer of the bill's phone number in the sale, and nobody for an unknown number", async () => {
    const s = await shopWithStaff();
    const item = await insertItem(db, s.t.shop.id, s.t.ownerId, {
      fields: { price: 5_000, cost: 2_000 },
      opening: { qty: 10_000, locationId: s.t.defaultLocationId },
    });
    const made = await createCustomer(db, s.cashier, valid({ phone: "0812223333" }));
    if (!made.ok) throw new Error("not made");
    const actor: SaleActor = {
      shopId: s.t.shop.id,
      userId: s.t.ownerId,
      cashierName: "เจ้าของ",
      role: "owner",
    };
    const sell = (customerPhone?: string) =>
      completeSale(db, actor, {
        clientSaleId: randomUUID(),
        till: "เครื่อง 1",
        lines: [{ itemId: item.id, qtyMilli: 1000, unitPriceSatang: 5_000 }],
        payments: [{ method: "cash", amountSatang: 5_000 }],
        expectedTotalSatang: 5_000,
        ...(customerPhone === undefined ? {} : { customerPhone }),
      });
    const known = await sell("+66812223333");
    const unknown = await sell("+66899998888");
    if (!known.ok || !unknown.ok) throw new Error("not sold");
    // A number not in E.164 is no sale request.
    expect((await sell("081-222-3333")).ok).toBe(false);
    const links = await db
      .select({ saleId: saleCustomer.saleId, customerId: saleCustomer.customerId })
      .from(saleCustomer)
      .where(eq(saleCustomer.shopId, s.t.shop.id));
    expect(links).toEqual([{ saleId: known.sale.id, customerId: made.value.id }]);
    expect(await customerPurchases(db, s.t.shop.id, made.value.id)).toMatchObject({
      saleCount: 1,
      totalSatang: 5_000,
    });
  });
});
