import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/context";
import { expense, financeChange, sale } from "~/db/schema";
import { createLocalStorage, type FileStorage } from "~/modules/media/index.server";
import { bookExpense, listFinance } from "~/modules/finance/index.server";
import { salesTakings } from "~/modules/sales/index.server";
import * as editRoute from "~/routes/shophub/finance/edit";
import * as exportRoute from "~/routes/shophub/finance/export";
import * as listRoute from "~/routes/shophub/finance/list";
import { addShopMember, insertItem, insertShop } from "../setup/factories";
import { outcomeOf, routeContext, runRoute, sessionUserOf } from "../setup/route-call";
import { createSaleForTest } from "../setup/sales-factory";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

type DataFunction = (args: never) => unknown;

let test: TestDatabase;
const storageFolder = mkdtempSync(path.join(tmpdir(), "finance-"));
const storage: FileStorage = createLocalStorage(storageFolder);

beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(async () => {
  await test.drop();
  rmSync(storageFolder, { recursive: true, force: true });
});

/** A GET, or a POST of the page's multipart form (with the shop it was rendered for). */
function call(
  fn: DataFunction,
  pathAndQuery: string,
  member: SessionUser,
  fields?: Record<string, string | File>,
  shopId?: string,
) {
  const url = new URL(pathAndQuery, "http://localhost");
  let request: Request;
  if (fields) {
    const form = new FormData();
    form.append("shopId", shopId ?? url.searchParams.get("shop") ?? "");
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    request = new Request(url, { method: "POST", body: form });
  } else {
    request = new Request(url);
  }
  return outcomeOf(runRoute(fn, request, routeContext(test.db, member, { storage })));
}

async function shopWithPeople() {
  const t = await insertShop(test.db);
  const manager = await addShopMember(test.db, t.shop.id, "manager", { name: "ผู้จัดการ สมชาย" });
  const cashier = await addShopMember(test.db, t.shop.id, "cashier");
  const stock = await addShopMember(test.db, t.shop.id, "stock");
  return {
    t,
    shopId: t.shop.id,
    owner: sessionUserOf(t.ownerId, "เจ้าของร้าน"),
    manager: sessionUserOf(manager.id, "ผู้จัดการ สมชาย"),
    cashier: sessionUserOf(cashier.id),
    stock: sessionUserOf(stock.id),
  };
}

const EXPENSE = {
  intent: "save",
  category: "rent",
  amount: "10,700.00",
  inputVat: "700",
  day: "2026-03-05",
  method: "transfer",
  supplier: "บริษัท อาคาร จำกัด",
  note: "ค่าเช่าเดือนมีนาคม",
  // The supplier's full tax invoice, typed as printed (dashes, the Buddhist era).
  supplierTaxId: "0-1055-56123-45-3",
  supplierBranch: "",
  taxInvoiceNumber: "IV2569/0042",
  taxInvoiceDate: "05/03/2569",
  valueBeforeVat: "10,000.00",
};

/** An expense without a tax invoice: its fields (and the input VAT) empty. */
const NO_TAX_INVOICE = {
  inputVat: "",
  supplierTaxId: "",
  supplierBranch: "",
  taxInvoiceNumber: "",
  taxInvoiceDate: "",
  valueBeforeVat: "",
};

async function pngFile(): Promise<File> {
  const png = await sharp({
    create: { width: 800, height: 600, channels: 3, background: "#ffffff" },
  })
    .png()
    .toBuffer();
  return new File([new Uint8Array(png)], "receipt.png", { type: "image/png" });
}

async function changesOf(shopId: string, recordId: number) {
  return test.db
    .select()
    .from(financeChange)
    .where(and(eq(financeChange.shopId, shopId), eq(financeChange.recordId, recordId)))
    .orderBy(financeChange.id);
}

interface Failure {
  values: Record<string, string>;
  errors: Record<string, string>;
}

describe("expenses", () => {
  it("creates, edits and deletes an expense, each with its audit row, and a deleted one counts nowhere", async () => {
    const s = await shopWithPeople();
    const created = await call(
      editRoute.action,
      `/shophub/expenses/new?shop=${s.shopId}`,
      s.manager,
      EXPENSE,
    );
    expect(created.status).toBe(302);
    const id = Number(/\/shophub\/expenses\/(\d+)\?/.exec(created.location ?? "")?.[1]);
    const [row] = await test.db.select().from(expense).where(eq(expense.id, id));
    expect(row).toMatchObject({
      shopId: s.shopId,
      categoryKey: "rent",
      amountSatang: 1_070_000,
      inputVatSatang: 70_000,
      spentOn: "2026-03-05",
      supplier: "บริษัท อาคาร จำกัด",
      supplierTaxId: "0105556123453",
      supplierBranch: "00000",
      taxInvoiceNumber: "IV2569/0042",
      taxInvoiceDate: "2026-03-05",
      valueBeforeVatSatang: 1_000_000,
    });

    const edited = await call(
      editRoute.action,
      `/shophub/expenses/${id}?shop=${s.shopId}`,
      s.owner,
      {
        ...EXPENSE,
        amount: "12000",
        ...NO_TAX_INVOICE,
      },
    );
    expect(edited.status).toBe(302);
    let changes = await changesOf(s.shopId, id);
    expect(changes.map((c) => [c.action, c.userName])).toEqual([
      ["create", "ผู้จัดการ สมชาย"],
      ["update", "เจ้าของร้าน"],
    ]);
    expect(changes[1]!.before).toMatchObject({ amountSatang: 1_070_000, inputVatSatang: 70_000 });
    expect(changes[1]!.after).toMatchObject({
      amountSatang: 1_200_000,
      inputVatSatang: 0,
      taxInvoiceNumber: null,
    });

    const page = await call(editRoute.loader, `/shophub/expenses/${id}?shop=${s.shopId}`, s.owner);
    const history = (page.data as { history: { action: string }[] }).history;
    expect(history.map((h) => h.action)).toEqual(["create", "update"]);

    const deleted = await call(
      editRoute.action,
      `/shophub/expenses/${id}?shop=${s.shopId}`,
      s.owner,
      {
        intent: "delete",
      },
    );
    expect(deleted.status).toBe(302);
    changes = await changesOf(s.shopId, id);
    expect(changes.at(-1)).toMatchObject({ action: "delete", after: null });
    expect(changes.at(-1)!.before).toMatchObject({ amountSatang: 1_200_000 });

    const list = await call(listRoute.loader, `/shophub/expenses?shop=${s.shopId}`, s.owner);
    const data = list.data as {
      totals: { count: number; amountSatang: number };
      page: { rows: unknown[] };
    };
    expect(data.totals).toMatchObject({ count: 0, amountSatang: 0 });
    expect(data.page.rows).toEqual([]);
    const csv = await call(exportRoute.loader, `/shophub/expenses/csv?shop=${s.shopId}`, s.owner);
    expect((await csv.response!.text()).split("\r\n").filter(Boolean)).toHaveLength(1);
    const gone = await call(editRoute.loader, `/shophub/expenses/${id}?shop=${s.shopId}`, s.owner);
    expect(gone.status).toBe(404);
  });

  it("refuses input VAT above the amount and a bad amount next to their fields, keeping what was typed", async () => {
    const s = await shopWithPeople();
    const refused = await call(
      editRoute.action,
      `/shophub/expenses/new?shop=${s.shopId}`,
      s.owner,
      {
        ...EXPENSE,
        amount: "100",
        inputVat: "100.01",
      },
    );
    expect(refused.status).toBe(400);
    const failure = refused.data as Failure;
    expect(failure.errors).toEqual({ inputVat: "shops.finance.error.vatOverAmount" });
    expect(failure.values).toMatchObject({
      amount: "100",
      inputVat: "100.01",
      supplier: EXPENSE.supplier,
    });

    const bad = await call(editRoute.action, `/shophub/expenses/new?shop=${s.shopId}`, s.owner, {
      ...EXPENSE,
      amount: "สิบบาท",
      day: "2026-02-30",
    });
    expect((bad.data as Failure).errors).toMatchObject({
      amount: "shops.finance.error.amount",
      day: "shops.finance.error.day",
    });
    const rows = await test.db.select().from(expense).where(eq(expense.shopId, s.shopId));
    expect(rows).toEqual([]);
  });

  it("stores a receipt photo through the image pipeline and refuses a file that is not an image by its content", async () => {
    const s = await shopWithPeople();
    const fake = new File([new TextEncoder().encode("<?php echo 'hi'; ?>")], "receipt.png", {
      type: "image/png",
    });
    const refused = await call(
      editRoute.action,
      `/shophub/expenses/new?shop=${s.shopId}`,
      s.owner,
      {
        ...EXPENSE,
        photo: fake,
      },
    );
    expect(refused.status).toBe(400);
    expect((refused.data as Failure).errors).toEqual({ photo: "media.error.notImage" });
    expect(existsSync(path.join(storageFolder, "private", "receipts", s.shopId))).toBe(false);
    expect(await test.db.select().from(expense).where(eq(expense.shopId, s.shopId))).toEqual([]);

    const saved = await call(editRoute.action, `/shophub/expenses/new?shop=${s.shopId}`, s.owner, {
      ...EXPENSE,
      photo: await pngFile(),
    });
    expect(saved.status).toBe(302);
    const [row] = await test.db.select().from(expense).where(eq(expense.shopId, s.shopId));
    expect(row!.receiptImageKey).toMatch(
      new RegExp(`^private/receipts/${s.shopId}/[0-9a-f]{16}-[0-9a-f]{8}\\.webp$`),
    );
    const meta = await sharp((await storage.get(row!.receiptImageKey!))!).metadata();
    expect(meta.format).toBe("webp");

    // Removing it deletes the stored file and is written in the trail.
    await call(editRoute.action, `/shophub/expenses/${row!.id}?shop=${s.shopId}`, s.owner, {
      ...EXPENSE,
      removePhoto: "1",
    });
    expect(readdirSync(path.join(storageFolder, "private", "receipts", s.shopId))).toEqual([]);
    const changes = await changesOf(s.shopId, row!.id);
    expect(changes.at(-1)!.after).toMatchObject({ receiptImageKey: null });
  });

  it("filters by Bangkok days and category, pages 20 rows, and totals every filtered row", async () => {
    const s = await shopWithPeople();
    const actor = { id: s.t.ownerId, name: "เจ้าของร้าน" };
    for (let day = 1; day <= 25; day++) {
      const booked = await bookExpense(test.db, {
        shopId: s.shopId,
        actor,
        category: { key: day % 2 ? "utilities" : "wages", id: null },
        amountSatang: day * 100,
        inputVatSatang: day,
        day: `2026-04-${String(day).padStart(2, "0")}`,
        method: "cash",
        note: "",
      });
      expect(booked.ok).toBe(true);
    }
    const all = await call(listRoute.loader, `/shophub/expenses?shop=${s.shopId}`, s.owner);
    const first = all.data as {
      totals: { count: number; amountSatang: number; inputVatSatang: number };
      page: { rows: { day: string }[]; pageCount: number };
    };
    expect(first.totals).toEqual({ count: 25, amountSatang: 32_500, inputVatSatang: 325 });
    expect(first.page.rows).toHaveLength(20);
    expect(first.page.pageCount).toBe(2);
    expect(first.page.rows[0]!.day).toBe("2026-04-25");

    const filtered = await call(
      listRoute.loader,
      `/shophub/expenses?shop=${s.shopId}&from=2026-04-10&to=2026-04-14&category=utilities`,
      s.owner,
    );
    // Days 11 and 13: odd days are utilities.
    expect((filtered.data as typeof first).totals).toEqual({
      count: 2,
      amountSatang: 2_400,
      inputVatSatang: 24,
    });
    const badDate = await call(
      listRoute.loader,
      `/shophub/expenses?shop=${s.shopId}&from=2026-13-01`,
      s.owner,
    );
    expect((badDate.data as { errors: Record<string, string> }).errors).toEqual({
      from: "shops.finance.filter.badDate",
    });
  });

  it("takes a day typed the Thai way, in the Buddhist era, and shows it back that way", async () => {
    const s = await shopWithPeople();
    const saved = await call(editRoute.action, `/shophub/expenses/new?shop=${s.shopId}`, s.owner, {
      ...EXPENSE,
      day: "5/3/2569",
    });
    expect(saved.status).toBe(302);
    const [row] = await test.db.select().from(expense).where(eq(expense.shopId, s.shopId));
    expect(row!.spentOn).toBe("2026-03-05");
    // A day that is no day is refused next to its field, what was typed kept.
    const refused = await call(
      editRoute.action,
      `/shophub/expenses/new?shop=${s.shopId}`,
      s.owner,
      {
        ...EXPENSE,
        day: "30/02/2569",
      },
    );
    expect((refused.data as Failure).errors).toEqual({ day: "shops.finance.error.day" });
    expect((refused.data as Failure).values.day).toBe("30/02/2569");
    // The list's filter reads the same: 1–31 March 2569.
    const march = await call(
      listRoute.loader,
      `/shophub/expenses?shop=${s.shopId}&from=${encodeURIComponent("1/3/2569")}&to=31032569`,
      s.owner,
    );
    expect((march.data as { totals: { count: number } }).totals.count).toBe(1);
    const april = await call(
      listRoute.loader,
      `/shophub/expenses?shop=${s.shopId}&from=${encodeURIComponent("1/4/2569")}`,
      s.owner,
    );
    expect((april.data as { totals: { count: number } }).totals.count).toBe(0);
  });

  it("exports the filtered rows as CSV, UTF-8 with a BOM, in Thai", async () => {
    const s = await shopWithPeople();
    await call(editRoute.action, `/shophub/expenses/new?shop=${s.shopId}`, s.owner, {
      ...EXPENSE,
      supplier: "=HYPERLINK(1)",
    });
    const csv = await call(exportRoute.loader, `/shophub/expenses/csv?shop=${s.shopId}`, s.owner);
    expect(csv.status).toBe(200);
    expect(csv.response!.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await csv.response!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text).toBe(
      "วันที่,วันที่ ค.ศ. (ปี-เดือน-วัน),หมวดหมู่,ชำระโดย,จำนวนเงิน (บาท),ภาษีซื้อ (บาท),ผู้ขาย,หมายเหตุ\r\n" +
        "5 มีนาคม 2569,2026-03-05,ค่าเช่า,โอนเงิน,10700.00,700.00,'=HYPERLINK(1),ค่าเช่าเดือนมีนาคม\r\n",
    );
  });

  it("lets the shop add, rename and archive its own categories; an archived one is refused for new rows", async () => {
    const s = await shopWithPeople();
    const base = `/shophub/expenses?shop=${s.shopId}`;
    expect(
      (await call(listRoute.action, base, s.owner, { intent: "addCategory", name: "ค่าซ่อมบำรุง" }))
        .status,
    ).toBe(302);
    const again = await call(listRoute.action, base, s.owner, {
      intent: "addCategory",
      name: "ค่าซ่อมบำรุง",
    });
    expect((again.data as Failure).errors).toEqual({ name: "shops.finance.error.categoryExists" });
    expect((again.data as Failure).values.name).toBe("ค่าซ่อมบำรุง");
    const list = await call(listRoute.loader, base, s.owner);
    const [own] = (list.data as { categories: { id: number; name: string }[] }).categories;
    await call(listRoute.action, base, s.manager, {
      intent: "renameCategory",
      categoryId: String(own!.id),
      name: "ซ่อมแซม",
    });
    const used = await call(editRoute.action, `/shophub/expenses/new?shop=${s.shopId}`, s.owner, {
      ...EXPENSE,
      category: `c${own!.id}`,
    });
    expect(used.status).toBe(302);
    await call(listRoute.action, base, s.owner, {
      intent: "archiveCategory",
      categoryId: String(own!.id),
    });
    const refused = await call(
      editRoute.action,
      `/shophub/expenses/new?shop=${s.shopId}`,
      s.owner,
      {
        ...EXPENSE,
        category: `c${own!.id}`,
      },
    );
    expect((refused.data as Failure).errors).toEqual({ category: "shops.finance.error.category" });
    const after = await call(listRoute.loader, base, s.owner);
    expect((after.data as { categories: unknown[] }).categories).toEqual([
      { id: own!.id, name: "ซ่อมแซม", archived: true },
    ]);
  });
});

describe("other income", () => {
  it("shows the period's sales (non-void minus credit notes) above the other income, and books income with its trail", async () => {
    const s = await shopWithPeople();
    const item = await insertItem(test.db, s.shopId, s.t.ownerId, {
      opening: { qty: 10_000, locationId: s.t.defaultLocationId },
    });
    const at = new Date("2026-05-10T05:00:00Z");
    const kept = await createSaleForTest(test.db, {
      shopId: s.shopId,
      userId: s.t.ownerId,
      lines: [{ itemId: item.id, qty: 2 }],
      at,
    });
    const voided = await createSaleForTest(test.db, {
      shopId: s.shopId,
      userId: s.t.ownerId,
      lines: [{ itemId: item.id, qty: 1 }],
      at,
    });
    await test.db
      .update(sale)
      .set({ status: "void", voidedAt: new Date() })
      .where(eq(sale.id, voided.id));
    const takings = await salesTakings(test.db, s.shopId, "2026-05-10", "2026-05-10");
    const [keptRow] = await test.db.select().from(sale).where(eq(sale.id, kept.id));
    expect(takings).toEqual({
      salesSatang: keptRow!.totalSatang,
      returnedSatang: 0,
      netSatang: keptRow!.totalSatang,
    });
    expect(await salesTakings(test.db, s.shopId, "2026-05-11", null)).toMatchObject({
      netSatang: 0,
    });

    const created = await call(editRoute.action, `/shophub/income/new?shop=${s.shopId}`, s.owner, {
      intent: "save",
      category: "service",
      amount: "350",
      day: "2026-05-10",
      method: "cash",
      note: "ค่าซ่อมโทรศัพท์",
    });
    expect(created.status).toBe(302);
    const page = await call(
      listRoute.loader,
      `/shophub/income?shop=${s.shopId}&from=2026-05-10&to=2026-05-10`,
      s.owner,
    );
    const data = page.data as {
      sales: { netSatang: number };
      totals: { amountSatang: number };
      kind: string;
    };
    expect(data.kind).toBe("income");
    expect(data.sales.netSatang).toBe(keptRow!.totalSatang);
    expect(data.totals.amountSatang).toBe(35_000);
    // An expense category is not an income category.
    const wrong = await call(editRoute.action, `/shophub/income/new?shop=${s.shopId}`, s.owner, {
      intent: "save",
      category: "rent",
      amount: "350",
      day: "2026-05-10",
      method: "cash",
    });
    expect((wrong.data as Failure).errors).toEqual({ category: "shops.finance.error.category" });
    const income = await listFinance(test.db, "income", s.shopId, {});
    expect(income.totals.count).toBe(1);
  });
});

describe("who may", () => {
  it("refuses cashiers and stock staff on every page and action, and answers another shop's rows as missing", async () => {
    const s = await shopWithPeople();
    const other = await shopWithPeople();
    await call(
      editRoute.action,
      `/shophub/expenses/new?shop=${other.shopId}`,
      other.owner,
      EXPENSE,
    );
    const [foreign] = await test.db.select().from(expense).where(eq(expense.shopId, other.shopId));
    for (const member of [s.cashier, s.stock]) {
      for (const [fn, target, fields] of [
        [listRoute.loader, `/shophub/expenses?shop=${s.shopId}`, undefined],
        [listRoute.loader, `/shophub/income?shop=${s.shopId}`, undefined],
        [exportRoute.loader, `/shophub/expenses/csv?shop=${s.shopId}`, undefined],
        [editRoute.loader, `/shophub/expenses/new?shop=${s.shopId}`, undefined],
        [editRoute.action, `/shophub/expenses/new?shop=${s.shopId}`, EXPENSE],
        [
          listRoute.action,
          `/shophub/expenses?shop=${s.shopId}`,
          { intent: "addCategory", name: "x" },
        ],
      ] as const) {
        const outcome = await call(
          fn,
          target,
          member,
          fields as Record<string, string> | undefined,
        );
        expect(outcome.status, `${target} ${fields ? "POST" : "GET"}`).toBe(403);
      }
    }
    // The other shop's expense under the caller's own shop: not found, and unchanged.
    const own = `?shop=${s.shopId}`;
    expect(
      (await call(editRoute.loader, `/shophub/expenses/${foreign!.id}${own}`, s.owner)).status,
    ).toBe(404);
    expect(
      (
        await call(editRoute.action, `/shophub/expenses/${foreign!.id}${own}`, s.owner, {
          intent: "delete",
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(editRoute.action, `/shophub/expenses/${foreign!.id}${own}`, s.owner, {
          ...EXPENSE,
          ...NO_TAX_INVOICE,
          amount: "1000",
        })
      ).status,
    ).toBe(404);
    // Naming the other shop in the URL: not a member there.
    expect(
      (await call(listRoute.loader, `/shophub/expenses?shop=${other.shopId}`, s.owner)).status,
    ).toBe(404);
    const [still] = await test.db.select().from(expense).where(eq(expense.id, foreign!.id));
    expect(still).toMatchObject({ amountSatang: 1_070_000, deletedAt: null });
  });
});

describe("an expense's supplier tax invoice (input VAT, issue 35)", () => {
  const post = (s: Awaited<ReturnType<typeof shopWithPeople>>, fields: Record<string, string>) =>
    call(editRoute.action, `/shophub/expenses/new?shop=${s.shopId}`, s.owner, {
      ...EXPENSE,
      ...fields,
    });

  it("refuses input VAT without the tax invoice, and each wrong field next to itself, saving nothing", async () => {
    const s = await shopWithPeople();
    const cases: [Record<string, string>, Record<string, string>][] = [
      // VAT typed, the invoice left out: a claim with nothing to show for it.
      [
        { ...NO_TAX_INVOICE, inputVat: "700" },
        {
          supplierTaxId: "shops.finance.error.taxInvoice.taxIdRequired",
          taxInvoiceNumber: "shops.finance.error.taxInvoice.number",
          taxInvoiceDate: "shops.finance.error.taxInvoice.dateRequired",
          valueBeforeVat: "shops.finance.error.taxInvoice.value",
        },
      ],
      // A tax ID whose check digit is wrong, a branch that is not 5 digits, no supplier.
      [
        { supplierTaxId: "0105556123454", supplierBranch: "1", supplier: "" },
        {
          supplierTaxId: "shops.finance.error.taxInvoice.taxIdInvalid",
          supplierBranch: "shops.finance.error.taxInvoice.branch",
          supplier: "shops.finance.error.taxInvoice.supplier",
        },
      ],
      // Dated after the expense; dated in September for a March expense (past 6 months).
      [
        { taxInvoiceDate: "06/03/2569" },
        { taxInvoiceDate: "shops.finance.error.taxInvoice.dateAfterDay" },
      ],
      [
        { taxInvoiceDate: "30/08/2568" },
        { taxInvoiceDate: "shops.finance.error.taxInvoice.dateTooOld" },
      ],
      // VAT that is not 7% of the value; value and VAT above what was paid; no VAT at all.
      [
        { inputVat: "750", amount: "10,750" },
        { inputVat: "shops.finance.error.taxInvoice.vatNotRate" },
      ],
      [{ amount: "10,000" }, { valueBeforeVat: "shops.finance.error.taxInvoice.valueOverAmount" }],
      [{ inputVat: "" }, { inputVat: "shops.finance.error.taxInvoice.vatRequired" }],
    ];
    for (const [fields, errors] of cases) {
      const refused = await post(s, fields);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      const failure = refused.data as Failure;
      expect(failure.errors, JSON.stringify(fields)).toEqual(errors);
      // What was typed comes back as typed.
      expect(failure.values).toMatchObject({ ...EXPENSE, ...fields });
    }
    expect(await test.db.select().from(expense).where(eq(expense.shopId, s.shopId))).toEqual([]);
  });

  it("keeps a branch's tax invoice, the oldest claimable date, and shows it back as typed", async () => {
    const s = await shopWithPeople();
    // September 2025 is the sixth month before March 2026: still claimable.
    const saved = await post(s, { supplierBranch: "00012", taxInvoiceDate: "30/09/2568" });
    expect(saved.status).toBe(302);
    const [row] = await test.db.select().from(expense).where(eq(expense.shopId, s.shopId));
    expect(row).toMatchObject({
      supplierBranch: "00012",
      taxInvoiceDate: "2025-09-30",
      inputVatSatang: 70_000,
    });
    const page = await call(
      editRoute.loader,
      `/shophub/expenses/${row!.id}?shop=${s.shopId}`,
      s.owner,
    );
    expect((page.data as { values: Record<string, string> }).values).toMatchObject({
      supplierTaxId: "0105556123453",
      supplierBranch: "00012",
      taxInvoiceNumber: "IV2569/0042",
      taxInvoiceDate: "2025-09-30",
      valueBeforeVat: "10000.00",
      inputVat: "700.00",
    });
  });
});
