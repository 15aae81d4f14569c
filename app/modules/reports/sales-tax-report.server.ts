import { sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { BANGKOK_ZONE } from "~/db/bangkok-zone";
import { bangkokDays } from "~/lib/dates";
import type { TaxMonth } from "./tax-month";

/*
 * The sales tax report (รายงานภาษีขาย, Revenue Code section 87) of one month, in integer satang
 * (decision 0068 records each rule and where it comes from):
 *
 * - One line per full tax invoice and per credit note. A full tax invoice issued for a sale
 *   replaces the sale's abbreviated invoice and bears its date (the Department's rule for a
 *   replacement invoice), so it stands on the sale's day and the slip leaves the day's sum:
 *   the sale counts once. A credit note stands on the day it was issued (section 82/10).
 * - Abbreviated tax invoices summed one line per Bangkok day and till (the till name the sale
 *   keeps, until registered tills land), with the first and last number of the day's slips at
 *   that till; the voided and replaced numbers inside that range are named on the line.
 * - A cancelled document is listed with no value: a full tax invoice whose sale was voided, a
 *   credit note of a sale voided before decision 0058 (such a note counts nowhere).
 * - Receipts (a shop not registered for VAT when it sold) are no tax invoices: they are left
 *   out and said beside the report, with their value, so it still adds up to the P&L.
 *
 * Money is what stands (drizzle/0029, decision 0058): the sales that are not void and the
 * credit notes whose sale is not void, exactly the P&L's output VAT less returned VAT
 * (`profitAndLoss().vat`), which a test holds to the satang.
 */

export type SalesTaxRemark =
  /** Slips of the day's range that were voided. */
  | { kind: "voided"; numbers: string[] }
  /** Slips of the day's range replaced by full tax invoices (slip → invoice). */
  | { kind: "replaced"; pairs: { slip: string; invoice: string }[] }
  /** A full tax invoice: the slip it replaces, and when it was written if not that day. */
  | { kind: "replaces"; slip: string; issuedOn: string | null }
  /** A credit note: the tax invoice it reduces and that invoice's day. */
  | { kind: "reduces"; number: string; day: string }
  /** A credit note's reason, as the note gives it. */
  | { kind: "reason"; reason: string }
  /** A cancelled document: its sale was voided. */
  | { kind: "cancelled" };

export interface SalesTaxLine {
  /** ลำดับ: 1, 2, 3… in the order of the report. */
  no: number;
  kind: "abbreviated" | "fullTaxInvoice" | "creditNote";
  /** The tax invoice's day, YYYY-MM-DD (Bangkok). */
  day: string;
  /** The document's number; an abbreviated line's first and last. */
  firstNumber: string;
  lastNumber: string;
  /** The till of an abbreviated line (the name the sales keep); null otherwise. */
  till: string | null;
  /** Slips in an abbreviated line's sum (voided and replaced ones are not). */
  documents: number;
  /** The buyer of a full tax invoice (and of a credit note of one); null for a consumer. */
  buyer: { name: string; taxId: string; branchCode: string } | null;
  /** Value of goods and services before VAT; negative on a credit note, 0 when cancelled. */
  valueSatang: number;
  vatSatang: number;
  /** The part of the value exempt from VAT (ภ.พ.30 box 3). */
  exemptSatang: number;
  cancelled: boolean;
  remarks: SalesTaxRemark[];
  /** The sale behind the line (a full tax invoice, a credit note), for a link. */
  saleId: number | null;
}

export interface SalesTaxTotals {
  valueSatang: number;
  vatSatang: number;
  exemptSatang: number;
}

export interface SalesTaxReport {
  month: TaxMonth;
  lines: SalesTaxLine[];
  totals: SalesTaxTotals;
  /** Receipts of the month (no tax invoices), net of their returns: not in the lines. */
  receipts: { count: number; valueSatang: number };
  counts: { abbreviated: number; fullTaxInvoices: number; creditNotes: number; voided: number };
}

const n = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
/** A credit note's amount as the report subtracts it (never -0, which prints as "-0.00"). */
const less = (value: unknown): number => 0 - n(value);

/** The month's first instant and the next month's (Bangkok). */
export function monthBounds(month: TaxMonth): { start: Date; end: Date } {
  const days = bangkokDays(month.range.from, month.range.to);
  if (!days) throw new RangeError("tax report: not a month");
  return days;
}

type DayTillRow = {
  day: string;
  till: string;
  kind: "receipt" | "abbreviatedTaxInvoice";
  first_number: string;
  last_number: string;
  documents: string;
  value: string | null;
  vat: string | null;
  exempt: string | null;
  voided: string[] | null;
  replaced: string[] | null;
};

/**
 * The month's slips by Bangkok day, till and kind: the first and last number (by year and
 * sequence, so a number past 999,999 sorts right), what the standing slips that no full tax
 * invoice replaced add up to, and the numbers voided or replaced.
 */
async function slipsByDayAndTill(db: DbExecutor, shopId: string, start: Date, end: Date) {
  const result = await db.execute<DayTillRow>(sql`
    SELECT (s.created_at AT TIME ZONE ${BANGKOK_ZONE})::date::text AS day, s.till,
           s.document_kind AS kind,
           (array_agg(s.document_number ORDER BY s.document_year, s.document_seq))[1]
             AS first_number,
           (array_agg(s.document_number ORDER BY s.document_year DESC, s.document_seq DESC))[1]
             AS last_number,
           count(*) FILTER (WHERE s.status <> 'void' AND f.id IS NULL) AS documents,
           sum(s.total_satang - s.vat_satang) FILTER (WHERE s.status <> 'void' AND f.id IS NULL)
             AS value,
           sum(s.vat_satang) FILTER (WHERE s.status <> 'void' AND f.id IS NULL) AS vat,
           sum(s.non_vat_satang) FILTER (WHERE s.status <> 'void' AND f.id IS NULL) AS exempt,
           array_agg(s.document_number ORDER BY s.document_year, s.document_seq)
             FILTER (WHERE s.status = 'void') AS voided,
           array_agg(s.document_number || ' ' || f.document_number
                     ORDER BY s.document_year, s.document_seq)
             FILTER (WHERE s.status <> 'void' AND f.id IS NOT NULL) AS replaced
      FROM sale s
      LEFT JOIN full_tax_invoice f ON f.sale_id = s.id
     WHERE s.shop_id = ${shopId} AND s.created_at >= ${start.toISOString()}::timestamptz
       AND s.created_at < ${end.toISOString()}::timestamptz
     GROUP BY 1, 2, 3
     ORDER BY 1, 2, 3`);
  return result.rows;
}

type InvoiceRow = {
  sale_id: string;
  number: string;
  issued_day: string;
  sale_day: string;
  slip: string;
  voided: boolean;
  buyer_name: string;
  buyer_tax_id: string;
  buyer_branch_code: string;
  value: string;
  vat: string;
  exempt: string;
};

/** The full tax invoices of the month's sales (on the sale's day, the slip's date). */
async function fullTaxInvoices(db: DbExecutor, shopId: string, start: Date, end: Date) {
  const result = await db.execute<InvoiceRow>(sql`
    SELECT s.id AS sale_id, f.document_number AS number,
           (f.created_at AT TIME ZONE ${BANGKOK_ZONE})::date::text AS issued_day,
           (s.created_at AT TIME ZONE ${BANGKOK_ZONE})::date::text AS sale_day,
           s.document_number AS slip, s.status = 'void' AS voided,
           f.buyer_name, f.buyer_tax_id, f.buyer_branch_code,
           s.total_satang - s.vat_satang AS value, s.vat_satang AS vat, s.non_vat_satang AS exempt
      FROM sale s
      JOIN full_tax_invoice f ON f.sale_id = s.id AND f.shop_id = s.shop_id
     WHERE s.shop_id = ${shopId} AND s.created_at >= ${start.toISOString()}::timestamptz
       AND s.created_at < ${end.toISOString()}::timestamptz
       AND s.document_kind = 'abbreviatedTaxInvoice'
     ORDER BY f.document_year, f.document_seq`);
  return result.rows;
}

type CreditNoteRow = {
  id: string;
  sale_id: string;
  number: string;
  day: string;
  reason: string;
  sale_kind: "receipt" | "abbreviatedTaxInvoice";
  sale_voided: boolean;
  value: string;
  vat: string;
  exempt: string;
  reduces: string;
  reduces_day: string;
  buyer_name: string | null;
  buyer_tax_id: string | null;
  buyer_branch_code: string | null;
};

/**
 * The month's credit notes with the buyer each names and the tax invoice each reduces: the sale's full tax invoice
 * when it was issued before the note (it replaced the slip), else the slip itself.
 */
async function creditNotes(db: DbExecutor, shopId: string, start: Date, end: Date) {
  const result = await db.execute<CreditNoteRow>(sql`
    SELECT c.id, c.sale_id, c.document_number AS number,
           (c.created_at AT TIME ZONE ${BANGKOK_ZONE})::date::text AS day, c.reason,
           s.document_kind AS sale_kind, s.status = 'void' AS sale_voided,
           c.ex_vat_satang AS value, c.vat_satang AS vat,
           (SELECT coalesce(sum(cl.ex_vat_satang), 0) FROM credit_note_line cl
              JOIN sale_line l ON l.id = cl.sale_line_id
             WHERE cl.credit_note_id = c.id AND l.vat_exempt) AS exempt,
           CASE WHEN f.created_at <= c.created_at THEN f.document_number
                ELSE s.document_number END AS reduces,
           (s.created_at AT TIME ZONE ${BANGKOK_ZONE})::date::text AS reduces_day,
           -- The buyer the note names: the one asked on the return of a slip (decision
           -- 0084), else the buyer of the sale's full tax invoice.
           CASE WHEN b.id IS NOT NULL THEN b.buyer_name ELSE f.buyer_name END AS buyer_name,
           CASE WHEN b.id IS NOT NULL THEN b.buyer_tax_id ELSE f.buyer_tax_id END AS buyer_tax_id,
           CASE WHEN b.id IS NOT NULL THEN b.buyer_branch_code ELSE f.buyer_branch_code END
             AS buyer_branch_code
      FROM credit_note c
      JOIN sale s ON s.id = c.sale_id
      LEFT JOIN full_tax_invoice f ON f.sale_id = c.sale_id
      LEFT JOIN credit_note_buyer b ON b.credit_note_id = c.id
     WHERE c.shop_id = ${shopId} AND c.created_at >= ${start.toISOString()}::timestamptz
       AND c.created_at < ${end.toISOString()}::timestamptz
     ORDER BY c.document_year, c.document_seq`);
  return result.rows;
}

/** Lines of one day in the report's order: the tills' slips, full tax invoices, credit notes. */
const KIND_ORDER: Record<SalesTaxLine["kind"], number> = {
  abbreviated: 0,
  fullTaxInvoice: 1,
  creditNote: 2,
};

/** The sales tax report of a month of the shop. */
export async function salesTaxReport(
  db: DbExecutor,
  shopId: string,
  month: TaxMonth,
): Promise<SalesTaxReport> {
  const { start, end } = monthBounds(month);
  const [slips, invoices, notes] = await Promise.all([
    slipsByDayAndTill(db, shopId, start, end),
    fullTaxInvoices(db, shopId, start, end),
    creditNotes(db, shopId, start, end),
  ]);
  const lines: Omit<SalesTaxLine, "no">[] = [];
  const receipts = { count: 0, valueSatang: 0 };
  let voided = 0;
  for (const row of slips) {
    if (row.kind === "receipt") {
      receipts.count += n(row.documents);
      receipts.valueSatang += n(row.value);
      continue;
    }
    const remarks: SalesTaxRemark[] = [];
    if (row.voided?.length) {
      voided += row.voided.length;
      remarks.push({ kind: "voided", numbers: row.voided });
    }
    if (row.replaced?.length) {
      remarks.push({
        kind: "replaced",
        pairs: row.replaced.map((pair) => {
          const [slip = "", invoice = ""] = pair.split(" ");
          return { slip, invoice };
        }),
      });
    }
    lines.push({
      kind: "abbreviated",
      day: row.day,
      firstNumber: row.first_number,
      lastNumber: row.last_number,
      till: row.till,
      documents: n(row.documents),
      buyer: null,
      valueSatang: n(row.value),
      vatSatang: n(row.vat),
      exemptSatang: n(row.exempt),
      cancelled: false,
      remarks,
      saleId: null,
    });
  }
  for (const row of invoices) {
    const cancelled = row.voided;
    lines.push({
      kind: "fullTaxInvoice",
      day: row.sale_day,
      firstNumber: row.number,
      lastNumber: row.number,
      till: null,
      documents: 1,
      buyer: { name: row.buyer_name, taxId: row.buyer_tax_id, branchCode: row.buyer_branch_code },
      valueSatang: cancelled ? 0 : n(row.value),
      vatSatang: cancelled ? 0 : n(row.vat),
      exemptSatang: cancelled ? 0 : n(row.exempt),
      cancelled,
      remarks: [
        {
          kind: "replaces",
          slip: row.slip,
          issuedOn: row.issued_day === row.sale_day ? null : row.issued_day,
        },
        ...(cancelled ? [{ kind: "cancelled" } as const] : []),
      ],
      saleId: Number(row.sale_id),
    });
  }
  for (const row of notes) {
    if (row.sale_kind === "receipt") {
      // A return of a receipt is no credit note in the tax sense: it nets the receipts.
      if (!row.sale_voided) receipts.valueSatang -= n(row.value);
      continue;
    }
    const cancelled = row.sale_voided;
    lines.push({
      kind: "creditNote",
      day: row.day,
      firstNumber: row.number,
      lastNumber: row.number,
      till: null,
      documents: 1,
      buyer:
        row.buyer_name !== null
          ? {
              name: row.buyer_name,
              taxId: row.buyer_tax_id ?? "",
              branchCode: row.buyer_branch_code ?? "",
            }
          : null,
      valueSatang: cancelled ? 0 : less(row.value),
      vatSatang: cancelled ? 0 : less(row.vat),
      exemptSatang: cancelled ? 0 : less(row.exempt),
      cancelled,
      remarks: [
        { kind: "reduces", number: row.reduces, day: row.reduces_day },
        { kind: "reason", reason: row.reason },
        ...(cancelled ? [{ kind: "cancelled" } as const] : []),
      ],
      saleId: Number(row.sale_id),
    });
  }
  lines.sort(
    (a, b) =>
      a.day.localeCompare(b.day) ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      (a.till ?? "").localeCompare(b.till ?? "") ||
      a.firstNumber.localeCompare(b.firstNumber),
  );
  const totals = { valueSatang: 0, vatSatang: 0, exemptSatang: 0 };
  for (const line of lines) {
    totals.valueSatang += line.valueSatang;
    totals.vatSatang += line.vatSatang;
    totals.exemptSatang += line.exemptSatang;
  }
  return {
    month,
    lines: lines.map((line, index) => ({ no: index + 1, ...line })),
    totals,
    receipts,
    counts: {
      abbreviated: lines.reduce((sum, l) => sum + (l.kind === "abbreviated" ? l.documents : 0), 0),
      fullTaxInvoices: invoices.length,
      creditNotes: lines.filter((l) => l.kind === "creditNote").length,
      voided,
    },
  };
}
