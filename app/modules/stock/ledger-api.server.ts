import { sql } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { pgErrorOf } from "~/db/pg-error";
import { qtyFromSql, qtyToSql } from "~/lib/quantity";
import {
  stockErrorOf,
  type PostableDocumentKind,
  type StockError,
  type StockLine,
} from "./ledger.server";
import {
  runInShopBatch,
  runShopStatement,
  type ShopStatement,
  type ShopTransaction,
  type ShopUnit,
} from "./posting-queue.server";
import type { MovementKind } from "./schema";

/*
 * The ledger API another module (the till) calls to move stock together with ITS OWN rows in
 * one transaction, without losing the group commit (docs/decisions/0014-ledger-api-for-sales.md).
 * Two ways, both group-committed per shop (one batch of the shop at a time, one commit for
 * all the units waiting, every caller answered after the commit, live pages told after it,
 * a failing unit rolled back alone):
 *
 * 1. SQL units, the fast path for the till's sales (runLedgerStatement). The module writes
 *    `sale_post(p_shop uuid, p_sale jsonb) RETURNS jsonb` in its own migration: it calls
 *    `stock_post_movements(shop, 'sale', reference, note, user, lines)` (which answers the
 *    movements with their unit cost), writes the header, lines, payments and number, and
 *    raises errors of its own SQLSTATE class (e.g. 'SL...') to refuse. The batch goes to the
 *    database as one statement: one round trip however many tills wait.
 *
 *      const sale = await runLedgerStatement<SaleRow>(db, shopId, {
 *        fn: "sale_post", items: cart.map((line) => line.itemId), payload: sale,
 *      });
 *
 *    Quantities in the payload are the ledger's exact decimals in units, built from the
 *    thousandths with `qtyToSql` (~/lib/quantity): `{"qty": "1.255"}`; read them in SQL as
 *    `::numeric`. The movements come back with numeric quantities (5, 0.755).
 *
 * 2. TypeScript units (runLedgerWork), for the rarer writes where Drizzle reads better (a
 *    void, a credit note, a full tax invoice): the unit gets a Drizzle transaction, writes
 *    its rows and calls postMovements / voidSaleMovements. The batch's units run one after
 *    the other on one connection, so each costs its round trips while the batch holds the
 *    items (bench/README.md, "Ledger API": about half the rate of SQL units under load).
 *
 *      await runLedgerWork(db, shopId, {
 *        items: [itemA],
 *        run: async (tx) => {
 *          const posted = await voidSaleMovements(tx, { shopId, userId, lines });
 *          await tx.update(sale).set({ status: "void" }).where(eq(sale.id, saleId));
 *        },
 *      });
 */

/** A ledger rule refused the movements (not enough stock, unknown item, already voided...). */
export class LedgerError extends Error {
  // A plain field, not a constructor parameter property: the benchmarks run this file with
  // Node's type stripping, which does not support those.
  readonly error: StockError;
  constructor(error: StockError) {
    super(`stock ledger refused the movements: ${error.code}`);
    this.name = "LedgerError";
    this.error = error;
  }
}

/** One movement as the ledger wrote it. */
export interface PostedMovement {
  id: number;
  /** The line it came from (1-based, in the order given). */
  line: number;
  itemId: number;
  locationId: number;
  kind: MovementKind;
  /**
   * Signed, in thousandths of the item's unit (1.255 kg = 1255): negative out of the
   * location (a sale), positive into it (a void). So are locationQtyAfter and itemQtyAfter.
   */
  qty: number;
  /** The unit cost it moved at: for a sale, the moving average at that moment. */
  unitCostSatang: number;
  /** The change of stock value at cost (negative for a sale: the cost of goods sold). */
  valueSatang: number;
  locationQtyAfter: number;
  itemQtyAfter: number;
  /** For a sale_void: the sale movement it gives back. */
  reversesMovementId: number | null;
}

export interface PostedMovements {
  documentId: number;
  /** The stock document's own number (gapless per shop and kind). */
  number: number;
  movements: PostedMovement[];
}

/** A line that takes stock out or brings it in: a stock document's line, the item by id. */
export type MovementLine = Omit<StockLine, "itemId" | "itemText"> & { itemId: number };

/** Gives back (part of) what one sale movement took out, at the cost it left with. */
export interface VoidLine {
  movementId: number;
  /** Thousandths to give back; all that is still out when left out. */
  qty?: number;
  reason?: string;
}

/**
 * One movement as `stock_post_movements` answers it (jsonb). Quantities are the ledger's
 * decimals in units (1.255), read into thousandths by postedMovementsOf.
 */
export interface RawMovement {
  id: number;
  line: number;
  item: number;
  location: number;
  kind: MovementKind;
  qty: number | string;
  unitCost: number;
  value: number;
  locationQtyAfter: number | string;
  itemQtyAfter: number | string;
  reverses: number | null;
}

/** What `stock_post_movements` answers (also inside a SQL unit's own answer), typed. */
export function postedMovementsOf(posted: {
  id: number;
  number: number;
  movements: RawMovement[];
}): PostedMovements {
  return {
    documentId: Number(posted.id),
    number: Number(posted.number),
    movements: posted.movements.map((m) => ({
      id: Number(m.id),
      line: m.line,
      itemId: Number(m.item),
      locationId: Number(m.location),
      kind: m.kind,
      qty: qtyFromSql(m.qty),
      unitCostSatang: Number(m.unitCost),
      valueSatang: Number(m.value),
      locationQtyAfter: qtyFromSql(m.locationQtyAfter),
      itemQtyAfter: qtyFromSql(m.itemQtyAfter),
      reversesMovementId: m.reverses === null ? null : Number(m.reverses),
    })),
  };
}

async function post(
  tx: DbExecutor,
  input: { shopId: string; userId: string; kind: string; reference?: string; note?: string },
  lines: Record<string, unknown>[],
): Promise<PostedMovements> {
  try {
    const result = await tx.execute<{
      posted: { id: number; number: number; movements: RawMovement[] };
    }>(
      sql`SELECT stock_post_movements(${input.shopId}, ${input.kind}, ${input.reference ?? ""},
            ${input.note ?? ""}, ${input.userId}, ${JSON.stringify(lines)}::jsonb) AS posted`,
    );
    const posted = result.rows[0]?.posted;
    if (!posted) throw new Error("stock_post_movements returned nothing");
    return postedMovementsOf(posted);
  } catch (error) {
    const stockError = stockErrorOf(pgErrorOf(error) ?? {});
    if (stockError) throw new LedgerError(stockError);
    throw error;
  }
}

/**
 * Posts one document's movements inside the caller's transaction (a unit of runLedgerWork, or
 * any transaction) and returns them with their unit cost and value. Throws LedgerError when a
 * rule refuses them; the caller's transaction (or savepoint) must then roll back, which the
 * runner does by itself.
 */
export function postMovements(
  tx: DbExecutor,
  input: {
    shopId: string;
    userId: string;
    kind: PostableDocumentKind | "sale";
    reference?: string;
    note?: string;
    lines: MovementLine[];
  },
): Promise<PostedMovements> {
  return post(
    tx,
    input,
    input.lines.map((line, index) => ({
      line: index + 1,
      item: line.itemId,
      location: line.locationId,
      qty: line.qty === undefined ? undefined : qtyToSql(line.qty),
      unitCost: line.unitCostSatang,
      toLocation: line.toLocationId,
      counted: line.counted === undefined ? undefined : qtyToSql(line.counted),
      reason: line.reason,
    })),
  );
}

/**
 * Gives back what sale movements took out (a voided sale, or returned lines), each to the
 * place it left from at the cost it left with, as one `sale_void` document. A movement is
 * never given back more than it took (LedgerError "alreadyReversed" or "invalid").
 */
export function voidSaleMovements(
  tx: DbExecutor,
  input: { shopId: string; userId: string; reference?: string; note?: string; lines: VoidLine[] },
): Promise<PostedMovements> {
  return post(
    tx,
    { ...input, kind: "sale_void" },
    input.lines.map((line, index) => ({
      line: index + 1,
      movement: line.movementId,
      qty: line.qty === undefined ? undefined : qtyToSql(line.qty),
      reason: line.reason,
    })),
  );
}

/**
 * Runs a unit of work of the shop in a group-committed batch (posting-queue.server.ts): the
 * unit writes its own rows and calls postMovements / voidSaleMovements with the transaction it
 * is given. Resolves after the commit with what the unit returned; rejects with what it threw
 * (a LedgerError for a refused movement). Live pages hear of the change after the commit.
 */
export function runLedgerWork<T>(db: Database, shopId: string, unit: ShopUnit<T>): Promise<T> {
  return runInShopBatch(db, shopId, unit);
}

/**
 * A SQL unit that was rolled back by an error of its own that is not a ledger rule: the
 * caller's module maps its own SQLSTATE class (or 23505 for a replayed sale id) to its result.
 */
export class UnitError extends Error {
  readonly state: string;
  readonly detail: string | null;
  readonly constraint: string | null;
  constructor(error: {
    state: string;
    detail: string | null;
    message: string;
    constraint: string | null;
  }) {
    super(error.message);
    this.name = "UnitError";
    this.state = error.state;
    this.detail = error.detail;
    this.constraint = error.constraint;
  }
}

/**
 * THE FAST PATH (the till's sales): runs a unit of work written as a SQL function of the
 * caller's module, `fn(p_shop uuid, p_payload jsonb) RETURNS jsonb`, which writes its own rows
 * and calls `stock_post_movements` for its stock. The shop's waiting units go to the database
 * as ONE statement (`stock_run_units`): one round trip and one commit per batch, each unit in
 * its own subtransaction. Resolves after the commit with what `fn` returned; rejects with a
 * LedgerError (a ledger rule refused it) or a UnitError (the unit's own error), its writes
 * rolled back and the others' committed. Live pages hear of the change after the commit.
 */
export async function runLedgerStatement<T>(
  db: Database,
  shopId: string,
  unit: ShopStatement,
): Promise<T> {
  const result = await runShopStatement(db, shopId, unit);
  if ("ok" in result) return result.ok as T;
  const stockError = result.error.state.startsWith("SK")
    ? stockErrorOf({ code: result.error.state, detail: result.error.detail })
    : null;
  if (stockError) throw new LedgerError(stockError);
  throw new UnitError(result.error);
}

export type { ShopStatement, ShopTransaction, ShopUnit };
