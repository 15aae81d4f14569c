import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/context";
import { creditNoteBuyer, fullTaxInvoice, journalEntry, sale, stockItem } from "~/db/schema";
import * as detailRoute from "~/routes/shophub/invoices/detail";
import * as listRoute from "~/routes/shophub/invoices/list";
import {
  getSaleDocument,
  issueFullTaxInvoice,
  returnSaleLines,
} from "~/modules/sales/index.server";
import { addShopMember, insertItem, insertShop, type TestShop } from "../setup/factories";
import { callRoute, outcomeOf, routeContext, sessionUserOf } from "../setup/route-call";
import {
  createSaleForTest,
  registerForVat,
  setSalesSettings,
  TEST_BUYER,
} from "../setup/sales-factory";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.drop());

type DataFunction = (args: never) => unknown;

function call<T = unknown>(
  fn: DataFunction,
  path: string,
  member: SessionUser | null,
  form?: Record<string, string>,
) {
  return outcomeOf<T>(
    callRoute(fn, path, { ...(form ? { form } : {}), context: routeContext(test.db, member) }),
  );
}

interface Failure {
  intent: string;
  values: Record<string, string>;
  errors: Record<string, string>;
  params?: Record<string, Record<string, string>>;
  formError?: string;
}

async function shopWithSale(options: { vat?: boolean } = {}) {
  const t: TestShop = await insertShop(test.db);
  if (options.vat) await registerForVat(test.db, t.shop.id);
  const item = await insertItem(test.db, t.shop.id, t.ownerId, {
    opening: { qty: 10_000, locationId: t.defaultLocationId },
  });
  const cashier = await addShopMember(test.db, t.shop.id, "cashier");
  const manager = await addShopMember(test.db, t.shop.id, "manager");
  const sold = await createSaleForTest(test.db, {
    shopId: t.shop.id,
    userId: cashier.id,
    lines: [{ itemId: item.id, qty: 3 }],
  });
  return {
    t,
    item,
    sold,
    owner: sessionUserOf(t.ownerId),
    cashier: sessionUserOf(cashier.id, cashier.name),
    manager: sessionUserOf(manager.id, manager.name),
    path: `/shophub/invoices/${sold.id}?shop=${t.shop.id}`,
  };
}

async function onHand(itemId: number) {
  const [row] = await test.db
    .select({ onHand: stockItem.onHand })
    .from(stockItem)
    .where(eq(stockItem.id, itemId));
  return row!.onHand / 1_000; // whole pieces (the column is thousandths)
}

describe("/shophub/invoices", () => {
  it("lists the shop's sales with the filters of the URL and refuses a date that is no day", async () => {
    const s = await shopWithSale();
    const list = await call<Awaited<ReturnType<typeof listRoute.loader>>>(
      listRoute.loader,
      `/shophub/invoices?shop=${s.t.shop.id}&method=cash&status=completed&from=2026-02-31`,
      s.owner,
    );
    expect(list.status).toBe(200);
    expect(list.data!.page.rows.map((r) => r.documentNumber)).toEqual([s.sold.documentNumber]);
    expect(list.data!.errors).toEqual({ from: "shops.invoices.filter.badDate" });
    expect(list.data!.values).toMatchObject({ from: "2026-02-31", method: "cash" });
    const none = await call<Awaited<ReturnType<typeof listRoute.loader>>>(
      listRoute.loader,
      `/shophub/invoices?shop=${s.t.shop.id}&status=void`,
      s.cashier,
    );
    expect(none.data!.totals.count).toBe(0);
  });

  it("shows each bill's own payment methods, its full tax invoice number and what was returned", async () => {
    const t: TestShop = await insertShop(test.db);
    await registerForVat(test.db, t.shop.id);
    const item = await insertItem(test.db, t.shop.id, t.ownerId, {
      fields: { price: 10_000 },
      opening: { qty: 100_000, locationId: t.defaultLocationId },
    });
    const sell = (
      payments: { method: "cash" | "card" | "promptpay" | "transfer"; amountSatang: number }[],
    ) =>
      createSaleForTest(test.db, {
        shopId: t.shop.id,
        userId: t.ownerId,
        lines: [{ itemId: item.id, qty: 2 }],
        payments,
      });
    const card = await sell([{ method: "card", amountSatang: 20_000 }]);
    const cash = await sell([{ method: "cash", amountSatang: 20_000 }]);
    const split = await sell([
      { method: "promptpay", amountSatang: 5_000 },
      { method: "transfer", amountSatang: 15_000 },
    ]);
    const owner = { shopId: t.shop.id, userId: t.ownerId, role: "owner" as const };
    const invoiced = await issueFullTaxInvoice(test.db, owner, {
      saleId: cash.id,
      buyer: TEST_BUYER,
    });
    if (!invoiced.ok) throw new Error(JSON.stringify(invoiced));
    const returned = await returnSaleLines(test.db, owner, {
      saleId: card.id,
      lines: [{ saleLineId: card.lineIds[0]!, qtyMilli: 1_000 }],
      reason: "ชำรุด",
      refundMethod: "card",
      buyer: TEST_BUYER,
    });
    if (!returned.ok) throw new Error(JSON.stringify(returned));

    const list = await call<Awaited<ReturnType<typeof listRoute.loader>>>(
      listRoute.loader,
      `/shophub/invoices?shop=${t.shop.id}`,
      sessionUserOf(t.ownerId),
    );
    const rows = list.data!.page.rows.map((row) => ({
      number: row.documentNumber,
      methods: [...row.methods].sort(),
      fullTaxInvoiceNumber: row.fullTaxInvoiceNumber,
      returnedSatang: row.returnedSatang,
    }));
    expect(rows).toEqual([
      {
        number: split.documentNumber,
        methods: ["promptpay", "transfer"],
        fullTaxInvoiceNumber: null,
        returnedSatang: 0,
      },
      {
        number: cash.documentNumber,
        methods: ["cash"],
        fullTaxInvoiceNumber: invoiced.invoice.documentNumber,
        returnedSatang: 0,
      },
      {
        number: card.documentNumber,
        methods: ["card"],
        fullTaxInvoiceNumber: null,
        returnedSatang: 10_000,
      },
    ]);
    expect(list.data!.totals.returnedSatang).toBe(10_000);
    // The filters read the same rows: by method, and by the full tax invoice's number.
    const numbersOf = async (query: string) =>
      (
        await call<Awaited<ReturnType<typeof listRoute.loader>>>(
          listRoute.loader,
          `/shophub/invoices?shop=${t.shop.id}&${query}`,
          sessionUserOf(t.ownerId),
        )
      ).data!.page.rows.map((row) => row.documentNumber);
    expect(await numbersOf("method=card")).toEqual([card.documentNumber]);
    expect(await numbersOf("method=transfer")).toEqual([split.documentNumber]);
    expect(await numbersOf(`q=${invoiced.invoice.documentNumber}`)).toEqual([cash.documentNumber]);
    // A day typed the Thai way (Buddhist era) filters as its Gregorian day.
    const today = new Date(Date.now() + 7 * 3600 * 1000);
    const thaiToday = `${today.getUTCDate()}/${today.getUTCMonth() + 1}/${today.getUTCFullYear() + 543}`;
    expect(await numbersOf(`from=${encodeURIComponent(thaiToday)}&method=card`)).toEqual([
      card.documentNumber,
    ]);
    expect(await numbersOf(`to=${encodeURIComponent("1/1/2560")}`)).toEqual([]);
  });
});

describe("/shophub/invoices/:id", () => {
  it("answers 404 for another shop's sale and for no number at all", async () => {
    const mine = await shopWithSale();
    const theirs = await shopWithSale();
    const foreign = `/shophub/invoices/${theirs.sold.id}?shop=${mine.t.shop.id}`;
    expect((await call(detailRoute.loader, foreign, mine.owner)).status).toBe(404);
    expect(
      (await call(detailRoute.loader, `/shophub/invoices/abc?shop=${mine.t.shop.id}`, mine.owner))
        .status,
    ).toBe(404);
    const voiding = await call(detailRoute.action, foreign, mine.owner, {
      shopId: mine.t.shop.id,
      intent: "void",
      reason: "ลอง",
    });
    expect(voiding.status).toBe(404);
    const [row] = await test.db.select().from(sale).where(eq(sale.id, theirs.sold.id));
    expect(row!.status).toBe("completed");
  });

  it("lets a manager void a sale: the stock returns and the page says so", async () => {
    const s = await shopWithSale();
    expect(await onHand(s.item.id)).toBe(7);
    const page = await call<Awaited<ReturnType<typeof detailRoute.loader>>>(
      detailRoute.loader,
      s.path,
      s.manager,
    );
    expect(page.data).toMatchObject({ mayVoid: true, mayReturn: true, mayIssueFull: false });
    const voided = await call(detailRoute.action, s.path, s.manager, {
      shopId: s.t.shop.id,
      intent: "void",
      reason: "ลูกค้ายกเลิก",
    });
    expect(voided.status).toBe(302);
    expect(voided.location).toBe(`${s.path}&done=void`);
    expect(await onHand(s.item.id)).toBe(10);
    const after = await call<Awaited<ReturnType<typeof detailRoute.loader>>>(
      detailRoute.loader,
      s.path,
      s.manager,
    );
    expect(after.data!.detail.sale).toMatchObject({ status: "void", voidReason: "ลูกค้ายกเลิก" });
    expect(after.data).toMatchObject({ mayVoid: false, mayReturn: false });
  });

  it("refuses a cashier voiding a sale that is not their own, and keeps the reason typed", async () => {
    const s = await shopWithSale();
    await setSalesSettings(test.db, s.t.shop.id, { cashierMayVoidOwn: true });
    const other = sessionUserOf(
      (await addShopMember(test.db, s.t.shop.id, "cashier")).id,
      "แคชเชียร์อีกคน",
    );
    const page = await call<Awaited<ReturnType<typeof detailRoute.loader>>>(
      detailRoute.loader,
      s.path,
      other,
    );
    expect(page.data).toMatchObject({ mayVoid: false });
    const refused = await call<Failure>(detailRoute.action, s.path, other, {
      shopId: s.t.shop.id,
      intent: "void",
      reason: "ขอยกเลิก",
    });
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({
      formError: "shops.invoices.error.notAllowed",
      values: { reason: "ขอยกเลิก" },
    });
    expect(await onHand(s.item.id)).toBe(7);
    // Their own sale, the same day, with the shop's permission: allowed.
    const own = await call(detailRoute.action, s.path, s.cashier, {
      shopId: s.t.shop.id,
      intent: "void",
      reason: "สแกนซ้ำ",
    });
    expect(own.status).toBe(302);
    expect(await onHand(s.item.id)).toBe(10);
  });

  it("takes lines back on a credit note, refusing more than sold next to the line", async () => {
    const s = await shopWithSale();
    const lineId = s.sold.lineIds[0]!;
    const tooMany = await call<Failure>(detailRoute.action, s.path, s.owner, {
      shopId: s.t.shop.id,
      intent: "return",
      [`qty-${lineId}`]: "4",
      reason: "ชำรุด",
      refundMethod: "cash",
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.data!.errors).toEqual({
      [`qty-${lineId}`]: "shops.invoices.error.moreThanSold",
    });
    expect(tooMany.data!.values).toMatchObject({ [`qty-${lineId}`]: "4", reason: "ชำรุด" });
    const empty = await call<Failure>(detailRoute.action, s.path, s.owner, {
      shopId: s.t.shop.id,
      intent: "return",
      [`qty-${lineId}`]: "abc",
      reason: "",
      refundMethod: "cash",
    });
    expect(empty.status).toBe(400);
    expect(empty.data!.errors).toEqual({
      [`qty-${lineId}`]: "shops.invoices.error.badQuantity",
      reason: "shops.invoices.error.reasonRequired",
    });
    const done = await call(detailRoute.action, s.path, s.owner, {
      shopId: s.t.shop.id,
      intent: "return",
      [`qty-${lineId}`]: "2",
      reason: "ชำรุด",
      refundMethod: "transfer",
    });
    expect(done.status).toBe(302);
    expect(done.location).toMatch(/&done=return&note=\d+$/);
    expect(await onHand(s.item.id)).toBe(9);
  });

  it("asks the buyer on the return of a slip (s. 86/10): Thai errors next to the fields, the typing kept, then a note that names them", async () => {
    const s = await shopWithSale({ vat: true });
    const lineId = s.sold.lineIds[0]!;
    const page = await call<Awaited<ReturnType<typeof detailRoute.loader>>>(
      detailRoute.loader,
      s.path,
      s.owner,
    );
    expect(page.data).toMatchObject({ mayReturn: true, returnAsksBuyer: true });
    const form = {
      shopId: s.t.shop.id,
      intent: "return",
      [`qty-${lineId}`]: "1",
      reason: "ชำรุด",
      refundMethod: "cash",
    };
    const none = await call<Failure>(detailRoute.action, s.path, s.owner, form);
    expect(none.status).toBe(400);
    expect(none.data!.errors).toEqual({
      buyerName: "shops.invoices.error.buyerNameRequired",
      buyerAddress: "shops.invoices.error.buyerAddressRequired",
      buyerTaxId: "shops.invoices.error.buyerTaxIdRequired",
    });
    expect(none.data!.values).toMatchObject({ [`qty-${lineId}`]: "1", reason: "ชำรุด" });
    const typed = {
      ...form,
      buyerName: "นายสมชาย ใจดี",
      buyerAddress: "99 ถนนงามวงศ์วาน นนทบุรี 11000",
      buyerTaxId: "3-1006-00123-45-1",
      buyerBranchCode: "12",
    };
    const bad = await call<Failure>(detailRoute.action, s.path, s.owner, typed);
    expect(bad.status).toBe(400);
    expect(bad.data!.errors).toEqual({
      buyerTaxId: "shops.invoices.error.buyerTaxIdInvalid",
      buyerBranchCode: "shops.invoices.error.buyerBranchInvalid",
    });
    expect(bad.data!.values).toMatchObject({
      buyerName: "นายสมชาย ใจดี",
      buyerTaxId: "3-1006-00123-45-1",
      buyerBranchCode: "12",
      reason: "ชำรุด",
    });
    expect(await onHand(s.item.id)).toBe(7);
    const done = await call(detailRoute.action, s.path, s.owner, {
      ...typed,
      buyerTaxId: "3-1006-00123-45-0",
      buyerBranchCode: "",
    });
    expect(done.status).toBe(302);
    const noteId = Number(/note=(\d+)$/.exec(done.location!)![1]);
    const stored = await test.db
      .select()
      .from(creditNoteBuyer)
      .where(eq(creditNoteBuyer.creditNoteId, noteId));
    expect(stored).toMatchObject([
      { buyerTaxId: "3100600123450", buyerBranchCode: "00000", shopId: s.t.shop.id },
    ]);
    // The note as printed names the buyer beside the slip it reduces.
    const document = await getSaleDocument(test.db, s.t.shop.id, {
      saleId: s.sold.id,
      doc: { creditNoteId: noteId },
    });
    expect(document).toMatchObject({
      kind: "creditNote",
      buyer: {
        name: "นายสมชาย ใจดี",
        address: "99 ถนนงามวงศ์วาน นนทบุรี 11000",
        taxId: "3100600123450",
        branchCode: "00000",
      },
      correction: { originalNumber: s.sold.documentNumber },
    });
    // The journal's entry, written in the note's transaction, names them too.
    const [entry] = await test.db
      .select({ body: journalEntry.body })
      .from(journalEntry)
      .where(and(eq(journalEntry.kind, "creditNote"), eq(journalEntry.documentId, noteId)));
    expect(entry!.body).toMatchObject({
      buyer: { name: "นายสมชาย ใจดี", taxId: "3100600123450", branchCode: "00000" },
    });
    // Once the sale has a full tax invoice, a note goes to its buyer: nothing is asked.
    const invoice = await issueFullTaxInvoice(
      test.db,
      { shopId: s.t.shop.id, userId: s.t.ownerId, role: "owner" },
      { saleId: s.sold.id, buyer: TEST_BUYER },
    );
    expect(invoice.ok).toBe(true);
    const after = await call<Awaited<ReturnType<typeof detailRoute.loader>>>(
      detailRoute.loader,
      s.path,
      s.owner,
    );
    expect(after.data).toMatchObject({ returnAsksBuyer: false });
    const second = await call(detailRoute.action, s.path, s.owner, form);
    expect(second.status).toBe(302);
  });

  it("asks no buyer on the return of a receipt (a shop not registered for VAT)", async () => {
    const s = await shopWithSale();
    const page = await call<Awaited<ReturnType<typeof detailRoute.loader>>>(
      detailRoute.loader,
      s.path,
      s.owner,
    );
    expect(page.data).toMatchObject({ returnAsksBuyer: false });
  });

  it("issues a full tax invoice from the form, with Thai errors next to the fields first", async () => {
    const s = await shopWithSale({ vat: true });
    const page = await call<Awaited<ReturnType<typeof detailRoute.loader>>>(
      detailRoute.loader,
      s.path,
      s.cashier,
    );
    expect(page.data).toMatchObject({ mayIssueFull: true });
    const form = {
      shopId: s.t.shop.id,
      intent: "full",
      buyerName: "บริษัท ลูกค้า จำกัด",
      buyerAddress: "1 ถนนสีลม กรุงเทพฯ",
      buyerTaxId: "1101700207031",
      buyerBranchCode: "1",
    };
    const bad = await call<Failure>(detailRoute.action, s.path, s.cashier, form);
    expect(bad.status).toBe(400);
    expect(bad.data!.errors).toEqual({
      buyerTaxId: "shops.invoices.error.buyerTaxIdInvalid",
      buyerBranchCode: "shops.invoices.error.buyerBranchInvalid",
    });
    expect(bad.data!.values).toMatchObject({
      buyerName: form.buyerName,
      buyerTaxId: "1101700207031",
    });
    const good = await call(detailRoute.action, s.path, s.cashier, {
      ...form,
      buyerTaxId: "1101700207030",
      buyerBranchCode: "",
    });
    expect(good.status).toBe(302);
    expect(good.location).toBe(`${s.path}&done=full`);
    const again = await call(detailRoute.action, s.path, s.cashier, {
      ...form,
      buyerTaxId: "1101700207030",
      buyerBranchCode: "00000",
    });
    expect(again.location).toBe(`${s.path}&done=fullExisting`);
    const rows = await test.db
      .select()
      .from(fullTaxInvoice)
      .where(eq(fullTaxInvoice.saleId, s.sold.id));
    expect(rows).toHaveLength(1);
  });

  it("refuses a full tax invoice for a shop not registered for VAT", async () => {
    const s = await shopWithSale();
    const refused = await call<Failure>(detailRoute.action, s.path, s.owner, {
      shopId: s.t.shop.id,
      intent: "full",
      buyerName: "บริษัท ลูกค้า จำกัด",
      buyerAddress: "1 ถนนสีลม กรุงเทพฯ",
      buyerTaxId: "1101700207030",
      buyerBranchCode: "00000",
    });
    expect(refused.status).toBe(409);
    expect(refused.data!.formError).toBe("shops.invoices.error.notVat");
  });
});
