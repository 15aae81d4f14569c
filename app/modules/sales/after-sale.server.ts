import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import {
  creditNote,
  creditNoteBuyer,
  creditNoteLine,
  fullTaxInvoice,
  sale,
  saleLine,
  saleLineIngredient,
  shift,
  stockItem,
  stockMovement,
} from "~/db/schema";
import { bangkokIsoDate } from "~/lib/dates";
import { isWholeQuantity } from "~/lib/quantity";
import type { ShopRole } from "~/modules/shops";
import { currentShift, memberOpenShift } from "~/modules/shifts/index.server";
import { LedgerError, runLedgerWork, voidSaleMovements } from "~/modules/stock/index.server";
import {
  type BuyerForm,
  buyerFieldErrors,
  REASON_MAX,
  REFUND_METHODS,
  returnNeedsBuyer,
} from "./after-sale-forms";
import type { PaymentMethod } from "./bill";
import { buddhistYear, saleDocumentNumber } from "./document-number";
import { refundShare } from "./refund";
import { getSalesSettings, type SalesSettings } from "./settings.server";

/*
 * What happens to a sale after it completed: a void, a return of some lines (a credit note,
 * ใบลดหนี้) and a full tax invoice (ใบกำกับภาษีเต็มรูป) issued on request. A sale row is never
 * edited except to mark it void and to count what came back (`returned_qty`); everything else
 * is a document of its own with its own gapless number (docs/decisions: invoices, voids and
 * returns). Stock comes back through the ledger's `sale_void` movements, at the cost it left
 * with, in the same transaction as the rows here (runLedgerWork, decision 0014).
 */

/** Who asks: a member of the shop in a role (the route's gate checked the membership). */
export interface SaleUndoActor {
  shopId: string;
  userId: string;
  role: ShopRole;
}

interface SaleHead {
  id: number;
  status: "completed" | "void";
  cashierId: string;
  createdAt: Date;
  /** Whether the shift it was sold in is still open; null when it was sold without one. */
  shiftOpen: boolean | null;
  documentKind: "receipt" | "abbreviatedTaxInvoice";
  documentNumber: string;
}

/**
 * Whether the member may void this sale or take lines of it back: an owner or a manager
 * always; a cashier only their own sale, only when the shop allows it, and only within the
 * shift it was sold in (while that shift is open). A sale rung up without a shift (the shop
 * does not work in shifts) counts the day it was sold (Bangkok time) as its shift.
 */
export function mayUndoSale(
  actor: { userId: string; role: ShopRole },
  head: { cashierId: string; createdAt: Date; shiftOpen: boolean | null },
  settings: Pick<SalesSettings, "cashierMayVoidOwn">,
  now: Date = new Date(),
): boolean {
  if (actor.role === "owner" || actor.role === "manager") return true;
  return (
    actor.role === "cashier" &&
    settings.cashierMayVoidOwn &&
    head.cashierId === actor.userId &&
    (head.shiftOpen === null
      ? bangkokIsoDate(head.createdAt) === bangkokIsoDate(now)
      : head.shiftOpen)
  );
}

async function saleHead(db: DbExecutor, shopId: string, saleId: number): Promise<SaleHead | null> {
  const [row] = await db
    .select({
      id: sale.id,
      status: sale.status,
      cashierId: sale.cashierId,
      createdAt: sale.createdAt,
      shiftStatus: shift.status,
      documentKind: sale.documentKind,
      documentNumber: sale.documentNumber,
    })
    .from(sale)
    .leftJoin(shift, eq(shift.id, sale.shiftId))
    .where(and(eq(sale.shopId, shopId), eq(sale.id, saleId)))
    .limit(1);
  if (!row) return null;
  const { shiftStatus, ...head } = row;
  return { ...head, shiftOpen: shiftStatus === null ? null : shiftStatus === "open" };
}

/** Locks the sale for the rest of the transaction: voids and returns of one sale queue. */
async function lockSale(tx: DbExecutor, shopId: string, saleId: number) {
  const [row] = await tx
    .select({ status: sale.status, documentNumber: sale.documentNumber, till: sale.till })
    .from(sale)
    .where(and(eq(sale.shopId, shopId), eq(sale.id, saleId)))
    .for("update");
  return row ?? null;
}

async function linesOf(db: DbExecutor, shopId: string, saleId: number) {
  const rows = await db
    .select({
      id: saleLine.id,
      itemId: saleLine.itemId,
      qty: saleLine.qty,
      returnedQty: saleLine.returnedQty,
      totalSatang: saleLine.totalSatang,
      vatSatang: saleLine.vatSatang,
      movementId: saleLine.movementId,
      measured: stockItem.measured,
    })
    .from(saleLine)
    .innerJoin(stockItem, eq(stockItem.id, saleLine.itemId))
    .where(and(eq(saleLine.shopId, shopId), eq(saleLine.saleId, saleId)))
    .orderBy(saleLine.lineNo);
  return rows.map((row) => ({
    ...row,
    qtyMilli: row.qty,
    returnedMilli: row.returnedQty,
  }));
}

/**
 * The components' movements of recipe lines (decision 0087), each with the item it moved and
 * how much it took out (thousandths, positive).
 */
async function ingredientsOf(db: DbExecutor, shopId: string, saleLineIds: readonly number[]) {
  if (saleLineIds.length === 0) return [];
  return db
    .select({
      saleLineId: saleLineIngredient.saleLineId,
      movementId: saleLineIngredient.movementId,
      itemId: stockMovement.itemId,
      qtyMilli: sql<number>`(-${stockMovement.qty} * 1000)::bigint`.mapWith(Number),
    })
    .from(saleLineIngredient)
    .innerJoin(stockMovement, eq(stockMovement.id, saleLineIngredient.movementId))
    .where(
      and(
        eq(saleLineIngredient.shopId, shopId),
        inArray(saleLineIngredient.saleLineId, [...saleLineIds]),
      ),
    )
    .orderBy(saleLineIngredient.id);
}

/**
 * What giving `qtyMilli` of a recipe line back gives back of each component: its share of what
 * the line took out, the last of the line all that is still out (so nothing is left behind by
 * rounding).
 */
function ingredientShare(
  taken: number,
  line: { qtyMilli: number; returnedMilli: number },
  qtyMilli: number,
): number {
  if (line.returnedMilli + qtyMilli >= line.qtyMilli) {
    return taken - Math.round((taken * line.returnedMilli) / line.qtyMilli);
  }
  return (
    Math.round((taken * (line.returnedMilli + qtyMilli)) / line.qtyMilli) -
    Math.round((taken * line.returnedMilli) / line.qtyMilli)
  );
}

/** The next number of one of the shop's document sequences, in the caller's transaction. */
async function nextNumber(tx: DbExecutor, shopId: string, kind: string, year: number) {
  const result = await tx.execute<{ n: string | number }>(
    sql`SELECT next_document_number(${shopId}::uuid, ${kind}, ${year}) AS n`,
  );
  return Number(result.rows[0]?.n);
}

/**
 * Whether PostgreSQL refused the document because its till's day is closed by a Z report
 * (SQLSTATE ZR409 from till_day_is_open, drizzle/0035, decision 0072), however the error came
 * wrapped (the ledger's UnitError, drizzle's query error, pg's own).
 */
export function isTillDayClosed(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 4; depth += 1) {
    const { state, code } = cause as { state?: unknown; code?: unknown };
    if (state === "ZR409" || code === "ZR409") return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** Whether PostgreSQL raised SQLSTATE `state`, however the error came wrapped. */
function hasState(error: unknown, state: string): boolean {
  for (let cause = error, depth = 0; cause && depth < 4; depth += 1) {
    const found = cause as { state?: unknown; code?: unknown };
    if (found.state === state || found.code === state) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** Thrown inside a unit of work to roll it back and answer with a refusal. */
class Refused<E> extends Error {
  readonly refusal: E;
  constructor(refusal: E) {
    super("refused");
    this.refusal = refusal;
  }
}

function readReason(reason: string): string | null {
  const trimmed = reason.trim();
  return trimmed.length > 0 && trimmed.length <= REASON_MAX ? trimmed : null;
}

// ---- void ----------------------------------------------------------------------------------

export type VoidRefusal =
  | "not-found"
  | "not-allowed"
  | "already-void"
  | "reason-required"
  /** Lines of it came back on credit notes: the rest comes back on another one, not a void. */
  | "has-returns"
  /** Its till's day is closed by a Z report: a credit note takes it back instead. */
  | "day-closed";

export type VoidResult =
  { ok: true; saleId: number; stockDocumentId: number | null } | { ok: false; error: VoidRefusal };

/**
 * Voids a sale: its stock returns through `sale_void` movements at the cost it left with, and
 * the sale is marked void with the reason, who and when. Its number stays in the sequence;
 * nothing is deleted. A sale with a credit note is not voided (decision 0058): the note and
 * the sale are both tax documents that stand, and the rest is taken back on another note.
 */
export async function voidSale(
  db: Database,
  actor: SaleUndoActor,
  input: { saleId: number; reason: string },
  now: Date = new Date(),
): Promise<VoidResult> {
  const reason = readReason(input.reason);
  if (reason === null) return { ok: false, error: "reason-required" };
  const head = await saleHead(db, actor.shopId, input.saleId);
  if (!head) return { ok: false, error: "not-found" };
  const settings = await getSalesSettings(db, actor.shopId);
  if (!mayUndoSale(actor, head, settings, now)) return { ok: false, error: "not-allowed" };
  if (head.status === "void") return { ok: false, error: "already-void" };
  const known = await linesOf(db, actor.shopId, head.id);
  // Recipe lines' components and what options consumed (decisions 0087, 0092).
  const knownIngredients = await ingredientsOf(
    db,
    actor.shopId,
    known.map((l) => l.id),
  );
  const items = [
    ...new Set([...known.map((l) => l.itemId), ...knownIngredients.map((i) => i.itemId)]),
  ];
  try {
    return await runLedgerWork(db, actor.shopId, {
      items,
      run: async (tx): Promise<VoidResult> => {
        const locked = await lockSale(tx, actor.shopId, head.id);
        if (!locked) throw new Refused<VoidRefusal>("not-found");
        if (locked.status === "void") throw new Refused<VoidRefusal>("already-void");
        // Read under the sale's lock: a return that committed a moment ago is seen.
        const [returned] = await tx
          .select({ id: creditNote.id })
          .from(creditNote)
          .where(and(eq(creditNote.shopId, actor.shopId), eq(creditNote.saleId, head.id)))
          .limit(1);
        if (returned) throw new Refused<VoidRefusal>("has-returns");
        const lines = await linesOf(tx, actor.shopId, head.id);
        const out = lines.flatMap((line) =>
          line.movementId !== null && line.qtyMilli > line.returnedMilli
            ? [{ movementId: line.movementId, qty: line.qtyMilli - line.returnedMilli }]
            : [],
        );
        // A recipe line's components come back instead of it (decision 0087), and what a
        // line's options consumed with it (decision 0092).
        const recipeLines = lines.filter((line) => line.qtyMilli > line.returnedMilli);
        for (const part of await ingredientsOf(
          tx,
          actor.shopId,
          recipeLines.map((l) => l.id),
        )) {
          const line = recipeLines.find((l) => l.id === part.saleLineId);
          if (!line) continue;
          const qty = ingredientShare(part.qtyMilli, line, line.qtyMilli - line.returnedMilli);
          if (qty > 0) out.push({ movementId: part.movementId, qty });
        }
        let stockDocumentId: number | null = null;
        if (out.length > 0) {
          const posted = await voidSaleMovements(tx, {
            shopId: actor.shopId,
            userId: actor.userId,
            reference: locked.documentNumber,
            note: reason,
            lines: out,
          });
          stockDocumentId = posted.documentId;
        }
        await tx
          .update(sale)
          .set({
            status: "void",
            voidedAt: now,
            voidedBy: actor.userId,
            voidReason: reason,
            voidStockDocumentId: stockDocumentId,
          })
          .where(and(eq(sale.shopId, actor.shopId), eq(sale.id, head.id)));
        // Points (decision 0082): what the sale earned and redeemed goes back, in this transaction.
        await tx.execute(sql`SELECT points_undo(${actor.shopId}::uuid, ${head.id}::bigint, NULL)`);
        // On account (decision 0083): what the sale put on the customer's account comes off it.
        await tx.execute(sql`SELECT account_undo(${actor.shopId}::uuid, ${head.id}::bigint, NULL)`);
        return { ok: true, saleId: head.id, stockDocumentId };
      },
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, error: error.refusal as VoidRefusal };
    if (isTillDayClosed(error)) return { ok: false, error: "day-closed" };
    // Another void of the same movements won the race.
    if (error instanceof LedgerError && error.error.code === "alreadyReversed") {
      return { ok: false, error: "already-void" };
    }
    throw error;
  }
}

// ---- returns (credit notes) ----------------------------------------------------------------

export type ReturnRefusal =
  | { code: "not-found" }
  | { code: "not-allowed" }
  | { code: "void" }
  | { code: "reason-required" }
  | { code: "bad-refund-method" }
  | { code: "nothing-to-return" }
  /** A quantity that is not a positive whole number of thousandths the ledger can take. */
  | { code: "bad-quantity"; saleLineId: number }
  /** More than is still out on the line (sold minus what came back before). */
  | { code: "more-than-sold"; saleLineId: number; availableMilli: number }
  /** The till's day of today is closed by its Z report: the note is issued tomorrow. */
  | { code: "day-closed" }
  /**
   * The sale had only a slip: the note must name its buyer (s. 86/10, decision 0084), and the
   * buyer's details are missing or do not pass the form's rules (field name → message key).
   */
  | { code: "bad-buyer"; fields: Record<string, string> }
  /** Refunded on account past what the sale put on the customer's account (decision 0083). */
  | { code: "over-account" };

/** What a return of a slip without the buyer answers: each required field's message. */
const REQUIRED_BUYER: Record<string, string> = {
  buyerName: "shops.invoices.error.buyerNameRequired",
  buyerAddress: "shops.invoices.error.buyerAddressRequired",
  buyerTaxId: "shops.invoices.error.buyerTaxIdRequired",
};

export interface IssuedCreditNote {
  id: number;
  documentNumber: string;
  totalSatang: number;
  vatSatang: number;
}

export type ReturnResult =
  { ok: true; creditNote: IssuedCreditNote } | { ok: false; error: ReturnRefusal };

/**
 * Takes some lines of a sale back: a credit note with its own gapless number
 * ("CN2569-000001"), each line's money its exact share of what the line cost (VAT included,
 * refund.ts), the stock back through `sale_void` at the cost it left with, and the lines'
 * `returned_qty` raised. Never more than was sold; a void sale takes nothing back.
 */
export async function returnSaleLines(
  db: Database,
  actor: SaleUndoActor,
  input: {
    saleId: number;
    lines: readonly { saleLineId: number; qtyMilli: number }[];
    reason: string;
    refundMethod: PaymentMethod;
    /** Asked when the sale has only an abbreviated tax invoice (`returnNeedsBuyer`). */
    buyer?: { name: string; address: string; taxId: string; branchCode: string } | null;
  },
  now: Date = new Date(),
): Promise<ReturnResult> {
  const refuse = (error: ReturnRefusal): ReturnResult => ({ ok: false, error });
  const reason = readReason(input.reason);
  if (reason === null) return refuse({ code: "reason-required" });
  if (!(REFUND_METHODS as readonly string[]).includes(input.refundMethod)) {
    return refuse({ code: "bad-refund-method" });
  }
  // The same line named twice counts once with both quantities; zeros are left out.
  const wanted = new Map<number, number>();
  for (const line of input.lines) {
    if (!Number.isSafeInteger(line.qtyMilli) || line.qtyMilli < 0) {
      return refuse({ code: "bad-quantity", saleLineId: line.saleLineId });
    }
    if (line.qtyMilli === 0) continue;
    wanted.set(line.saleLineId, (wanted.get(line.saleLineId) ?? 0) + line.qtyMilli);
  }
  if (wanted.size === 0) return refuse({ code: "nothing-to-return" });

  const head = await saleHead(db, actor.shopId, input.saleId);
  if (!head) return refuse({ code: "not-found" });
  const settings = await getSalesSettings(db, actor.shopId);
  if (!mayUndoSale(actor, head, settings, now)) return refuse({ code: "not-allowed" });
  if (head.status === "void") return refuse({ code: "void" });
  // The buyer's details, checked whenever given; required when the sale has only its slip
  // (checked again under the sale's lock: a full tax invoice may have come meanwhile).
  const buyerChecked = input.buyer ? buyerFieldErrors(input.buyer) : null;
  if (buyerChecked && !buyerChecked.ok) {
    return refuse({ code: "bad-buyer", fields: buyerChecked.fields });
  }
  const buyer = buyerChecked?.ok ? buyerChecked.buyer : null;
  const known = await linesOf(db, actor.shopId, head.id);
  const items = new Set<number>();
  for (const saleLineId of wanted.keys()) {
    const line = known.find((l) => l.id === saleLineId);
    if (!line) return refuse({ code: "not-found" });
    // Only goods sold by weight or length come back in fractions of their unit.
    if (!line.measured && !isWholeQuantity(wanted.get(saleLineId) ?? 0)) {
      return refuse({ code: "bad-quantity", saleLineId });
    }
    items.add(line.itemId);
  }
  // A recipe line's components come back instead of it (decision 0087): locked with the rest.
  // What returned lines' options consumed comes back with them too (decision 0092).
  const recipeLineIds = known.filter((l) => wanted.has(l.id)).map((l) => l.id);
  for (const part of await ingredientsOf(db, actor.shopId, recipeLineIds)) items.add(part.itemId);

  try {
    return await runLedgerWork(db, actor.shopId, {
      items: [...items],
      run: async (tx): Promise<ReturnResult> => {
        const locked = await lockSale(tx, actor.shopId, head.id);
        if (!locked) throw new Refused<ReturnRefusal>({ code: "not-found" });
        if (locked.status === "void") throw new Refused<ReturnRefusal>({ code: "void" });
        const [invoice] = await tx
          .select({ id: fullTaxInvoice.id })
          .from(fullTaxInvoice)
          .where(and(eq(fullTaxInvoice.shopId, actor.shopId), eq(fullTaxInvoice.saleId, head.id)));
        const needsBuyer = returnNeedsBuyer(head.documentKind, invoice !== undefined);
        if (needsBuyer && buyer === null) {
          throw new Refused<ReturnRefusal>({ code: "bad-buyer", fields: REQUIRED_BUYER });
        }
        const lines = await linesOf(tx, actor.shopId, head.id);
        const returning = [...wanted].map(([saleLineId, qtyMilli]) => {
          const line = lines.find((l) => l.id === saleLineId);
          if (!line) throw new Refused<ReturnRefusal>({ code: "not-found" });
          const availableMilli = line.qtyMilli - line.returnedMilli;
          if (qtyMilli > availableMilli) {
            throw new Refused<ReturnRefusal>({
              code: "more-than-sold",
              saleLineId,
              availableMilli,
            });
          }
          return { line, qtyMilli, money: refundShare(line, line.returnedMilli, qtyMilli) };
        });
        const totalSatang = returning.reduce((sum, r) => sum + r.money.totalSatang, 0);
        const vatSatang = returning.reduce((sum, r) => sum + r.money.vatSatang, 0);
        // A credit note gives money back; free goods coming back are not one.
        if (totalSatang <= 0) throw new Refused<ReturnRefusal>({ code: "nothing-to-return" });

        // Each returned line's movement, or a recipe line's components' (decision 0087).
        const withStock: { owner: number; movementId: number; qty: number }[] = [];
        const parts = await ingredientsOf(
          tx,
          actor.shopId,
          returning.map((r) => r.line.id),
        );
        for (const [owner, r] of returning.entries()) {
          if (r.line.movementId !== null) {
            withStock.push({ owner, movementId: r.line.movementId, qty: r.qtyMilli });
          }
          // A recipe's components, and what the line's options consumed (decision 0092).
          for (const part of parts.filter((p) => p.saleLineId === r.line.id)) {
            const qty = ingredientShare(part.qtyMilli, r.line, r.qtyMilli);
            if (qty > 0) withStock.push({ owner, movementId: part.movementId, qty });
          }
        }
        const posted =
          withStock.length > 0
            ? await voidSaleMovements(tx, {
                shopId: actor.shopId,
                userId: actor.userId,
                reference: locked.documentNumber,
                note: reason,
                lines: withStock.map((w) => ({ movementId: w.movementId, qty: w.qty })),
              })
            : null;
        const costs = returning.map((_, owner) =>
          withStock.reduce(
            (sum, w, index) =>
              w.owner === owner
                ? sum + (posted?.movements.find((m) => m.line === index + 1)?.valueSatang ?? 0)
                : sum,
            0,
          ),
        );

        // The drawer a cash refund comes out of: the issuer's own shift, else the open shift of
        // the till the sale was rung up on (decision 0058).
        const drawer =
          (await memberOpenShift(tx, actor.shopId, actor.userId)) ??
          (await currentShift(tx, actor.shopId, locked.till));
        // The number after the items and the stock document's own (the lock order, 0014).
        const year = buddhistYear(now);
        const seq = await nextNumber(tx, actor.shopId, "creditNote", year);
        const documentNumber = saleDocumentNumber(settings.creditNotePrefix, year, seq);
        const [note] = await tx
          .insert(creditNote)
          .values({
            shopId: actor.shopId,
            saleId: head.id,
            documentYear: year,
            documentSeq: seq,
            documentNumber,
            reason,
            refundMethod: input.refundMethod,
            exVatSatang: totalSatang - vatSatang,
            vatSatang,
            totalSatang,
            costSatang: costs.reduce((a, b) => a + b, 0),
            stockDocumentId: posted?.documentId ?? null,
            shiftId: drawer?.id ?? null,
            issuedBy: actor.userId,
            createdAt: now,
          })
          .returning({ id: creditNote.id });
        if (!note) throw new Error("credit note not written");
        // In the note's transaction: its journal entry (written at commit) names the buyer.
        if (needsBuyer && buyer) {
          await tx.insert(creditNoteBuyer).values({
            shopId: actor.shopId,
            creditNoteId: note.id,
            buyerName: buyer.buyerName,
            buyerAddress: buyer.buyerAddress,
            buyerTaxId: buyer.buyerTaxId,
            buyerBranchCode: buyer.buyerBranchCode,
          });
        }
        await tx.insert(creditNoteLine).values(
          returning.map((r, index) => ({
            shopId: actor.shopId,
            creditNoteId: note.id,
            saleLineId: r.line.id,
            qty: r.qtyMilli,
            exVatSatang: r.money.exVatSatang,
            vatSatang: r.money.vatSatang,
            totalSatang: r.money.totalSatang,
            costSatang: costs[index] ?? 0,
          })),
        );
        for (const r of returning) {
          await tx
            .update(saleLine)
            .set({ returnedQty: r.line.returnedMilli + r.qtyMilli })
            .where(and(eq(saleLine.shopId, actor.shopId), eq(saleLine.id, r.line.id)));
        }
        // Points (decision 0082): the note takes back earned points and returns redeemed ones
        // in proportion to what it refunds, in this transaction.
        await tx.execute(
          sql`SELECT points_undo(${actor.shopId}::uuid, ${head.id}::bigint, ${note.id}::bigint)`,
        );
        // Refunded on account (decision 0083): the note's total comes off what the customer
        // owes, never more than the sale put on account (SA409).
        if (input.refundMethod === "account") {
          await tx.execute(
            sql`SELECT account_undo(${actor.shopId}::uuid, ${head.id}::bigint, ${note.id}::bigint)`,
          );
        }
        return {
          ok: true,
          creditNote: { id: note.id, documentNumber, totalSatang, vatSatang },
        };
      },
    });
  } catch (error) {
    if (error instanceof Refused) return refuse(error.refusal as ReturnRefusal);
    if (isTillDayClosed(error)) return refuse({ code: "day-closed" });
    if (hasState(error, "SA409")) return refuse({ code: "over-account" });
    throw error;
  }
}

// ---- full tax invoice ----------------------------------------------------------------------

export type FullInvoiceRefusal =
  | { code: "not-found" }
  /** Only an abbreviated tax invoice (a VAT-registered shop's sale) is replaced by a full one. */
  | { code: "not-vat" }
  | { code: "void" }
  /** The buyer's details do not pass the form's rules (field name → message key). */
  | { code: "bad-buyer"; fields: Record<string, string> };

export interface IssuedFullTaxInvoice {
  id: number;
  documentNumber: string;
}

export type FullInvoiceResult =
  | { ok: true; invoice: IssuedFullTaxInvoice; existing: boolean }
  | { ok: false; error: FullInvoiceRefusal };

/**
 * Issues the full tax invoice of a sale for a buyer, with its own gapless number
 * ("INV2569-000001"), replacing the abbreviated invoice. Once per sale: asked again, it
 * answers the invoice issued before (`existing`), whatever buyer the second request named.
 */
export async function issueFullTaxInvoice(
  db: Database,
  actor: SaleUndoActor,
  input: {
    saleId: number;
    buyer: { name: string; address: string; taxId: string; branchCode: string };
  },
  now: Date = new Date(),
): Promise<FullInvoiceResult> {
  const parsed = buyerFieldErrors(input.buyer);
  if (!parsed.ok) return { ok: false, error: { code: "bad-buyer", fields: parsed.fields } };
  const buyer: BuyerForm = parsed.buyer;
  const head = await saleHead(db, actor.shopId, input.saleId);
  if (!head) return { ok: false, error: { code: "not-found" } };
  const settings = await getSalesSettings(db, actor.shopId);

  return db.transaction(async (tx): Promise<FullInvoiceResult> => {
    const locked = await lockSale(tx, actor.shopId, head.id);
    if (!locked) return { ok: false, error: { code: "not-found" } };
    const [existing] = await tx
      .select({ id: fullTaxInvoice.id, documentNumber: fullTaxInvoice.documentNumber })
      .from(fullTaxInvoice)
      .where(and(eq(fullTaxInvoice.shopId, actor.shopId), eq(fullTaxInvoice.saleId, head.id)));
    if (existing) return { ok: true, invoice: existing, existing: true };
    if (head.documentKind !== "abbreviatedTaxInvoice") {
      return { ok: false, error: { code: "not-vat" } };
    }
    if (locked.status === "void") return { ok: false, error: { code: "void" } };
    const year = buddhistYear(now);
    const seq = await nextNumber(tx, actor.shopId, "fullTaxInvoice", year);
    const documentNumber = saleDocumentNumber(settings.fullInvoicePrefix, year, seq);
    const [row] = await tx
      .insert(fullTaxInvoice)
      .values({
        shopId: actor.shopId,
        saleId: head.id,
        documentYear: year,
        documentSeq: seq,
        documentNumber,
        buyerName: buyer.buyerName,
        buyerAddress: buyer.buyerAddress,
        buyerTaxId: buyer.buyerTaxId,
        buyerBranchCode: buyer.buyerBranchCode,
        issuedBy: actor.userId,
        createdAt: now,
      })
      .returning({ id: fullTaxInvoice.id });
    if (!row) throw new Error("full tax invoice not written");
    return { ok: true, invoice: { id: row.id, documentNumber }, existing: false };
  });
}
