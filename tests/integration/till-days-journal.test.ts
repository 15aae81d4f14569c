import { execFile } from "node:child_process";
import { promisify } from "node:util";
import v8 from "node:v8";
import vm from "node:vm";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { journalEntry, till, zReport } from "~/db/schema";
import { bangkokIsoDate } from "~/lib/dates";
import {
  AUTO_CLOSE_NOTE,
  closeOverdueDays,
  IDLE_DAY_NOTE,
  closeTillDay,
  getZReport,
  grandTotalBreaks,
  journalCheckReport,
  listZReports,
  verifyJournal,
  xReport,
} from "~/modules/journal/index.server";
import { profitAndLoss, salesTaxReport, taxMonthOf } from "~/modules/reports/index.server";
import {
  completeSale,
  issueFullTaxInvoice,
  returnSaleLines,
  voidSale,
} from "~/modules/sales/index.server";
import { insertItem, insertShop, type TestShop } from "../setup/factories";
import { createSaleForTest, registerForVat, TEST_BUYER } from "../setup/sales-factory";
import { callRoute, outcomeOf, routeContext, sessionUserOf } from "../setup/route-call";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import * as journalExport from "~/routes/shophub/journal/export";
import * as journalSlips from "~/routes/shophub/journal/slips";
import { pdfText } from "../setup/pdf-text";

/*
 * A till's days and its electronic journal (issue 35, decision 0072), on PostgreSQL: the Z
 * report's figures are the P&L's and the tax report's for the same day to the satang; a Z is
 * closed once; a day nobody closed is closed after midnight with a note; the grand total is the
 * running sum of the Z reports; every document has its journal entry, written in its own
 * transaction; the journal refuses UPDATE, DELETE and TRUNCATE; and the check finds a changed
 * entry and a missing one.
 *
 * A VAT shop (prices include 7 %), its sales without a registered till (the shop's first till
 * P01), on 2 March 2026 (Bangkok):
 *   S1 09:00 A 107.00 cash            S2 10:00 B 214.00 PromptPay, full tax invoice at 10:30
 *   S3 11:00 A 107.00 cash, voided     S4 12:00 2 A, 10 % off the bill: 214.00 − 21.40 = 192.60 card
 *   CN 13:00: 1 A of S1 back in cash (107.00)
 * Day: 3 slips stand (S1, S2, S4) + the voided S3 = 4 documents; gross 107 + 214 + 214 = 535.00,
 * discount 21.40, sales 513.60, returns 107.00, net 406.60.
 */

let test: TestDatabase;
let t: TestShop;
let p01: string;
let itemA: number;
const bkk = (local: string) => new Date(`${local}+07:00`);
const saleNumbers: string[] = [];
const saleIds: number[] = [];

beforeAll(async () => {
  test = await createTestDatabase();
  t = await insertShop(test.db);
  await registerForVat(test.db, t.shop.id);
  const [first] = await test.db
    .select({ id: till.id })
    .from(till)
    .where(sql`${till.shopId} = ${t.shop.id} AND ${till.code} = 'P01'`);
  p01 = first!.id;
  const opening = { qty: 100_000, locationId: t.defaultLocationId };
  const item = (price: number) =>
    insertItem(test.db, t.shop.id, t.ownerId, { fields: { price, cost: 1_000 }, opening });
  const a = await item(10_700);
  const b = await item(21_400);
  itemA = a.id;
  const owner = { shopId: t.shop.id, userId: t.ownerId, role: "owner" as const };
  const sell = (at: string, lines: { itemId: number; qty: number }[], extra = {}) =>
    createSaleForTest(test.db, {
      shopId: t.shop.id,
      userId: t.ownerId,
      lines,
      at: bkk(at),
      ...extra,
    });
  const s1 = await sell("2026-03-02T09:00:00", [{ itemId: a.id, qty: 1 }]);
  const s2 = await sell("2026-03-02T10:00:00", [{ itemId: b.id, qty: 1 }], {
    payments: [{ method: "promptpay", amountSatang: 21_400 }],
  });
  const s3 = await sell("2026-03-02T11:00:00", [{ itemId: a.id, qty: 1 }]);
  const s4 = await sell("2026-03-02T12:00:00", [{ itemId: a.id, qty: 2 }], {
    billDiscount: { kind: "percent", basisPoints: 1_000 },
    payments: [{ method: "card", amountSatang: 19_260 }],
  });
  saleNumbers.push(s1.documentNumber, s2.documentNumber, s3.documentNumber, s4.documentNumber);
  saleIds.push(s1.id, s2.id, s3.id, s4.id);
  const issued = await issueFullTaxInvoice(
    test.db,
    owner,
    { saleId: s2.id, buyer: TEST_BUYER },
    bkk("2026-03-02T10:30:00"),
  );
  if (!issued.ok) throw new Error("full tax invoice refused");
  const voided = await voidSale(
    test.db,
    owner,
    { saleId: s3.id, reason: "คิดเงินผิด" },
    bkk("2026-03-02T11:05:00"),
  );
  if (!voided.ok) throw new Error(`void refused: ${voided.error}`);
  const returned = await returnSaleLines(
    test.db,
    owner,
    {
      saleId: s1.id,
      lines: [{ saleLineId: s1.lineIds[0]!, qtyMilli: 1_000 }],
      reason: "ลูกค้าคืนสินค้า",
      refundMethod: "cash",
      buyer: TEST_BUYER,
    },
    bkk("2026-03-02T13:00:00"),
  );
  if (!returned.ok) throw new Error("return refused");
});
afterAll(() => test.drop());

const owner = () => ({ shopId: t.shop.id, userId: t.ownerId, name: "เจ้าของร้าน" });

describe("the X and Z reports of a till's day", () => {
  it("reads the day so far from the views that define what stands, equal to the P&L and the tax report", async () => {
    const x = await xReport(test.db, t.shop.id, p01, bkk("2026-03-02T20:00:00"));
    expect(x).not.toBeNull();
    const report = x!;
    expect(report.kind).toBe("X");
    expect(report.till.code).toBe("P01");
    expect(report.documents).toEqual({ count: 4, first: saleNumbers[0], last: saleNumbers[3] });
    expect(report.sales).toEqual({
      bills: 3,
      grossSatang: 53_500,
      discountSatang: 2_140,
      totalSatang: 51_360,
      vatSatang: 700 + 1_400 + 1_260,
      exVatSatang: 51_360 - 3_360,
    });
    expect(report.returns).toMatchObject({ count: 1, totalSatang: 10_700, vatSatang: 700 });
    expect(report.net.totalSatang).toBe(40_660);
    expect(report.voids).toEqual({ count: 1, totalSatang: 10_700, numbers: [saleNumbers[2]] });
    expect(report.fullTaxInvoices.count).toBe(1);
    expect(report.payments).toEqual([
      { method: "cash", salesSatang: 10_700, refundsSatang: 10_700, netSatang: 0 },
      { method: "promptpay", salesSatang: 21_400, refundsSatang: 0, netSatang: 21_400 },
      { method: "card", salesSatang: 19_260, refundsSatang: 0, netSatang: 19_260 },
    ]);
    expect(report.cashExpectedSatang).toBe(0);
    expect(report.grandTotal).toEqual({ beforeSatang: 0, afterSatang: 40_660 });
    // Nothing closed by reading.
    expect(await listZReports(test.db, t.shop.id)).toEqual([]);

    const pnl = await profitAndLoss(test.db, t.shop.id, { from: "2026-03-02", to: "2026-03-02" });
    expect(report.net.exVatSatang).toBe(pnl.totals.netRevenueSatang);
    expect(report.sales.exVatSatang).toBe(pnl.totals.salesExVatSatang);
    expect(report.returns.exVatSatang).toBe(pnl.totals.returnsExVatSatang);
    expect(report.sales.discountSatang).toBe(pnl.totals.discountSatang);
    expect(report.sales.vatSatang).toBe(pnl.vat.outputVatSatang);
    expect(report.returns.vatSatang).toBe(pnl.vat.returnedVatSatang);
    expect(report.voids.count).toBe(pnl.totals.voidBills);
  });

  it("closes the day once, numbered in the till's series, with the same figures as the P&L", async () => {
    const closed = await closeTillDay(
      test.db,
      owner(),
      { tillId: p01, day: "2026-03-02" },
      bkk("2026-03-02T21:00:00"),
    );
    expect(closed).toMatchObject({ ok: true, documentNumber: "Z-P01-000001" });
    if (!closed.ok) return;
    const z = (await getZReport(test.db, t.shop.id, closed.id))!;
    expect(z.kind).toBe("Z");
    expect(z.net.totalSatang).toBe(40_660);
    expect(z.grandTotal).toEqual({ beforeSatang: 0, afterSatang: 40_660 });
    const pnl = await profitAndLoss(test.db, t.shop.id, { from: "2026-03-02", to: "2026-03-02" });
    expect(z.net.exVatSatang).toBe(pnl.totals.netRevenueSatang);
    expect(z.net.vatSatang).toBe(pnl.vat.outputVatSatang - pnl.vat.returnedVatSatang);
    // The month's sales tax report counts the same VAT (this day is the month's only activity).
    const tax = await salesTaxReport(
      test.db,
      t.shop.id,
      taxMonthOf("2026-03", bkk("2026-11-28T12:00:00")),
    );
    expect(tax.totals.vatSatang).toBe(z.net.vatSatang);

    const again = await closeTillDay(
      test.db,
      owner(),
      { tillId: p01, day: "2026-03-02" },
      bkk("2026-03-02T22:00:00"),
    );
    expect(again).toEqual({ ok: false, error: "already-closed", documentNumber: "Z-P01-000001" });
    expect(await listZReports(test.db, t.shop.id)).toHaveLength(1);
  });

  it("refuses a sale, a void or a return landing on a closed day, and the refused sale leaves no entry", async () => {
    const before = await test.db.$count(journalEntry);
    await expect(
      createSaleForTest(test.db, {
        shopId: t.shop.id,
        userId: t.ownerId,
        lines: [{ itemId: itemA, qty: 1 }],
        at: bkk("2026-03-02T22:30:00"),
      }),
    ).rejects.toMatchObject({ cause: { code: "ZR409" } });
    const ownerActor = { shopId: t.shop.id, userId: t.ownerId, role: "owner" as const };
    expect(
      await voidSale(
        test.db,
        ownerActor,
        { saleId: saleIds[1]!, reason: "ผิด" },
        bkk("2026-03-02T23:00:00"),
      ),
    ).toEqual({ ok: false, error: "day-closed" });
    expect(await test.db.$count(journalEntry)).toBe(before);
  });

  it("refuses a Z for a day to come", async () => {
    const future = await closeTillDay(
      test.db,
      owner(),
      { tillId: p01, day: "2026-03-05" },
      bkk("2026-03-03T08:00:00"),
    );
    expect(future).toEqual({ ok: false, error: "future" });
  });

  it("closes a day nobody closed after midnight, with a note, once; the grand total runs on", async () => {
    await createSaleForTest(test.db, {
      shopId: t.shop.id,
      userId: t.ownerId,
      lines: [{ itemId: itemA, qty: 1 }],
      at: bkk("2026-03-03T10:00:00"),
    });
    // Before midnight nothing is closed.
    expect(await closeOverdueDays(test.db, t.shop.id, bkk("2026-03-03T23:59:00"))).toBe(0);
    expect(await closeOverdueDays(test.db, t.shop.id, bkk("2026-03-04T00:10:00"))).toBe(1);
    expect(await closeOverdueDays(test.db, t.shop.id, bkk("2026-03-04T01:10:00"))).toBe(0);
    const list = await listZReports(test.db, t.shop.id);
    expect(list.map((z) => [z.businessDate, z.documentNumber, z.auto])).toEqual([
      ["2026-03-03", "Z-P01-000002", true],
      ["2026-03-02", "Z-P01-000001", false],
    ]);
    const auto = (await getZReport(test.db, t.shop.id, list[0]!.id))!;
    expect(auto.note).toBe(AUTO_CLOSE_NOTE);
    expect(auto.grandTotal).toEqual({ beforeSatang: 40_660, afterSatang: 40_660 + 10_700 });
    expect(await grandTotalBreaks(test.db, t.shop.id)).toEqual([]);
    // The X of the next day starts from the grand total.
    const x = await xReport(test.db, t.shop.id, p01, bkk("2026-03-04T09:00:00"));
    expect(x?.grandTotal).toEqual({ beforeSatang: 51_360, afterSatang: 51_360 });
  });

  it("keeps Z reports as closed: UPDATE and DELETE refused", async () => {
    await expect(test.db.execute(sql`UPDATE z_report SET net_satang = 0`)).rejects.toMatchObject({
      cause: { code: "JR001" },
    });
    await expect(test.db.execute(sql`DELETE FROM z_report`)).rejects.toMatchObject({
      cause: { code: "JR001" },
    });
    expect(await test.db.$count(zReport)).toBe(2);
  });
});

describe("the electronic journal", () => {
  it("has one entry per document as issued, chained per till, and checks intact", async () => {
    const entries = await test.db
      .select({
        seq: journalEntry.seq,
        kind: journalEntry.kind,
        number: journalEntry.documentNumber,
      })
      .from(journalEntry)
      .where(sql`${journalEntry.tillId} = ${p01}`)
      .orderBy(journalEntry.seq);
    expect(entries.map((e) => e.kind)).toEqual([
      "sale",
      "sale",
      "sale",
      "sale",
      "fullTaxInvoice",
      "void",
      "creditNote",
      "zReport",
      "sale",
      "zReport",
    ]);
    expect(entries.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const [first] = await test.db
      .select({ body: journalEntry.body })
      .from(journalEntry)
      .where(sql`${journalEntry.tillId} = ${p01} AND ${journalEntry.seq} = 1`);
    const body = first!.body as { document: { document_number: string }; lines: unknown[] };
    expect(body.document.document_number).toBe(saleNumbers[0]);
    expect(body.lines).toHaveLength(1);
    const check = await verifyJournal(test.db, { shopId: t.shop.id });
    expect(check).toMatchObject({ ok: true, entries: 10, problems: [] });
  });

  it("refuses UPDATE, DELETE and TRUNCATE", async () => {
    for (const statement of [
      sql`UPDATE journal_entry SET document_number = 'X'`,
      sql`DELETE FROM journal_entry`,
      sql`TRUNCATE journal_entry`,
    ]) {
      await expect(test.db.execute(statement)).rejects.toMatchObject({ cause: { code: "JR001" } });
    }
  });

  it(
    "finds an entry changed behind the triggers' back, and one removed",
    { timeout: 90_000 },
    async () => {
      // What a superuser could do: switch the trigger off and edit.
      await test.db.execute(
        sql`ALTER TABLE journal_entry DISABLE TRIGGER journal_entry_append_only`,
      );
      try {
        await test.db.execute(sql`
        UPDATE journal_entry SET body = jsonb_set(body, '{document,total_satang}', '1')
         WHERE till_id = ${p01}::uuid AND seq = 2`);
        const changed = await verifyJournal(test.db, { shopId: t.shop.id });
        expect(changed.ok).toBe(false);
        expect(changed.problems).toEqual([
          { kind: "changed", tillId: p01, seq: 2, documentNumber: saleNumbers[1] },
        ]);
        const printed = await journalCheckReport(test.db, t.shop.id);
        expect(printed.ok).toBe(false);
        expect(printed.lines[0]).toContain(`ลำดับ 2 (${saleNumbers[1]})`);
        // The command an officer runs says the same and fails.
        const run = await promisify(execFile)(
          process.execPath,
          ["server/journal-verify.ts", "--shop", t.shop.id],
          { env: { ...process.env, DATABASE_URL: test.url, NODE_ENV: "production" } },
        ).then(
          () => null,
          (error: { code: number; stdout: string }) => error,
        );
        expect(run?.code).toBe(1);
        expect(run?.stdout).toContain(`ลำดับ 2 (${saleNumbers[1]})`);

        await test.db.execute(
          sql`DELETE FROM journal_entry WHERE till_id = ${p01}::uuid AND seq = 4`,
        );
        const gap = await verifyJournal(test.db, { shopId: t.shop.id });
        expect(gap.problems).toEqual(
          expect.arrayContaining([
            { kind: "missing", tillId: p01, seq: 4 },
            { kind: "broken-link", tillId: p01, seq: 5, documentNumber: expect.any(String) },
            {
              kind: "no-entry",
              documentKind: "sale",
              documentId: expect.any(Number),
              documentNumber: saleNumbers[3],
            },
          ]),
        );
      } finally {
        await test.db.execute(
          sql`ALTER TABLE journal_entry ENABLE TRIGGER journal_entry_append_only`,
        );
      }
    },
  );
});

describe("a shop with two tills", () => {
  it("closes each till's day on its own; together they are the P&L's day; each journal is its own chain", async () => {
    const [second] = await test.db
      .insert(till)
      .values({ shopId: t.shop.id, code: "P02", name: "เครื่อง 2", posNumber: "E051234567890" })
      .returning({ id: till.id });
    const p02 = second!.id;
    const at = bkk("2026-03-05T10:00:00");
    await createSaleForTest(test.db, {
      shopId: t.shop.id,
      userId: t.ownerId,
      lines: [{ itemId: itemA, qty: 2 }],
      at,
      tillId: p02,
    });
    await createSaleForTest(test.db, {
      shopId: t.shop.id,
      userId: t.ownerId,
      lines: [{ itemId: itemA, qty: 1 }],
      at,
    });
    const evening = bkk("2026-03-05T21:00:00");
    const x2 = (await xReport(test.db, t.shop.id, p02, evening))!;
    expect(x2.till).toMatchObject({ code: "P02", posNumber: "E051234567890" });
    expect(x2.net.totalSatang).toBe(21_400);
    expect(x2.grandTotal).toEqual({ beforeSatang: 0, afterSatang: 21_400 });
    const z2 = await closeTillDay(test.db, owner(), { tillId: p02, day: "2026-03-05" }, evening);
    const z1 = await closeTillDay(test.db, owner(), { tillId: p01, day: "2026-03-05" }, evening);
    expect(z2).toMatchObject({ ok: true, documentNumber: "Z-P02-000001" });
    // P01 sold nothing on 4 March: closing the 5th closed that day first with a zero Z.
    expect(z1).toMatchObject({ ok: true, documentNumber: "Z-P01-000004" });
    if (!z1.ok || !z2.ok) return;
    const idle = (await listZReports(test.db, t.shop.id, { tillId: p01 })).find(
      (z) => z.businessDate === "2026-03-04",
    )!;
    expect(idle).toMatchObject({
      documentNumber: "Z-P01-000003",
      auto: true,
      documents: 0,
      netSatang: 0,
      grandTotalSatang: 51_360,
    });
    expect((await getZReport(test.db, t.shop.id, idle.id))!.note).toBe(IDLE_DAY_NOTE);
    const [one, two] = [
      (await getZReport(test.db, t.shop.id, z1.id))!,
      (await getZReport(test.db, t.shop.id, z2.id))!,
    ];
    expect(one.net.totalSatang).toBe(10_700);
    expect(one.grandTotal.afterSatang).toBe(51_360 + 10_700);
    const pnl = await profitAndLoss(test.db, t.shop.id, { from: "2026-03-05", to: "2026-03-05" });
    expect(one.net.exVatSatang + two.net.exVatSatang).toBe(pnl.totals.netRevenueSatang);
    expect(one.net.vatSatang + two.net.vatSatang).toBe(pnl.vat.outputVatSatang);
    expect(await grandTotalBreaks(test.db, t.shop.id)).toEqual([]);
    expect(await verifyJournal(test.db, { shopId: t.shop.id, tillId: p02 })).toMatchObject({
      ok: true,
      entries: 2,
    });
  });

  it("gives the owner the till's slips of a day as one PDF", async () => {
    const outcome = await outcomeOf(
      callRoute(
        journalSlips.loader as never,
        `/shophub/journal/slips.pdf?shop=${t.shop.id}&till=${p01}&day=2026-03-02`,
        { context: routeContext(test.db, sessionUserOf(t.ownerId)) },
      ),
    );
    expect(outcome.status).toBe(200);
    expect(outcome.response!.headers.get("Content-Type")).toBe("application/pdf");
    const text = await pdfText(Buffer.from(await outcome.response!.arrayBuffer()));
    // S4's entry was removed by the tampering above: the slips the journal still holds.
    for (const number of [saleNumbers[0], saleNumbers[1], saleNumbers[2]]) {
      expect(text).toContain(number);
    }
  });
});

describe("the till after its Z of today", () => {
  it("refuses the next sale in Thai terms (dayClosed), writing nothing", async () => {
    const shopOf = await insertShop(test.db);
    const shopId = shopOf.shop.id;
    const item = await insertItem(test.db, shopId, shopOf.ownerId, {
      fields: { price: 5_000, cost: 1_000 },
      opening: { qty: 10_000, locationId: shopOf.defaultLocationId },
    });
    const [first] = await test.db
      .select({ id: till.id })
      .from(till)
      .where(sql`${till.shopId} = ${shopId} AND ${till.code} = 'P01'`);
    const closed = await closeTillDay(
      test.db,
      { shopId, userId: shopOf.ownerId, name: "เจ้าของ" },
      { tillId: first!.id, day: bangkokIsoDate(new Date()) },
    );
    expect(closed.ok).toBe(true);
    const entries = await test.db.$count(journalEntry, sql`${journalEntry.shopId} = ${shopId}`);
    const result = await completeSale(
      test.db,
      { shopId, userId: shopOf.ownerId, cashierName: "เจ้าของ", role: "owner" },
      {
        clientSaleId: crypto.randomUUID(),
        till: "เครื่อง 1",
        lines: [{ itemId: item.id, qtyMilli: 1_000 }],
        payments: [{ method: "cash", amountSatang: 5_000 }],
        expectedTotalSatang: 5_000,
      },
    );
    expect(result).toEqual({ ok: false, error: { code: "dayClosed" } });
    expect(await test.db.$count(journalEntry, sql`${journalEntry.shopId} = ${shopId}`)).toBe(
      entries,
    );
  });
});

describe("the journal's CSV export", () => {
  it("streams 200,000 entries with the memory of a batch", { timeout: 180_000 }, async () => {
    const other = await insertShop(test.db);
    const [first] = await test.db
      .select({ id: till.id })
      .from(till)
      .where(sql`${till.shopId} = ${other.shop.id} AND ${till.code} = 'P01'`);
    const rows = 200_000;
    // Entries written straight into the table (INSERT is what the journal allows): the export's
    // memory is the question here, not their hashes.
    await test.db.execute(sql`
      INSERT INTO journal_entry (shop_id, till_id, seq, kind, document_id, document_number,
        issued_at, body, prev_hash, hash)
      SELECT ${other.shop.id}::uuid, ${first!.id}::uuid, n, 'sale', n, 'ABB2569-' || n,
             '2026-03-02T10:00:00+07:00'::timestamptz + n * interval '1 ms',
             jsonb_build_object('document', jsonb_build_object('note', repeat('ก', 150), 'n', n)),
             repeat('0', 64), encode(sha256(n::text::bytea), 'hex')
        FROM generate_series(1, ${rows}) AS n`);
    // The heap measured after a full collection: what the export holds, not garbage to come.
    v8.setFlagsFromString("--expose_gc");
    const gc = vm.runInNewContext("gc") as () => void;
    gc();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    let chunks = 0;
    const outcome = await outcomeOf(
      callRoute(
        journalExport.loader as never,
        `/shophub/journal/export.csv?shop=${other.shop.id}&till=${first!.id}&from=2026-03-02&to=2026-03-02`,
        { context: routeContext(test.db, sessionUserOf(other.ownerId)) },
      ),
    );
    expect(outcome.status).toBe(200);
    const reader = outcome.response!.body!.getReader();
    let bytes = 0;
    let lines = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      for (const byte of value) if (byte === 10) lines += 1;
      chunks += 1;
      if (chunks % 10 === 0) {
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }
    }
    expect(lines).toBe(rows + 1);
    expect(bytes).toBeGreaterThan(100_000_000);
    // Never near the file's size (150 MB): the rows pass a batch at a time.
    expect(chunks).toBeGreaterThan(50);
    expect(peak - before).toBeLessThan(32_000_000);
  });
});

describe("idle days (decision 0085)", () => {
  it("gives a till in use a zero Z for each day it sold nothing; none to a till never used or retired", async () => {
    const shop = await insertShop(test.db);
    const item = await insertItem(test.db, shop.shop.id, shop.ownerId, {
      fields: { price: 10_700 },
      opening: { qty: 100_000, locationId: shop.defaultLocationId },
    });
    const [first] = await test.db
      .select({ id: till.id })
      .from(till)
      .where(sql`${till.shopId} = ${shop.shop.id} AND ${till.code} = 'P01'`);
    const [unused, retired] = await test.db
      .insert(till)
      .values([
        { shopId: shop.shop.id, code: "P02", name: "เครื่อง 2", posNumber: "E050000000002" },
        { shopId: shop.shop.id, code: "P03", name: "เครื่อง 3", posNumber: "E050000000003" },
      ])
      .returning({ id: till.id });
    const sell = (tillId?: string) =>
      createSaleForTest(test.db, {
        shopId: shop.shop.id,
        userId: shop.ownerId,
        lines: [{ itemId: item.id, qty: 1 }],
        at: bkk("2026-04-01T10:00:00"),
        ...(tillId ? { tillId } : {}),
      });
    await sell();
    await sell(retired!.id);
    await test.db.execute(sql`UPDATE till SET status = 'retired' WHERE id = ${retired!.id}`);

    expect(await closeOverdueDays(test.db, shop.shop.id, bkk("2026-04-04T00:30:00"))).toBe(4);
    expect(await closeOverdueDays(test.db, shop.shop.id, bkk("2026-04-04T01:30:00"))).toBe(0);
    const zs = await listZReports(test.db, shop.shop.id);
    expect(
      zs.map((z) => [z.tillCode, z.businessDate, z.documentNumber, z.documents, z.netSatang]),
    ).toEqual([
      ["P01", "2026-04-03", "Z-P01-000003", 0, 0],
      ["P01", "2026-04-02", "Z-P01-000002", 0, 0],
      ["P01", "2026-04-01", "Z-P01-000001", 1, 10_700],
      ["P03", "2026-04-01", "Z-P03-000001", 1, 10_700],
    ]);
    expect(zs.filter((z) => z.tillId === unused!.id)).toEqual([]);
    expect(zs.slice(0, 3).map((z) => z.grandTotalSatang)).toEqual([10_700, 10_700, 10_700]);
    const zero = (await getZReport(test.db, shop.shop.id, zs[0]!.id))!;
    expect(zero).toMatchObject({
      auto: true,
      note: IDLE_DAY_NOTE,
      documents: { count: 0, first: null, last: null },
      grandTotal: { beforeSatang: 10_700, afterSatang: 10_700 },
    });
    expect((await getZReport(test.db, shop.shop.id, zs[2]!.id))!.note).toBe(AUTO_CLOSE_NOTE);
    expect(await grandTotalBreaks(test.db, shop.shop.id)).toEqual([]);
    expect(await verifyJournal(test.db, { shopId: shop.shop.id, tillId: first!.id })).toMatchObject(
      { ok: true, entries: 4 },
    );
  });
});
