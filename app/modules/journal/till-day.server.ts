import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { shop, shopSalesSetting, till } from "~/db/schema";
import { addDays, BANGKOK_TIME_ZONE, bangkokDays, bangkokIsoDate } from "~/lib/dates";
import { tillCompleteUntil } from "~/modules/tills/index.server";
import { journalTill, zReport } from "./schema";
import {
  PAYMENT_METHODS_IN_ORDER,
  type TillDayPayment,
  type TillDayReport,
  zReportNumber,
} from "./till-day-types";

/*
 * A till's day (issue 35, decision 0072). The figures come from the views that define what
 * stands (sales_book, sales_tender, standing_credit_note; decision 0058), the same rows the
 * drawer, the dashboard, the P&L and the tax reports read, narrowed to the till: a sale's till
 * is the registered till that numbered it, else the shop's first till P01 (which continues the
 * shop's series, decision 0071); a credit note counts on the till of the sale it returns, on
 * the day it was issued.
 *
 * The X report reads the day so far. The Z report closes the day once: under the till's lock
 * (the one the documents' trigger shares, drizzle/0035), so a document either is in it or is
 * refused afterwards; numbered in the till's own series; its grand total the previous Z's plus
 * the day's net; written once and never changed (the table refuses UPDATE and DELETE). A day
 * with documents nobody closed is closed by the system after midnight, with a note.
 */

export interface TillChoice {
  id: string;
  code: string;
  name: string;
  posNumber: string;
  status: "active" | "retired";
}

export async function tillsOf(db: DbExecutor, shopId: string): Promise<TillChoice[]> {
  return db
    .select({
      id: till.id,
      code: till.code,
      name: till.name,
      posNumber: till.posNumber,
      status: till.status,
    })
    .from(till)
    .where(eq(till.shopId, shopId))
    .orderBy(asc(till.code));
}

type Row = Record<string, unknown>;
const num = (value: unknown): number => Number(value ?? 0);

/** The SQL condition "this sale row is the till's" (P01 also takes the sales without a till). */
function saleOfTill(alias: string, choice: TillChoice) {
  const column = sql.raw(`${alias}.till_id`);
  return choice.code === "P01"
    ? sql`(${column} = ${choice.id}::uuid OR ${column} IS NULL)`
    : sql`${column} = ${choice.id}::uuid`;
}

async function shopHeading(db: DbExecutor, shopId: string) {
  const [row] = await db
    .select({ name: shop.name, taxId: shop.taxId, branchCode: shopSalesSetting.branchCode })
    .from(shop)
    .leftJoin(shopSalesSetting, eq(shopSalesSetting.shopId, shop.id))
    .where(eq(shop.id, shopId));
  return {
    name: row?.name ?? "",
    taxId: row?.taxId ?? null,
    branchCode: row?.branchCode ?? "00000",
  };
}

/** The day's figures of one till, from the views that define what stands. */
async function dayFigures(db: DbExecutor, shopId: string, choice: TillChoice, day: string) {
  const range = bangkokDays(day);
  if (!range) throw new RangeError(`dayFigures: no day ${day}`);
  const { start, end } = range;
  const inDay = (column: string) =>
    sql`${sql.raw(column)} >= ${start.toISOString()}::timestamptz AND ${sql.raw(column)} < ${end.toISOString()}::timestamptz`;

  // One query after another (an array literal awaits in order): a transaction has one connection.
  const [documents, book, voids, tender, invoices] = [
    await db.execute<Row>(sql`
      SELECT count(*) AS n,
             (array_agg(s.document_number ORDER BY s.created_at, s.id))[1] AS first,
             (array_agg(s.document_number ORDER BY s.created_at DESC, s.id DESC))[1] AS last
        FROM sale s
       WHERE s.shop_id = ${shopId}::uuid AND ${saleOfTill("s", choice)} AND ${inDay("s.created_at")}`),
    await db.execute<Row>(sql`
      SELECT (b.credit_note_id IS NOT NULL) AS is_return, count(*) AS n,
             coalesce(sum(b.bills), 0) AS bills,
             coalesce(sum(b.gross_satang), 0) AS gross, coalesce(sum(b.discount_satang), 0) AS discount,
             coalesce(sum(b.total_satang), 0) AS total, coalesce(sum(b.vat_satang), 0) AS vat,
             coalesce(sum(b.ex_vat_satang), 0) AS ex_vat,
             array_agg(cn.document_number ORDER BY b.at, b.credit_note_id)
               FILTER (WHERE cn.id IS NOT NULL) AS numbers
        FROM sales_book b
        JOIN sale s ON s.id = b.sale_id
        LEFT JOIN credit_note cn ON cn.id = b.credit_note_id
       WHERE b.shop_id = ${shopId}::uuid AND ${saleOfTill("s", choice)} AND ${inDay("b.at")}
       GROUP BY 1`),
    await db.execute<Row>(sql`
      SELECT count(*) AS n, coalesce(sum(s.total_satang), 0) AS total,
             array_agg(s.document_number ORDER BY s.created_at, s.id) AS numbers
        FROM sale s
       WHERE s.shop_id = ${shopId}::uuid AND ${saleOfTill("s", choice)} AND ${inDay("s.created_at")}
         AND s.status = 'void'`),
    await db.execute<Row>(sql`
      SELECT t.method,
             coalesce(sum(t.amount_satang) FILTER (WHERE t.credit_note_id IS NULL), 0) AS sales,
             coalesce(-sum(t.amount_satang) FILTER (WHERE t.credit_note_id IS NOT NULL), 0) AS refunds
        FROM sales_tender t
        JOIN sale s ON s.id = t.sale_id
       WHERE t.shop_id = ${shopId}::uuid AND ${saleOfTill("s", choice)} AND ${inDay("t.at")}
       GROUP BY t.method`),
    await db.execute<Row>(sql`
      SELECT count(*) AS n, array_agg(f.document_number ORDER BY f.created_at, f.id) AS numbers
        FROM full_tax_invoice f
        JOIN sale s ON s.id = f.sale_id
       WHERE f.shop_id = ${shopId}::uuid AND ${saleOfTill("s", choice)} AND ${inDay("f.created_at")}`),
  ];
  const docs = documents.rows[0] ?? {};
  const salesRow = book.rows.find((row) => row.is_return === false) ?? {};
  const returnsRow = book.rows.find((row) => row.is_return === true) ?? {};
  const voidRow = voids.rows[0] ?? {};
  const invoiceRow = invoices.rows[0] ?? {};
  const payments: TillDayPayment[] = PAYMENT_METHODS_IN_ORDER.flatMap((method) => {
    const row = tender.rows.find((each) => each.method === method);
    if (!row) return [];
    const salesSatang = num(row.sales);
    const refundsSatang = num(row.refunds);
    return [{ method, salesSatang, refundsSatang, netSatang: salesSatang - refundsSatang }];
  });
  const sales = {
    bills: num(salesRow.bills),
    grossSatang: num(salesRow.gross),
    discountSatang: num(salesRow.discount),
    totalSatang: num(salesRow.total),
    vatSatang: num(salesRow.vat),
    exVatSatang: num(salesRow.ex_vat),
  };
  const returns = {
    count: num(returnsRow.n),
    totalSatang: -num(returnsRow.total),
    vatSatang: -num(returnsRow.vat),
    exVatSatang: -num(returnsRow.ex_vat),
    numbers: (returnsRow.numbers as string[] | null) ?? [],
  };
  return {
    documents: {
      count: num(docs.n),
      first: (docs.first as string | null) ?? null,
      last: (docs.last as string | null) ?? null,
    },
    sales,
    returns,
    net: {
      totalSatang: sales.totalSatang - returns.totalSatang,
      vatSatang: sales.vatSatang - returns.vatSatang,
      exVatSatang: sales.exVatSatang - returns.exVatSatang,
    },
    voids: {
      count: num(voidRow.n),
      totalSatang: num(voidRow.total),
      numbers: num(voidRow.n) > 0 ? ((voidRow.numbers as string[] | null) ?? []) : [],
    },
    fullTaxInvoices: {
      count: num(invoiceRow.n),
      numbers: num(invoiceRow.n) > 0 ? ((invoiceRow.numbers as string[] | null) ?? []) : [],
    },
    payments,
    cashExpectedSatang: payments.find((p) => p.method === "cash")?.netSatang ?? 0,
  };
}

async function lastZ(db: DbExecutor, tillId: string) {
  const [row] = await db
    .select({
      seq: zReport.seq,
      businessDate: zReport.businessDate,
      grandTotalSatang: zReport.grandTotalSatang,
    })
    .from(zReport)
    .where(eq(zReport.tillId, tillId))
    .orderBy(desc(zReport.seq))
    .limit(1);
  return row ?? null;
}

async function tillOf(db: DbExecutor, shopId: string, tillId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(tillId)) return null;
  const [row] = await db
    .select({
      id: till.id,
      code: till.code,
      name: till.name,
      posNumber: till.posNumber,
      status: till.status,
    })
    .from(till)
    .where(and(eq(till.shopId, shopId), eq(till.id, tillId)));
  return row ?? null;
}

/** The X report: the till's day so far (today, Bangkok time), closing nothing. */
export async function xReport(
  db: Database,
  shopId: string,
  tillId: string,
  now: Date = new Date(),
): Promise<TillDayReport | null> {
  await closeOverdueDays(db, shopId, now);
  const choice = await tillOf(db, shopId, tillId);
  if (!choice) return null;
  const day = bangkokIsoDate(now);
  const [heading, figures, previous, head] = await Promise.all([
    shopHeading(db, shopId),
    dayFigures(db, shopId, choice, day),
    lastZ(db, choice.id),
    db
      .select({ hash: journalTill.lastHash })
      .from(journalTill)
      .where(eq(journalTill.tillId, choice.id)),
  ]);
  const before = previous?.grandTotalSatang ?? 0;
  // Today already closed: the X shows the closed day as its Z counted it, and nothing since.
  return {
    kind: "X",
    shop: heading,
    till: { id: choice.id, code: choice.code, name: choice.name, posNumber: choice.posNumber },
    businessDate: day,
    at: now.toISOString(),
    number: null,
    auto: false,
    note: "",
    closedByName: "",
    ...figures,
    grandTotal:
      previous?.businessDate === day
        ? { beforeSatang: before - figures.net.totalSatang, afterSatang: before }
        : { beforeSatang: before, afterSatang: before + figures.net.totalSatang },
    journalHash: head[0]?.hash ?? null,
  };
}

export type CloseDayRefusal = "not-found" | "bad-day" | "future" | "already-closed";
export type CloseDayResult =
  | { ok: true; id: number; documentNumber: string }
  | { ok: false; error: CloseDayRefusal; documentNumber?: string };

export interface CloseDayActor {
  shopId: string;
  userId: string | null;
  name: string;
}

/** Thrown inside the transaction to roll it back with a refusal. */
class Refused extends Error {
  constructor(
    readonly refusal: CloseDayRefusal,
    readonly documentNumber?: string,
  ) {
    super(refusal);
  }
}

async function closeInTransaction(
  tx: DbExecutor,
  actor: CloseDayActor,
  choice: TillChoice,
  day: string,
  now: Date,
  auto: boolean,
): Promise<{ id: number; documentNumber: string }> {
  // The till's lock: documents of the till hold it shared until they commit (drizzle/0035).
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`z_report:${choice.id}`}, 0))`,
  );
  const [existing] = await tx
    .select({ documentNumber: zReport.documentNumber })
    .from(zReport)
    .where(and(eq(zReport.tillId, choice.id), eq(zReport.businessDate, day)));
  if (existing) throw new Refused("already-closed", existing.documentNumber);
  const previous = await lastZ(tx, choice.id);
  // A day before the last one closed is closed too: its documents were refused since.
  if (previous && previous.businessDate > day) throw new Refused("already-closed");
  const heading = await shopHeading(tx, actor.shopId);
  const figures = await dayFigures(tx, actor.shopId, choice, day);
  const head = await tx
    .select({ hash: journalTill.lastHash })
    .from(journalTill)
    .where(eq(journalTill.tillId, choice.id));
  const seq = (previous?.seq ?? 0) + 1;
  const documentNumber = zReportNumber(choice.code, seq);
  const before = previous?.grandTotalSatang ?? 0;
  const idle = figures.documents.count === 0 && figures.returns.count === 0;
  const note = auto ? (idle ? IDLE_DAY_NOTE : AUTO_CLOSE_NOTE) : "";
  const journalHash = head[0]?.hash ?? "0".repeat(64);
  const report: TillDayReport = {
    kind: "Z",
    shop: heading,
    till: { id: choice.id, code: choice.code, name: choice.name, posNumber: choice.posNumber },
    businessDate: day,
    at: now.toISOString(),
    number: documentNumber,
    auto,
    note,
    closedByName: actor.name,
    ...figures,
    grandTotal: { beforeSatang: before, afterSatang: before + figures.net.totalSatang },
    journalHash,
  };
  const [row] = await tx
    .insert(zReport)
    .values({
      shopId: actor.shopId,
      tillId: choice.id,
      tillCode: choice.code,
      businessDate: day,
      seq,
      documentNumber,
      auto,
      note,
      closedBy: actor.userId,
      closedByName: actor.name,
      closedAt: now,
      documents: figures.documents.count,
      grossSatang: figures.sales.grossSatang,
      discountSatang: figures.sales.discountSatang,
      vatSatang: figures.net.vatSatang,
      netSatang: figures.net.totalSatang,
      grandTotalSatang: report.grandTotal.afterSatang,
      journalHash,
      report,
    })
    .returning({ id: zReport.id });
  if (!row) throw new Error("closeTillDay: no row");
  return { id: row.id, documentNumber };
}

/** The note a Z closed by the system carries (kept in Thai, as printed). */
export const AUTO_CLOSE_NOTE =
  "ปิดยอดอัตโนมัติหลังเที่ยงคืน เพราะไม่มีผู้ปิดยอดของวันนั้น (Closed automatically after midnight)";

/**
 * The note of a zero Z: a day of a till in use on which it issued nothing (decision 0085).
 */
export const IDLE_DAY_NOTE =
  "ไม่มีการขายหรือเอกสารของเครื่องนี้ในวันนี้ ปิดยอดเป็นศูนย์อัตโนมัติหลังเที่ยงคืน (No sales: a zero Z closed automatically after midnight)";

/**
 * Closes a till's day with its Z report: today or a day before, once. The days before it that
 * have documents and no Z are closed first (automatically, with the note), so the Z reports of
 * a till follow its days and no day is missing.
 */
export async function closeTillDay(
  db: Database,
  actor: CloseDayActor,
  input: { tillId: string; day: string },
  now: Date = new Date(),
): Promise<CloseDayResult> {
  const choice = await tillOf(db, actor.shopId, input.tillId);
  if (!choice) return { ok: false, error: "not-found" };
  if (!bangkokDays(input.day)) return { ok: false, error: "bad-day" };
  if (input.day > bangkokIsoDate(now)) return { ok: false, error: "future" };
  // Asked twice: answered before anything is written (the transaction checks again).
  const [closedBefore] = await db
    .select({ documentNumber: zReport.documentNumber })
    .from(zReport)
    .where(and(eq(zReport.tillId, choice.id), eq(zReport.businessDate, input.day)));
  if (closedBefore) {
    return { ok: false, error: "already-closed", documentNumber: closedBefore.documentNumber };
  }
  const last = await lastZ(db, choice.id);
  if (last && last.businessDate > input.day) return { ok: false, error: "already-closed" };
  await closeOverdueTill(db, actor.shopId, choice, now, input.day, false);
  try {
    const closed = await db.transaction((tx) =>
      closeInTransaction(tx, actor, choice, input.day, now, false),
    );
    return { ok: true, ...closed };
  } catch (error) {
    if (error instanceof Refused) {
      return { ok: false, error: error.refusal, documentNumber: error.documentNumber };
    }
    throw error;
  }
}

/**
 * The days of one till to close before `before` (a Bangkok day), earliest first: only days
 * after its last Z can have documents without a Z (a document on a closed day is refused).
 * Every day from the till's first document on has its Z while the till is active, a zero Z on
 * a day it issued nothing (decision 0085); a retired till's idle days get none.
 */
async function daysToClose(db: DbExecutor, shopId: string, choice: TillChoice, before: string) {
  const previous = await lastZ(db, choice.id);
  const fromDay = previous ? addDays(previous.businessDate, 1) : null;
  const from = fromDay ? bangkokDays(fromDay)?.start : null;
  const until = bangkokDays(before)?.start;
  if (!until || (from && from >= until)) return [];
  const after = from ? sql`AND x.at >= ${from.toISOString()}::timestamptz` : sql``;
  const result = await db.execute<{ day: string }>(sql`
    SELECT DISTINCT to_char((x.at AT TIME ZONE ${BANGKOK_TIME_ZONE})::date, 'YYYY-MM-DD') AS day
      FROM (SELECT s.created_at AS at FROM sale s
             WHERE s.shop_id = ${shopId}::uuid AND ${saleOfTill("s", choice)}
            UNION ALL
            SELECT cn.created_at FROM credit_note cn JOIN sale s ON s.id = cn.sale_id
             WHERE cn.shop_id = ${shopId}::uuid AND ${saleOfTill("s", choice)}) x
     WHERE x.at < ${until.toISOString()}::timestamptz ${after}
     ORDER BY 1`);
  const withDocuments = result.rows.map((row) => row.day);
  const start = fromDay ?? withDocuments[0];
  if (choice.status !== "active" || start === undefined) return withDocuments;
  const every: string[] = [];
  for (let day = start; day < before; day = addDays(day, 1)) every.push(day);
  return every;
}

async function closeOverdueTill(
  db: Database,
  shopId: string,
  choice: TillChoice,
  now: Date,
  today: string = bangkokIsoDate(now),
  waitForDevice = true,
): Promise<number> {
  // Closed automatically, a till whose device may still hold sales (offline across midnight)
  // keeps its days open until the device has caught up past them (decision 0071): no sale it
  // sends is refused. An owner closing a day by hand closes the days before it regardless.
  const complete = waitForDevice ? await tillCompleteUntil(db, choice.id) : null;
  const completeDay = complete ? bangkokIsoDate(complete) : null;
  const before = completeDay !== null && completeDay < today ? completeDay : today;
  const days = await daysToClose(db, shopId, choice, before);
  let closed = 0;
  for (const day of days) {
    try {
      await db.transaction((tx) =>
        closeInTransaction(tx, { shopId, userId: null, name: "" }, choice, day, now, true),
      );
      closed += 1;
    } catch (error) {
      // Another request closed it a moment ago: what was asked is done.
      if (!(error instanceof Refused)) throw error;
    }
  }
  return closed;
}

/**
 * Closes, with the note, every day before today (Bangkok) of a till in use that has no Z (a
 * zero Z when it issued nothing, decision 0085): of one shop's tills, or of every shop's (the server's hourly round). Idempotent; the pages
 * of the Z reports, the X report and the journal call it before they read.
 */
export async function closeOverdueDays(
  db: Database,
  shopId: string | null,
  now: Date = new Date(),
): Promise<number> {
  const tills = await db
    .select({
      id: till.id,
      shopId: till.shopId,
      code: till.code,
      name: till.name,
      posNumber: till.posNumber,
      status: till.status,
    })
    .from(till)
    .where(shopId === null ? undefined : eq(till.shopId, shopId))
    .orderBy(asc(till.shopId), asc(till.code));
  let closed = 0;
  for (const each of tills) closed += await closeOverdueTill(db, each.shopId, each, now);
  return closed;
}

export interface ZReportRow {
  id: number;
  tillId: string;
  tillCode: string;
  businessDate: string;
  documentNumber: string;
  auto: boolean;
  closedByName: string;
  closedAt: Date;
  documents: number;
  netSatang: number;
  vatSatang: number;
  grandTotalSatang: number;
}

/** The shop's Z reports, newest first (of one till when asked), at most `limit`. */
export async function listZReports(
  db: DbExecutor,
  shopId: string,
  options: { tillId?: string | null; limit?: number } = {},
): Promise<ZReportRow[]> {
  const tillId = options.tillId && /^[0-9a-f-]{36}$/i.test(options.tillId) ? options.tillId : null;
  return db
    .select({
      id: zReport.id,
      tillId: zReport.tillId,
      tillCode: zReport.tillCode,
      businessDate: zReport.businessDate,
      documentNumber: zReport.documentNumber,
      auto: zReport.auto,
      closedByName: zReport.closedByName,
      closedAt: zReport.closedAt,
      documents: zReport.documents,
      netSatang: zReport.netSatang,
      vatSatang: zReport.vatSatang,
      grandTotalSatang: zReport.grandTotalSatang,
    })
    .from(zReport)
    .where(
      tillId
        ? and(eq(zReport.shopId, shopId), eq(zReport.tillId, tillId))
        : eq(zReport.shopId, shopId),
    )
    .orderBy(desc(zReport.businessDate), asc(zReport.tillCode))
    .limit(options.limit ?? 200);
}

/** One Z report as printed, or null when it is not the shop's. */
export async function getZReport(
  db: DbExecutor,
  shopId: string,
  id: number,
): Promise<TillDayReport | null> {
  const [row] = await db
    .select({ report: zReport.report })
    .from(zReport)
    .where(and(eq(zReport.shopId, shopId), eq(zReport.id, id)));
  return row ? (row.report as TillDayReport) : null;
}

/**
 * Whether each till's grand total is the sum of its Z reports' days, Z after Z (the running
 * total nobody resets, checked against the sum). The tills whose chain of totals breaks.
 */
export async function grandTotalBreaks(
  db: DbExecutor,
  shopId: string | null,
): Promise<{ tillId: string; documentNumber: string }[]> {
  const result = await db.execute<{ till_id: string; document_number: string }>(sql`
    SELECT till_id, document_number FROM (
      SELECT z.till_id, z.document_number, z.grand_total_satang,
             sum(z.net_satang) OVER (PARTITION BY z.till_id ORDER BY z.seq) AS running,
             z.seq, row_number() OVER (PARTITION BY z.till_id ORDER BY z.seq) AS position
        FROM z_report z
       WHERE ${shopId === null ? sql`true` : sql`z.shop_id = ${shopId}::uuid`}) r
     WHERE r.grand_total_satang <> r.running OR r.seq <> r.position
     ORDER BY till_id, seq`);
  return result.rows.map((row) => ({ tillId: row.till_id, documentNumber: row.document_number }));
}
