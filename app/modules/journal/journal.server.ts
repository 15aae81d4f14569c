import { createHash } from "node:crypto";
import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import type pg from "pg";
import { type DbExecutor, poolOf } from "~/db/client.server";
import { bangkokDays } from "~/lib/dates";
import { journalEntry } from "./schema";
import { grandTotalBreaks } from "./till-day.server";

/*
 * The electronic journal (issue 35, decision 0072): every document a till issued, written by
 * triggers in the document's own transaction (drizzle/0035), chained per till by SHA-256 of
 * the entry's text (journal_hash_text) and the previous entry's hash. The check here reads
 * every entry in order through a cursor (memory stays flat), builds the same text, hashes it
 * again and follows the chain, so a changed, removed or inserted entry is found; it also finds
 * a document of the journal's time that has no entry, and a head that does not match the last
 * entry.
 */

export const GENESIS_HASH = "0".repeat(64);

export type JournalProblem =
  | { kind: "changed"; tillId: string; seq: number; documentNumber: string }
  | { kind: "broken-link"; tillId: string; seq: number; documentNumber: string }
  | { kind: "missing"; tillId: string; seq: number }
  | { kind: "head"; tillId: string; seq: number }
  | { kind: "no-entry"; documentKind: string; documentId: number; documentNumber: string };

export interface JournalCheck {
  ok: boolean;
  entries: number;
  tills: number;
  problems: JournalProblem[];
}

interface EntryRow {
  till_id: string;
  seq: string;
  kind: string;
  document_id: string;
  document_number: string;
  issued_us: string;
  prev_hash: string;
  hash: string;
  body: string;
}

/** The same text as journal_hash_text() in drizzle/0035, from the entry's stored parts. */
export function entryHash(row: Omit<EntryRow, "hash">): string {
  const text = [
    row.till_id,
    row.seq,
    row.kind,
    row.document_id,
    row.document_number,
    row.issued_us,
    row.prev_hash,
    row.body,
  ].join("|");
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/**
 * Runs `query` through a server-side cursor on a client of its own, `batch` rows at a time:
 * millions of rows pass through with the memory of one batch.
 */
export async function* cursorRows<T>(
  db: DbExecutor,
  query: { text: string; values: unknown[] },
  batch = 2000,
): AsyncGenerator<T[]> {
  const pool = poolOf(db);
  if (!pool) throw new Error("cursorRows: a database pool is needed");
  const client: pg.PoolClient = await pool.connect();
  let failed = false;
  try {
    await client.query("BEGIN READ ONLY");
    await client.query(`DECLARE journal_cursor NO SCROLL CURSOR FOR ${query.text}`, query.values);
    for (;;) {
      const result = await client.query<T & pg.QueryResultRow>(
        `FETCH ${batch} FROM journal_cursor`,
      );
      if (result.rows.length === 0) break;
      yield result.rows;
    }
    await client.query("COMMIT");
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    if (failed) await client.query("ROLLBACK").catch(() => {});
    client.release(failed);
  }
}

const ENTRY_COLUMNS = `e.till_id::text AS till_id, e.seq::text AS seq, e.kind,
  e.document_id::text AS document_id, e.document_number,
  ((extract(epoch FROM e.issued_at) * 1000000)::bigint)::text AS issued_us,
  e.prev_hash, e.hash, e.body::text AS body`;

/** Checks the journal of one shop (or of every shop): the hashes, the chain, the documents. */
export async function verifyJournal(
  db: DbExecutor,
  options: { shopId?: string | null; tillId?: string | null; maxProblems?: number } = {},
): Promise<JournalCheck> {
  const maxProblems = options.maxProblems ?? 100;
  const problems: JournalProblem[] = [];
  const add = (problem: JournalProblem) => {
    if (problems.length < maxProblems) problems.push(problem);
  };
  const where: string[] = [];
  const values: unknown[] = [];
  if (options.shopId) {
    values.push(options.shopId);
    where.push(`e.shop_id = $${values.length}::uuid`);
  }
  if (options.tillId) {
    values.push(options.tillId);
    where.push(`e.till_id = $${values.length}::uuid`);
  }
  const text = `SELECT ${ENTRY_COLUMNS} FROM journal_entry e
    ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY e.till_id, e.seq`;

  let entries = 0;
  const lastOf = new Map<string, { seq: number; hash: string }>();
  let current: string | null = null;
  let expectedSeq = 1;
  let previousHash = GENESIS_HASH;
  for await (const rows of cursorRows<EntryRow>(db, { text, values })) {
    for (const row of rows) {
      entries += 1;
      if (row.till_id !== current) {
        if (current !== null) lastOf.set(current, { seq: expectedSeq - 1, hash: previousHash });
        current = row.till_id;
        expectedSeq = 1;
        previousHash = GENESIS_HASH;
      }
      const seq = Number(row.seq);
      if (seq !== expectedSeq) {
        add({ kind: "missing", tillId: row.till_id, seq: expectedSeq });
      }
      if (row.prev_hash !== previousHash) {
        add({
          kind: "broken-link",
          tillId: row.till_id,
          seq,
          documentNumber: row.document_number,
        });
      }
      if (entryHash(row) !== row.hash) {
        add({ kind: "changed", tillId: row.till_id, seq, documentNumber: row.document_number });
      }
      expectedSeq = seq + 1;
      previousHash = row.hash;
    }
  }
  if (current !== null) lastOf.set(current, { seq: expectedSeq - 1, hash: previousHash });

  // Each till's head names its last entry: an entry taken off the end is found here.
  const heads = await db.execute<{ till_id: string; last_seq: string; last_hash: string }>(sql`
    SELECT till_id::text AS till_id, last_seq::text AS last_seq, last_hash FROM journal_till
     WHERE ${options.shopId ? sql`shop_id = ${options.shopId}::uuid` : sql`true`}
       AND ${options.tillId ? sql`till_id = ${options.tillId}::uuid` : sql`true`}`);
  for (const head of heads.rows) {
    const last = lastOf.get(head.till_id) ?? { seq: 0, hash: GENESIS_HASH };
    if (Number(head.last_seq) !== last.seq || head.last_hash !== last.hash) {
      add({ kind: "head", tillId: head.till_id, seq: Number(head.last_seq) });
    }
  }

  // Every document issued since its till's journal began has its entry.
  const missing = await db.execute<{ kind: string; id: string; number: string }>(sql`
    WITH docs AS (
      SELECT 'sale' AS kind, s.id, s.document_number AS number, s.shop_id,
             coalesce(s.till_id, (SELECT t.id FROM till t WHERE t.shop_id = s.shop_id AND t.code = 'P01')) AS till_id,
             s.received_at AS at
        FROM sale s
      UNION ALL
      SELECT 'void', s.id, s.document_number, s.shop_id,
             coalesce(s.till_id, (SELECT t.id FROM till t WHERE t.shop_id = s.shop_id AND t.code = 'P01')),
             s.voided_at
        FROM sale s WHERE s.status = 'void'
      UNION ALL
      SELECT 'creditNote', c.id, c.document_number, c.shop_id,
             coalesce(s.till_id, (SELECT t.id FROM till t WHERE t.shop_id = s.shop_id AND t.code = 'P01')),
             c.created_at
        FROM credit_note c JOIN sale s ON s.id = c.sale_id
      UNION ALL
      SELECT 'fullTaxInvoice', f.id, f.document_number, f.shop_id,
             coalesce(s.till_id, (SELECT t.id FROM till t WHERE t.shop_id = s.shop_id AND t.code = 'P01')),
             f.created_at
        FROM full_tax_invoice f JOIN sale s ON s.id = f.sale_id
      UNION ALL
      SELECT 'zReport', z.id, z.document_number, z.shop_id, z.till_id, z.closed_at FROM z_report z)
    SELECT d.kind, d.id::text AS id, d.number FROM docs d
      JOIN journal_till j ON j.till_id = d.till_id
     WHERE d.at >= j.began_at
       AND ${options.shopId ? sql`d.shop_id = ${options.shopId}::uuid` : sql`true`}
       AND ${options.tillId ? sql`d.till_id = ${options.tillId}::uuid` : sql`true`}
       AND NOT EXISTS (SELECT 1 FROM journal_entry e
                        WHERE e.kind = d.kind AND e.document_id = d.id AND e.till_id = d.till_id)
     ORDER BY d.kind, d.id
     LIMIT ${maxProblems}`);
  for (const row of missing.rows) {
    add({
      kind: "no-entry",
      documentKind: row.kind,
      documentId: Number(row.id),
      documentNumber: row.number,
    });
  }
  return { ok: problems.length === 0, entries, tills: heads.rows.length, problems };
}

export interface JournalEntryRow {
  id: number;
  tillId: string;
  seq: number;
  kind: string;
  documentId: number;
  documentNumber: string;
  issuedAt: Date;
  recordedAt: Date;
  prevHash: string;
  hash: string;
}

/** A till's entries of one Bangkok day (the page's list; the body is in the export). */
export async function journalEntriesOfDay(
  db: DbExecutor,
  shopId: string,
  tillId: string,
  day: string,
): Promise<JournalEntryRow[]> {
  const range = bangkokDays(day);
  if (!range) return [];
  return db
    .select({
      id: journalEntry.id,
      tillId: journalEntry.tillId,
      seq: journalEntry.seq,
      kind: journalEntry.kind,
      documentId: journalEntry.documentId,
      documentNumber: journalEntry.documentNumber,
      issuedAt: journalEntry.issuedAt,
      recordedAt: journalEntry.recordedAt,
      prevHash: journalEntry.prevHash,
      hash: journalEntry.hash,
    })
    .from(journalEntry)
    .where(
      and(
        eq(journalEntry.shopId, shopId),
        eq(journalEntry.tillId, tillId),
        gte(journalEntry.issuedAt, range.start),
        lt(journalEntry.issuedAt, range.end),
      ),
    )
    .orderBy(asc(journalEntry.seq))
    .limit(5000);
}

export interface JournalExportRow {
  till_code: string;
  seq: string;
  kind: string;
  document_number: string;
  issued_at: string;
  recorded_at: string;
  prev_hash: string;
  hash: string;
  body: string;
}

/**
 * A shop's journal entries recorded from one Bangkok day to another (a till's, or every till's),
 * in chain order, batch by batch through a cursor: for the CSV export, whatever its size.
 */
export function journalExportRows(
  db: DbExecutor,
  shopId: string,
  range: { from: string; to: string; tillId: string | null },
): AsyncGenerator<JournalExportRow[]> | null {
  const days = bangkokDays(range.from, range.to);
  if (!days) return null;
  const values: unknown[] = [shopId, days.start.toISOString(), days.end.toISOString()];
  let tillFilter = "";
  if (range.tillId) {
    values.push(range.tillId);
    tillFilter = `AND e.till_id = $4::uuid`;
  }
  return cursorRows<JournalExportRow>(db, {
    text: `SELECT t.code AS till_code, e.seq::text AS seq, e.kind, e.document_number,
                  to_char(e.issued_at AT TIME ZONE 'Asia/Bangkok', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS issued_at,
                  to_char(e.recorded_at AT TIME ZONE 'Asia/Bangkok', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS recorded_at,
                  e.prev_hash, e.hash, e.body::text AS body
             FROM journal_entry e LEFT JOIN till t ON t.id = e.till_id
            WHERE e.shop_id = $1::uuid AND e.issued_at >= $2::timestamptz
              AND e.issued_at < $3::timestamptz ${tillFilter}
            ORDER BY t.code, e.seq`,
    values,
  });
}

/** The sale ids of a till's slips recorded on one Bangkok day, in the journal's order. */
export async function slipsOfDay(
  db: DbExecutor,
  shopId: string,
  tillId: string,
  day: string,
): Promise<number[]> {
  const range = bangkokDays(day);
  if (!range) return [];
  const rows = await db
    .select({ documentId: journalEntry.documentId })
    .from(journalEntry)
    .where(
      and(
        eq(journalEntry.shopId, shopId),
        eq(journalEntry.tillId, tillId),
        eq(journalEntry.kind, "sale"),
        gte(journalEntry.issuedAt, range.start),
        lt(journalEntry.issuedAt, range.end),
      ),
    )
    .orderBy(asc(journalEntry.seq))
    .limit(2000);
  return rows.map((row) => row.documentId);
}

/** What `npm run journal:verify` prints: each problem on a line, in Thai and English. */
export async function journalCheckReport(
  db: DbExecutor,
  shopId: string | null,
): Promise<{ ok: boolean; lines: string[] }> {
  const [check, breaks] = await Promise.all([
    verifyJournal(db, { shopId, maxProblems: 1000 }),
    grandTotalBreaks(db, shopId),
  ]);
  const lines = check.problems.map(problemLine);
  for (const each of breaks) {
    lines.push(
      `ยอดขายสะสมไม่ตรงกับผลรวมของรายงาน Z: เครื่อง ${each.tillId} ${each.documentNumber} / grand total does not match the sum of the Z reports`,
    );
  }
  const ok = check.ok && breaks.length === 0;
  lines.push(
    ok
      ? `บันทึกอิเล็กทรอนิกส์ถูกต้อง: ${check.entries} รายการ ${check.tills} เครื่อง / journal intact: ${check.entries} entries, ${check.tills} tills`
      : `พบปัญหา ${lines.length} รายการ / ${lines.length} problem(s) found`,
  );
  return { ok, lines };
}

function problemLine(problem: JournalProblem): string {
  switch (problem.kind) {
    case "changed":
      return `รายการถูกแก้ไข: เครื่อง ${problem.tillId} ลำดับ ${problem.seq} (${problem.documentNumber}) / entry changed`;
    case "broken-link":
      return `ลำดับต่อเนื่องขาด: เครื่อง ${problem.tillId} ลำดับ ${problem.seq} (${problem.documentNumber}) / chain broken`;
    case "missing":
      return `รายการหายไป: เครื่อง ${problem.tillId} ลำดับ ${problem.seq} / entry missing`;
    case "head":
      return `รายการสุดท้ายไม่ตรงกับที่บันทึกไว้: เครื่อง ${problem.tillId} ลำดับ ${problem.seq} / last entry missing`;
    case "no-entry":
      return `เอกสารไม่มีในบันทึก: ${problem.documentKind} ${problem.documentNumber} / document without an entry`;
  }
}
