import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  discountApproval,
  itemOpenPrice,
  priceOverrideApproval,
  itemOptionGroup,
  optionChoice,
  optionGroup,
  sale,
  saleLine,
  shift,
  shiftMember,
  shop,
  shopSalesSetting,
  stockItem,
  stockRecipeComponent,
} from "~/db/schema";
import type { ShopRole } from "~/modules/shops";
import { tillDocumentNumber } from "~/modules/tills";
import { tillOfDevice } from "~/modules/tills/index.server";
import { cashierOfSwitch, TILL_SESSION_ROLES } from "~/modules/staff/index.server";
import { isTillDayClosed } from "./after-sale.server";
import {
  DISCOUNT_APPROVER_ROLES,
  discountNeedsApproval,
  discountShares,
  withinShares,
} from "./discount-limit";
import { type OpenPrice, overridesBelow, overridesCovered, typedLinePrice } from "./open-price";
import { LedgerError, runLedgerStatement, UnitError } from "~/modules/stock/index.server";
import {
  computeBill,
  computeBillRedeeming,
  settlePayments,
  type BillLineInput,
  type VatSetting,
  vatSettingOf,
} from "./bill";
import { isWholeQuantity, qtyFromSql, qtyToSql } from "~/lib/quantity";
import {
  type CompletedSale,
  type CompleteSaleRequest,
  completeSaleRequestSchema,
  type CompleteSaleResult,
  PAYMENT_DETAIL_FIELDS,
  type PaymentRequest,
  type SaleError,
  type SaleLineRequest,
} from "./sale-contract";
import type {
  SalePostFlag,
  SalePostPayload,
  SalePostPayment,
  SalePostPriceOverride,
  SalePostOption,
} from "./sale-post-payload.server";
import { paymentsAfterChange } from "./receipt-document";
import { readScaleLabel, scaleLabelLine } from "./scale-label";
import { markPrinted } from "./sale-document.server";
import { levelUnitPrice } from "./price-level";
import { lineOptions } from "./options";
import { levelBreaks } from "./price-levels.server";
import type { SaleSeller } from "./schema";
import { defaultSalesSettings, type SalesSettings } from "./settings.server";

/*
 * Completing a sale (issue 12; docs/decisions/0024-completing-a-sale.md). The till sends what
 * the cashier rang up; the server prices it again from the items and the shop's settings
 * (never from a price the till sent), checks the payments cover it, and writes it in ONE unit
 * of the ledger API's group commit: `sale_post` (drizzle/functions/sale_post.sql) takes the gapless
 * number, posts the `sale` stock movements and writes the sale with the cost they left with.
 * Refusals are typed results; only a fault (the database down, a bug) throws.
 */

export interface SaleActor {
  shopId: string;
  userId: string;
  /** Kept on the sale as printed: the record outlives a renamed or deleted account. */
  cashierName: string;
  /** A cashier's discounts past the shop's limits need an owner's or a manager's approval. */
  role: ShopRole;
  /**
   * The cashier's switch that holds this session (decision 0088), when one does: a bill made
   * since then that names no switch is still theirs, never the owner's.
   */
  heldSwitch?: { id: string; since: Date } | null;
}

/**
 * THE one place that turns a till quantity (thousandths) into what the stock ledger is sent:
 * the exact decimal ("1.255"). An item sold by weight or length takes fractions; any other
 * item only whole units (null: the line is refused as badQuantity, before the ledger would).
 */
export function ledgerQuantity(qtyMilli: number, measured: boolean): string | null {
  return measured || isWholeQuantity(qtyMilli) ? qtyToSql(qtyMilli) : null;
}

/** A cart line's item as the sale reads it (this shop's, any status). */
interface SaleItem {
  id: number;
  name: string;
  sku: string;
  unit: string;
  measured: boolean;
  priceSatang: number;
  status: string;
  /** Sold at a price typed at the till, within these bounds (decision 0093); null: not. */
  openPrice: OpenPrice | null;
  optionGroups: SaleItemOptionGroup[] | null;
}

/** An option group an item asks (decision 0092), with what each choice consumes. */
interface SaleItemOptionGroup {
  id: number;
  name: string;
  min: number;
  max: number;
  choices: {
    id: number;
    name: string;
    priceSatang: number;
    stockItemId: number | null;
    /** The ledger's decimal per unit sold ("0.018"), null without stock. */
    stockQty: string | null;
  }[];
}

const refuse = (error: SaleError): CompleteSaleResult => ({ ok: false, error });

/**
 * The request read with the contract's schema, or the refusal of a body that is not one: a
 * payment detail that is text but not a valid detail is that payment's error (the till checks
 * it too, but it is what the cashier typed); anything else is a request the till never sends.
 */
function readRequest(
  body: unknown,
): { ok: true; request: CompleteSaleRequest } | { ok: false; error: SaleError } {
  const parsed = completeSaleRequestSchema.safeParse(body);
  if (parsed.success) return { ok: true, request: parsed.data };
  const details = parsed.error.issues.map((issue) => {
    const [list, index, field] = issue.path;
    const isDetail =
      list === "payments" &&
      typeof index === "number" &&
      issue.code !== "invalid_type" &&
      (PAYMENT_DETAIL_FIELDS as readonly PropertyKey[]).includes(field ?? "");
    return isDetail ? index : null;
  });
  return details.every((index) => index !== null)
    ? { ok: false, error: { code: "badPaymentDetail", payment: Math.min(...details) } }
    : { ok: false, error: { code: "badRequest" } };
}

/** A payment's details as stored: a card's only with a card. */
/**
 * The payments as sale_post stores them: each with what it puts towards the bill (what a
 * non-cash payment charged, cash handed over minus the change, the change taken from the last
 * cash payments first) and what was tendered.
 */
function postedPayments(
  payments: readonly PaymentRequest[],
  changeSatang: number,
): SalePostPayment[] {
  return paymentsAfterChange(payments, changeSatang).map((payment) => ({
    method: payment.method,
    amount: payment.amountSatang,
    tendered: payment.tenderedSatang,
    reference: payment.reference,
    cardLast4: payment.cardLast4,
    approvalCode: payment.approvalCode,
  }));
}

/**
 * The earlier sale of the same clientSaleId, answered again when the request is the same bill
 * (the same items and quantities in the same order, and the same total); replayMismatch when
 * the id is reused for another bill. Null when no sale has this id.
 */
function saleContextQuery(db: Database) {
  return (
    db
      .select({
        seller: { name: shop.name, address: shop.address, phone: shop.phone, taxId: shop.taxId },
        settings: shopSalesSetting,
        item: {
          id: stockItem.id,
          name: stockItem.name,
          sku: stockItem.sku,
          unit: stockItem.unit,
          measured: stockItem.measured,
          priceSatang: stockItem.priceSatang,
          status: stockItem.status,
          // An open-price item's bounds (decision 0093); null for any other item.
          openPrice: sql<OpenPrice | null>`(SELECT jsonb_build_object('minSatang', o.min_satang,
              'maxSatang', o.max_satang) FROM ${itemOpenPrice} o WHERE o.item_id = ${stockItem.id})`,
          // A recipe item's components through every level (decision 0087): its sale moves
          // them, so the batch locks them with the rest. Null for an item without a recipe.
          components: sql<string[] | null>`(WITH RECURSIVE parts AS (
              SELECT r.component_item_id AS part, 1 AS depth FROM ${stockRecipeComponent} r
               WHERE r.item_id = ${stockItem.id}
              UNION
              SELECT r.component_item_id, p.depth + 1 FROM parts p
                JOIN ${stockRecipeComponent} r ON r.item_id = p.part
               WHERE p.depth < 16)
            SELECT array_agg(DISTINCT part)::text[] FROM parts)`,
          // The option groups it asks, in order, with their choices (decision 0092).
          optionGroups: sql<SaleItemOptionGroup[] | null>`(SELECT jsonb_agg(jsonb_build_object(
                'id', g.id, 'name', g.name, 'min', g.min_choices, 'max', g.max_choices,
                'choices', coalesce((SELECT jsonb_agg(jsonb_build_object('id', c.id,
                    'name', c.name, 'priceSatang', c.price_satang,
                    'stockItemId', c.stock_item_id, 'stockQty', c.stock_qty::text)
                    ORDER BY c.position, c.id)
                  FROM ${optionChoice} c WHERE c.group_id = g.id), '[]'::jsonb))
                ORDER BY iog.position, g.id)
              FROM ${itemOptionGroup} iog JOIN ${optionGroup} g ON g.id = iog.group_id
             WHERE iog.item_id = ${stockItem.id} AND g.shop_id = ${stockItem.shopId})`,
        },
        tillShift: { id: shift.id, openedByName: shift.openedByName },
        cashierInTillShift: shiftMember.userId,
        // The till of another open shift the cashier sells in, when they are in one.
        cashierShiftTill: sql<string | null>`(SELECT s2.till FROM ${shiftMember} m2
            JOIN ${shift} s2 ON s2.id = m2.shift_id
           WHERE m2.shop_id = ${shop}.id AND m2.user_id = ${sql.placeholder("userId")}
             AND s2.status = 'open' LIMIT 1)`,
        // An owner's or a manager's approval of this bill's discounts, when one was given.
        approval: {
          cashierId: discountApproval.cashierId,
          lineBasisPoints: discountApproval.lineBasisPoints,
          billBasisPoints: discountApproval.billBasisPoints,
          discountSatang: discountApproval.discountSatang,
        },
        // Whether the shop works in shifts right now: then every sale needs one.
        anyOpenShift: sql<boolean>`EXISTS (SELECT 1 FROM ${shift} s3
           WHERE s3.shop_id = ${shop}.id AND s3.status = 'open')`,
      })
      .from(shop)
      .leftJoin(shopSalesSetting, eq(shopSalesSetting.shopId, shop.id))
      // The till's open shift (at most one: shift_one_open_per_till), and whether the cashier
      // is one of its members: only then does the sale go into its drawer.
      .leftJoin(
        shift,
        and(
          eq(shift.shopId, shop.id),
          eq(shift.till, sql.placeholder("till")),
          eq(shift.status, "open"),
        ),
      )
      .leftJoin(
        shiftMember,
        and(eq(shiftMember.shiftId, shift.id), eq(shiftMember.userId, sql.placeholder("userId"))),
      )
      .leftJoin(
        discountApproval,
        and(
          eq(discountApproval.shopId, shop.id),
          eq(discountApproval.clientSaleId, sql.placeholder("clientSaleId")),
        ),
      )
      .leftJoin(
        stockItem,
        and(
          eq(stockItem.shopId, shop.id),
          sql`${stockItem.id} = ANY(${sql.placeholder("itemIds")}::bigint[])`,
        ),
      )
      .where(eq(shop.id, sql.placeholder("shopId")))
      .prepare("sale_context")
  );
}

// Prepared once per database handle: the till's hot path then skips parsing and planning
// (bench:sales runs it once per sale, beside the batches it competes with for the CPU).
const saleContextQueries = new WeakMap<Database, ReturnType<typeof saleContextQuery>>();

/**
 * What pricing a sale needs, in ONE round trip: the shop's seller block, its selling settings
 * (the defaults when it never saved any), the till's open shift with whether the cashier is
 * one of its members, the till of any other open shift the cashier is in, and the cart's items
 * of THIS shop (another shop's id simply is not found). Null when the shop does not exist.
 */
async function saleContext(
  db: Database,
  shopId: string,
  request: { userId: string; till: string; clientSaleId: string; itemIds: readonly number[] },
) {
  let query = saleContextQueries.get(db);
  if (!query) {
    query = saleContextQuery(db);
    saleContextQueries.set(db, query);
  }
  const { userId, till, clientSaleId } = request;
  const rows = await query.execute({
    shopId,
    userId,
    till,
    clientSaleId,
    itemIds: [...request.itemIds],
  });
  const [first] = rows;
  if (!first) return null;
  let settings: SalesSettings = defaultSalesSettings(shopId);
  if (first.settings) {
    const { updatedAt: _updatedAt, ...saved } = first.settings;
    settings = saved;
  }
  const itemsById = new Map(
    rows.flatMap((row) => (row.item ? [[row.item.id, row.item] as const] : [])),
  );
  return {
    seller: first.seller,
    settings,
    shift: shiftOfSale(first, settings.requireOpenShift),
    approval: first.approval,
    itemsById,
  };
}

/**
 * The shift the sale goes into, decided here and never by the till (issue 31, decision 0058):
 * the till's open shift when the cashier is one of its members. A cashier who is not sells
 * nothing at a till whose drawer is someone else's, nor at another till while they are in a
 * shift, nor outside any shift while the shop works in shifts (a till name the browser makes
 * up must not take cash past every drawer). Without any open shift the shop's rule decides.
 * `needsShift` goes to sale_post, which checks the shift again under its lock.
 */
function shiftOfSale(
  context: {
    tillShift: { id: number; openedByName: string } | null;
    cashierInTillShift: string | null;
    cashierShiftTill: string | null;
    anyOpenShift: boolean;
  },
  requireOpenShift: boolean,
): { ok: true; shiftId: number | null; needsShift: boolean } | { ok: false; error: SaleError } {
  const needsShift = requireOpenShift || context.anyOpenShift;
  const { tillShift } = context;
  if (tillShift) {
    return context.cashierInTillShift !== null
      ? { ok: true, shiftId: tillShift.id, needsShift }
      : { ok: false, error: { code: "notShiftMember", openedByName: tillShift.openedByName } };
  }
  if (context.cashierShiftTill !== null) {
    return { ok: false, error: { code: "shiftOnOtherTill", till: context.cashierShiftTill } };
  }
  return needsShift
    ? { ok: false, error: { code: "shiftRequired" } }
    : { ok: true, shiftId: null, needsShift };
}

async function earlierSale(
  db: Database,
  shopId: string,
  request: CompleteSaleRequest,
): Promise<CompleteSaleResult | null> {
  const [found] = await db
    .select({
      id: sale.id,
      documentKind: sale.documentKind,
      documentNumber: sale.documentNumber,
      totalSatang: sale.totalSatang,
      changeSatang: sale.changeSatang,
    })
    .from(sale)
    .where(and(eq(sale.shopId, shopId), eq(sale.clientSaleId, request.clientSaleId)))
    .limit(1);
  if (!found) return null;
  const lines = await db
    .select({ itemId: saleLine.itemId, qty: saleLine.qty })
    .from(saleLine)
    .where(and(eq(saleLine.shopId, shopId), eq(saleLine.saleId, found.id)))
    .orderBy(asc(saleLine.lineNo));
  const sameBill =
    found.totalSatang === request.expectedTotalSatang &&
    lines.length === request.lines.length &&
    lines.every((line, index) => {
      const asked = request.lines[index];
      if (!asked || asked.itemId !== line.itemId) return false;
      // A scale label's quantity is the label's (read again here), not what the till sent.
      return asked.scaleLabel != null || line.qty === asked.qtyMilli;
    });
  if (!sameBill) return refuse({ code: "replayMismatch" });
  const answer: CompletedSale = { ...found, replayed: true };
  return { ok: true, sale: answer };
}

/**
 * Completes a sale from the till's request as it arrived (the JSON body, read here with
 * completeSaleRequestSchema): priced again, written in one unit of the ledger, or refused
 * with a typed error.
 */
export async function completeSale(
  db: Database,
  actor: SaleActor,
  body: unknown,
): Promise<CompleteSaleResult> {
  const read = readRequest(body);
  if (!read.ok) return refuse(read.error);
  const { request } = read;
  const result = await completeRequest(db, actor, request);
  // The till printed the slip before the server had the sale (decision 0071): that print was
  // the original, so the server's first print of it is a copy. Said on a retry too.
  const printedAt = request.device?.printedAt;
  if (result.ok && printedAt) {
    const at = new Date(Math.min(Date.parse(printedAt), Date.now()));
    await markPrinted(db, actor.shopId, { doc: "sale", saleId: result.sale.id }, at);
  }
  return result;
}

/**
 * Who sold the bill: the session's member, or the cashier who took over the registered till
 * with their PIN (decision 0088), found from the server's own record of that switch and held
 * to a cashier's rules whatever their role. Null for a switch the server did not make for this
 * till and session while the sale was made.
 */
async function sellerOf(
  db: Database,
  actor: SaleActor,
  request: CompleteSaleRequest,
): Promise<SaleActor | null> {
  const { device } = request;
  const held = actor.heldSwitch;
  // A bill the till sends without its switch while a cashier holds the session (a forged
  // request, or a till that lost it) is the holder's if it was made since the switch; a bill
  // queued before it stays the session member's.
  const heldNow =
    held && (!device || correctedSoldAt(device, new Date()) >= held.since) ? held.id : undefined;
  const switchId = request.cashierSwitch ?? heldNow;
  if (switchId === undefined) return actor;
  if (!device || !(TILL_SESSION_ROLES as readonly ShopRole[]).includes(actor.role)) return null;
  const cashier = await cashierOfSwitch(db, {
    shopId: actor.shopId,
    sessionUserId: actor.userId,
    switchId,
    tillId: device.tillId,
    soldAt: correctedSoldAt(device, new Date()),
  });
  return cashier
    ? { shopId: actor.shopId, userId: cashier.userId, cashierName: cashier.name, role: "cashier" }
    : null;
}

async function completeRequest(
  db: Database,
  session: SaleActor,
  request: CompleteSaleRequest,
): Promise<CompleteSaleResult> {
  if (request.lines.length === 0) return refuse({ code: "empty" });
  const { shopId } = session;
  // The till's drawer is the session's (its shift); the bill, its cashier's (decision 0088).
  const actor = await sellerOf(db, session, request);
  if (!actor) {
    return (await earlierSale(db, shopId, request)) ?? refuse({ code: "cashierSwitchInvalid" });
  }

  const itemIds = [...new Set(request.lines.map((line) => line.itemId))];
  const { till } = request;
  const context = await saleContext(db, shopId, {
    userId: session.userId,
    till,
    clientSaleId: request.clientSaleId,
    itemIds,
  });
  if (!context) throw new Error(`completeSale: no shop ${shopId}`);
  const { seller, settings, itemsById } = context;
  // A refusal of a retried sale (prices changed since, an item archived since) would be
  // wrong: the first attempt's sale, when there is one, is the answer. Looked up only on
  // refusals; on the way to writing, sale_post finds the earlier sale itself (SL409).
  const refuseUnlessRetry = async (error: SaleError) =>
    (await earlierSale(db, shopId, request)) ?? refuse(error);

  if (!context.shift.ok) return refuseUnlessRetry(context.shift.error);
  const { shiftId } = context.shift;
  // The bill's price level (decision 0089): the shop's, or the request is not one the till sends.
  let breaksByItem: Map<number, { minQtyMilli: number; priceSatang: number }[]> | null = null;
  if (request.priceLevelId !== undefined) {
    breaksByItem = await levelBreaks(db, shopId, request.priceLevelId, itemIds);
    if (!breaksByItem) return refuseUnlessRetry({ code: "badRequest" });
  }

  const sold: {
    line: SaleLineRequest;
    item: SaleItem;
    billLine: BillLineInput;
    ledgerQty: string;
  }[] = [];
  // A registered till's sale happened already (decision 0071): the customer paid the prices it
  // shows and took the goods. It is kept as sold, what changed meanwhile flagged for the owner.
  const happened = request.device !== undefined;
  const flags: SalePostFlag[] = [];
  // Lines sold at a typed price (decision 0093), recorded with the sale.
  const typedLines: {
    index: number;
    itemId: number;
    qtyMilli: number;
    open: boolean;
    listSatang: number;
    /** The options' price on top of the item's (decision 0092). */
    optionsSatang: number;
    price: ReturnType<typeof typedLinePrice>;
  }[] = [];
  const options: SalePostOption[] = [];
  const optionItems = new Set<number>();
  for (const [index, line] of request.lines.entries()) {
    const item = itemsById.get(line.itemId);
    if (!item || (item.status !== "active" && !happened))
      return refuseUnlessRetry({ code: "itemUnavailable", line: index });
    if (item.status !== "active")
      flags.push({ line: index + 1, reason: "itemArchived", detail: {} });
    // The line's options (decision 0092): checked with the till's own rule and priced on top
    // of the level's price. A registered till's sale keeps what still exists, flagged.
    const groups = item.optionGroups ?? [];
    let optioned = lineOptions(groups, line.options ?? []);
    if (!optioned.ok) {
      const { ok: _ok, ...refusal } = optioned;
      if (!happened) {
        return refuseUnlessRetry({
          code: "options",
          line: index,
          reason: refusal.reason,
          group: refusal.group,
          limit:
            refusal.reason === "tooFew"
              ? refusal.min
              : refusal.reason === "tooMany"
                ? refusal.max
                : 0,
        });
      }
      flags.push({
        line: index + 1,
        reason: "optionsChanged",
        detail: { reason: refusal.reason, group: refusal.group },
      });
      const known = new Set(groups.flatMap((g) => g.choices.map((c) => c.id)));
      optioned = lineOptions(
        groups.map((g) => ({ ...g, min: 0, max: g.choices.length })),
        [...new Set(line.options ?? [])].filter((id) => known.has(id)),
      );
      if (!optioned.ok) throw new Error("completeSale: lenient options refused");
    }
    // The item's list price at the level; the options are priced on top of it, a typed price
    // (decision 0093) takes the item's price's place, not the options'.
    const baseList = levelUnitPrice(
      item.priceSatang,
      breaksByItem?.get(item.id),
      line.qtyMilli,
      breaksByItem !== null,
    ).unitPriceSatang;
    const listPrice = baseList + optioned.priceSatang;
    // A price the cashier typed (decision 0093): an open price within its bounds, or an
    // override; a scale label's line is priced by its label.
    const typed =
      line.scaleLabel == null
        ? typedLinePrice(baseList, line.typedPriceSatang, item.openPrice)
        : null;
    if (typed?.problem && !happened) {
      return refuseUnlessRetry({
        code: "openPrice",
        line: index,
        reason: typed.problem,
        minSatang: item.openPrice?.minSatang ?? null,
        maxSatang: item.openPrice?.maxSatang ?? null,
      });
    }
    // THE unit price (price-level.ts), the till's bill's too: the typed one when it stands.
    const priced =
      levelUnitPrice(
        item.priceSatang,
        breaksByItem?.get(item.id),
        line.qtyMilli,
        breaksByItem !== null,
        typed && !typed.problem ? line.typedPriceSatang : undefined,
      ).unitPriceSatang + optioned.priceSatang;
    if (typed && (item.openPrice || line.typedPriceSatang !== undefined)) {
      typedLines.push({
        index,
        itemId: item.id,
        qtyMilli: line.qtyMilli,
        open: item.openPrice !== null,
        listSatang: baseList,
        optionsSatang: optioned.priceSatang,
        price: typed,
      });
    }
    const soldAt = happened && line.scaleLabel == null ? line.unitPriceSatang : undefined;
    if (soldAt !== undefined && (soldAt !== priced || typed?.problem)) {
      flags.push({
        line: index + 1,
        reason: "priceChanged",
        detail: { listSatang: listPrice, soldSatang: soldAt },
      });
    }
    let billLine: BillLineInput = {
      unitPriceSatang: soldAt ?? priced,
      qtyMilli: line.qtyMilli,
      discount: line.discount ?? null,
    };
    if (line.scaleLabel != null) {
      const layout = settings.scaleLabelLayout;
      const read = layout ? readScaleLabel(line.scaleLabel, layout) : null;
      if (!read || !read.ok || read.label.itemCode !== item.sku) {
        return refuseUnlessRetry({ code: "badQuantity", line: index });
      }
      billLine = { ...scaleLabelLine(read.label, item.priceSatang), discount: billLine.discount };
    }
    if (billLine.qtyMilli <= 0) return refuseUnlessRetry({ code: "badQuantity", line: index });
    const ledgerQty = ledgerQuantity(billLine.qtyMilli, item.measured);
    if (ledgerQty === null) return refuseUnlessRetry({ code: "badQuantity", line: index });
    sold.push({ line, item, billLine, ledgerQty });
    for (const [position, chosen] of optioned.chosen.entries()) {
      const choice = groups.flatMap((g) => g.choices).find((c) => c.id === chosen.choiceId);
      const consumed =
        choice?.stockItemId != null && choice.stockQty !== null
          ? Math.round((billLine.qtyMilli * qtyFromSql(choice.stockQty)) / 1000)
          : 0;
      if (consumed > 0 && choice?.stockItemId != null) optionItems.add(choice.stockItemId);
      options.push({
        line: index + 1,
        position: position + 1,
        choice: chosen.choiceId,
        group: chosen.groupName,
        name: chosen.choiceName,
        price: chosen.priceSatang,
        item: consumed > 0 ? (choice?.stockItemId ?? null) : null,
        qty: consumed > 0 ? qtyToSql(consumed) : null,
      });
    }
  }

  // A registered till's sale is priced with the VAT setting it sold under (the slip says so);
  // a setting changed since is flagged. Its document kind follows that setting.
  const shopVat = vatSettingOf(settings);
  const vat = happened && request.vat ? request.vat : shopVat;
  if (happened && request.device && request.vat) {
    const taxed = request.device.kind === "abbreviatedTaxInvoice";
    if (taxed !== (vat.mode !== "none")) return refuseUnlessRetry({ code: "badRequest" });
    if (!sameVat(vat, shopVat)) {
      flags.push({
        line: null,
        reason: "vatChanged",
        detail: {
          listMode: shopVat.mode,
          listRateBasisPoints: shopVat.rateBasisPoints,
          soldMode: vat.mode,
          soldRateBasisPoints: vat.rateBasisPoints,
        },
      });
    }
  }
  const billInput = {
    lines: sold.map(({ billLine }) => billLine),
    billDiscount: request.billDiscount,
    vat,
  };
  const computed = computeBill(billInput);
  if (!computed.ok) return refuseUnlessRetry({ code: "bill", error: computed.error });
  // Points redeemed (decision 0082): a bill discount before VAT on top of the cashier's; the
  // discount limits below are the cashier's own discounts, without it.
  const redeemPoints = request.redeemPoints ?? 0;
  let redeemSatang = 0;
  if (redeemPoints > 0) {
    const offer = await pointsOffer(db, shopId, request.customerPhone ?? null);
    const refusePoints = (reason: "off" | "noCustomer" | "overBalance" | "overBill") =>
      refuseUnlessRetry({ code: "points", reason, balance: offer?.balance ?? 0 });
    if (!offer) return refusePoints("off");
    // A registered till's sale happened already: a balance short of it is limited and flagged
    // by points_sale, never refused here.
    if (!happened && !offer.known) return refusePoints("noCustomer");
    if (!happened && redeemPoints > offer.balance) return refusePoints("overBalance");
    redeemSatang = redeemPoints * offer.pointValueSatang;
    const left = computed.bill.subtotalSatang - computed.bill.billDiscountSatang;
    if (redeemSatang > left) return refusePoints("overBill");
  }
  const redeemed = computeBillRedeeming(billInput, redeemSatang);
  if (!redeemed.ok) return refuseUnlessRetry({ code: "bill", error: redeemed.error });
  const bill = redeemed.bill;
  if (bill.totalSatang !== request.expectedTotalSatang) {
    return refuseUnlessRetry({ code: "totalChanged", totalSatang: bill.totalSatang });
  }
  // A cashier's discounts past the shop's limits need an approval of this very bill, by its
  // own cashier's request, covering its shares and its discount in all (decision 0059).
  const shares = discountShares(computed.bill);
  const limit = {
    lineBasisPoints: settings.cashierMaxLineDiscountBasisPoints,
    billBasisPoints: settings.cashierMaxBillDiscountBasisPoints,
  };
  if (discountNeedsApproval(actor.role, shares, limit)) {
    const { approval } = context;
    const covered =
      approval !== null &&
      approval.cashierId === actor.userId &&
      withinShares(shares, approval) &&
      computed.bill.lineDiscountSatang + computed.bill.billDiscountSatang <=
        approval.discountSatang;
    if (!covered) return refuseUnlessRetry({ code: "discountNeedsApproval", shares, limit });
  }
  // A cashier's prices typed below the list need an approval of this very bill covering each
  // line (decision 0093, the rule of 0059); owners and managers set prices freely.
  const overrides = overridesBelow(typedLines.filter((typed) => !typed.open));
  let overrideApprover: { id: string; name: string } | null = null;
  if (
    overrides.lines.length > 0 &&
    !(DISCOUNT_APPROVER_ROLES as readonly string[]).includes(actor.role)
  ) {
    const [approval] = await db
      .select()
      .from(priceOverrideApproval)
      .where(
        and(
          eq(priceOverrideApproval.shopId, shopId),
          eq(priceOverrideApproval.clientSaleId, request.clientSaleId),
          eq(priceOverrideApproval.cashierId, actor.userId),
        ),
      );
    if (approval && overridesCovered(overrides.lines, overrides.belowSatang, approval)) {
      overrideApprover = { id: approval.approverId, name: approval.approverName };
    } else if (!happened) {
      return refuseUnlessRetry({ code: "priceNeedsApproval", ...overrides });
    } else {
      // A registered till's sale happened already: kept as sold, the owner told.
      for (const typed of typedLines) {
        if (typed.open || typed.price.belowSatang === 0) continue;
        flags.push({
          line: typed.index + 1,
          reason: "priceChanged",
          detail: { listSatang: typed.listSatang, soldSatang: typed.price.unitPriceSatang },
        });
      }
    }
  }
  const priceOverrides: SalePostPriceOverride[] = typedLines.flatMap((typed) => {
    const unitPrice =
      (sold[typed.index]?.billLine.unitPriceSatang ??
        typed.price.unitPriceSatang + typed.optionsSatang) - typed.optionsSatang;
    if (!typed.open && unitPrice === typed.listSatang) return [];
    const approved = !typed.open && typed.price.belowSatang > 0 ? overrideApprover : null;
    return [
      {
        line: typed.index + 1,
        open: typed.open,
        list: typed.listSatang,
        sold: unitPrice,
        approverId: approved?.id ?? null,
        approverName: approved?.name ?? null,
      },
    ];
  });
  const settled = settlePayments(bill.totalSatang, request.payments);
  if (!settled.ok) return refuseUnlessRetry({ code: "payment", error: settled.error });
  // Selling on account (decision 0083): a known customer on the bill, within their limit. A
  // registered till's sale happened already: account_sale charges and flags it, never refuses.
  const onAccount = request.payments.reduce(
    (sum, p) => (p.method === "account" ? sum + p.amountSatang : sum),
    0,
  );
  if (onAccount > 0 && !happened) {
    const account = await accountOffer(db, shopId, request.customerPhone ?? null);
    const headroomSatang = account?.limitSatang
      ? Math.max(0, account.limitSatang - account.balanceSatang)
      : 0;
    const refuseAccount = (reason: "noCustomer" | "noLimit" | "overLimit") =>
      refuseUnlessRetry({ code: "account", reason, headroomSatang });
    if (!account) return refuseAccount("noCustomer");
    if (account.limitSatang === null) return refuseAccount("noLimit");
    if (onAccount > headroomSatang) return refuseAccount("overLimit");
  }

  const sellerBlock: SaleSeller = {
    name: seller.name,
    address: seller.address,
    phone: seller.phone,
    taxId: seller.taxId,
    branchCode: settings.branchCode,
    posRegistrationNo: settings.posRegistrationNo,
    receiptHeader: settings.receiptHeader,
    receiptFooter: settings.receiptFooter,
    logoKey: settings.logoKey,
  };
  const numbered = await tillNumbering(db, shopId, request);
  if (!numbered.ok) return refuseUnlessRetry(numbered.error);
  const payload: SalePostPayload = {
    clientSaleId: request.clientSaleId,
    kind: numbered.kind ?? (settings.vatRegistered ? "abbreviatedTaxInvoice" : "receipt"),
    prefix: settings.vatRegistered ? settings.abbreviatedPrefix : settings.receiptPrefix,
    ...numbered.payload,
    till,
    shiftId,
    shiftRequired: context.shift.needsShift,
    cashierId: actor.userId,
    cashierName: actor.cashierName,
    note: request.note ?? "",
    customerPhone: request.customerPhone ?? null,
    redeemPoints: redeemPoints > 0 ? redeemPoints : null,
    redeemSatang: redeemPoints > 0 ? redeemSatang : null,
    priceLevelId: request.priceLevelId ?? null,
    seller: sellerBlock,
    vatMode: bill.vatMode,
    vatRate: bill.vatRateBasisPoints,
    gross: bill.grossSatang,
    lineDiscount: bill.lineDiscountSatang,
    billDiscountKind: request.billDiscount?.kind ?? null,
    billDiscountValue: discountValue(request.billDiscount),
    billDiscount: bill.billDiscountSatang,
    vatBase: bill.vatBaseSatang,
    vat: bill.vatSatang,
    nonVat: bill.nonVatSatang,
    total: bill.totalSatang,
    tendered: settled.tenderedSatang,
    change: settled.changeSatang,
    lines: sold.map(({ line, item, billLine, ledgerQty }, index) => {
      const priced = bill.lines[index];
      if (!priced) throw new Error("completeSale: the bill lost a line");
      return {
        item: item.id,
        ledgerQty,
        qtyMilli: billLine.qtyMilli,
        name: item.name,
        sku: item.sku,
        unit: item.unit,
        unitPrice: billLine.unitPriceSatang,
        labelAmount: billLine.amountSatang ?? null,
        discountKind: line.discount?.kind ?? null,
        discountValue: discountValue(line.discount),
        gross: priced.grossSatang,
        lineDiscount: priced.lineDiscountSatang,
        billDiscount: priced.billDiscountSatang,
        net: priced.netSatang,
        vatExempt: billLine.vatExempt ?? false,
        vat: priced.vatSatang,
        exVat: priced.exVatSatang,
        total: priced.totalSatang,
      };
    }),
    payments: postedPayments(request.payments, settled.changeSatang),
    flags,
    ...(priceOverrides.length > 0 ? { priceOverrides } : {}),
    options: options.length > 0 ? options : null,
  };

  try {
    const posted = await runLedgerStatement<Omit<CompletedSale, "replayed">>(db, shopId, {
      fn: "sale_post",
      // A recipe item's components move instead of it (decision 0087): locked with the rest.
      items: [
        ...new Set([
          ...itemIds,
          ...[...itemsById.values()].flatMap((item) => (item.components ?? []).map(Number)),
          // What the lines' options consume (decision 0092).
          ...optionItems,
        ]),
      ],
      payload,
    });
    const sale = { ...posted, id: Number(posted.id), replayed: false };
    return {
      ok: true,
      sale:
        numbered.clockSkewSeconds === null
          ? sale
          : { ...sale, clockSkewSeconds: numbered.clockSkewSeconds },
    };
  } catch (error) {
    if (error instanceof LedgerError) {
      const refused = error.error;
      if (refused.code === "insufficient") {
        return refuse({
          code: "notEnoughStock",
          line: refused.line - 1,
          availableMilli: Math.max(0, refused.available),
        });
      }
      // The item went from the shop between the read above and the post.
      if (refused.code === "notFound" && refused.line !== null) {
        return refuse({ code: "itemUnavailable", line: refused.line - 1 });
      }
    }
    // Another till's sale on account took the customer's headroom meanwhile (account_sale).
    if (error instanceof UnitError && error.state === "SA402") {
      const detail = JSON.parse(error.detail ?? "{}") as { headroom?: number };
      return refuse({
        code: "account",
        reason: "overLimit",
        headroomSatang: Number(detail.headroom ?? 0),
      });
    }
    // The till's day was closed by its Z report (decision 0072).
    if (isTillDayClosed(error)) return refuse({ code: "dayClosed" });
    // The till's shift closed between the read above and the post, and the shop requires one.
    if (error instanceof UnitError && error.state === "SL412") {
      return refuse({ code: "shiftRequired" });
    }
    // The registered till's number is not the next of its series (a gap, a repeat).
    if (error instanceof UnitError && error.state === "SL416") {
      const replay = await earlierSale(db, shopId, request);
      if (replay) return replay;
      const where = JSON.parse(error.detail ?? "{}") as { year?: number; lastSeq?: number | null };
      return refuse({
        code: "outOfSequence",
        year: Number(where.year),
        lastSeq: where.lastSeq ?? null,
      });
    }
    // The id was used before (SL409 from sale_post), or by a request racing this one in
    // another instance (the unique index): answer as a retry.
    if (
      error instanceof UnitError &&
      (error.state === "SL409" ||
        (error.state === "23505" && error.constraint === "sale_shop_client_id"))
    ) {
      const replay = await earlierSale(db, shopId, request);
      if (replay) return replay;
    }
    throw error;
  }
}

function sameVat(a: VatSetting, b: VatSetting): boolean {
  return a.mode === b.mode && (a.mode === "none" || a.rateBasisPoints === b.rateBasisPoints);
}

/** Five minutes: a till whose clock is further off is told (decision 0071). */
const CLOCK_SKEW_TOLD_MS = 5 * 60_000;

type TillNumbering =
  | {
      ok: true;
      kind: "receipt" | "abbreviatedTaxInvoice" | null;
      payload: Pick<
        SalePostPayload,
        "tillId" | "tillYear" | "tillSeq" | "documentNumber" | "soldAt" | "deviceSoldAt"
      >;
      clockSkewSeconds: number | null;
    }
  | { ok: false; error: SaleError };

/**
 * A registered till's sale: the till must be the shop's and this device the one bound to it;
 * its number (taken on the till, printed already) goes as it is, sale_post checking that it is
 * the next of the till's series; the till's clock is corrected by how far it was off when it
 * sent (the sale counts when it sold, by the server's clock). Without a till: the shop's series.
 */
async function tillNumbering(
  db: Database,
  shopId: string,
  request: CompleteSaleRequest,
  now: Date = new Date(),
): Promise<TillNumbering> {
  const device = request.device;
  if (!device) {
    return {
      ok: true,
      kind: null,
      payload: {
        tillId: null,
        tillYear: null,
        tillSeq: null,
        documentNumber: null,
        soldAt: null,
        deviceSoldAt: null,
      },
      clockSkewSeconds: null,
    };
  }
  const till = await tillOfDevice(db, shopId, device.tillId, device.token);
  if (!till) return { ok: false, error: { code: "tillNotRegistered" } };
  if (device.seq < 1 || device.year < 2500 || device.year > 3000) {
    return { ok: false, error: { code: "badRequest" } };
  }
  const skewMs = now.getTime() - Date.parse(device.sentAt);
  const soldAt = correctedSoldAt(device, now);
  return {
    ok: true,
    kind: device.kind,
    payload: {
      tillId: till.id,
      tillYear: device.year,
      tillSeq: device.seq,
      documentNumber: tillDocumentNumber(device.prefix, till.code, device.year, device.seq),
      soldAt: soldAt.toISOString(),
      deviceSoldAt: new Date(device.soldAt).toISOString(),
    },
    clockSkewSeconds: Math.abs(skewMs) > CLOCK_SKEW_TOLD_MS ? Math.round(skewMs / 1000) : null,
  };
}

/** When a till's sale was made by the server's clock: the till's, corrected by its skew. */
function correctedSoldAt(device: { soldAt: string; sentAt: string }, now: Date): Date {
  const skewMs = now.getTime() - Date.parse(device.sentAt);
  return new Date(Math.min(Date.parse(device.soldAt) + skewMs, now.getTime()));
}

function discountValue(discount: CompleteSaleRequest["billDiscount"]): number | null {
  if (!discount) return null;
  return discount.kind === "amount" ? discount.satang : discount.basisPoints;
}

/**
 * What a redemption needs to know (decision 0082): the shop's value of a point when its points
 * are on (null when off), whether the phone number is a customer of the shop, and their balance.
 * Read by table name: the customers module depends on sales, not the other way.
 */
async function pointsOffer(
  db: Database,
  shopId: string,
  phone: string | null,
): Promise<{ pointValueSatang: number; known: boolean; balance: number } | null> {
  const { rows } = await db.execute<{ value: number; known: boolean; balance: number }>(sql`
    SELECT ps.point_value_satang AS value, c.id IS NOT NULL AS known,
           coalesce(b.balance, 0) AS balance
      FROM points_setting ps
      LEFT JOIN customer c ON c.shop_id = ps.shop_id AND c.phone = ${phone}
      LEFT JOIN points_balance b ON b.customer_id = c.id AND b.shop_id = ps.shop_id
     WHERE ps.shop_id = ${shopId} AND ps.enabled`);
  const row = rows[0];
  return row
    ? { pointValueSatang: row.value, known: row.known, balance: Number(row.balance) }
    : null;
}

/**
 * What selling on account needs to know (decision 0083): the customer of the phone number, with
 * their credit limit (null: none) and what they owe; null when the shop has no such customer.
 * Read by table name: the customers module depends on sales, not the other way.
 */
async function accountOffer(
  db: Database,
  shopId: string,
  phone: string | null,
): Promise<{ limitSatang: number | null; balanceSatang: number } | null> {
  if (phone === null) return null;
  const { rows } = await db.execute<{ limit: string | null; balance: string | null }>(sql`
    SELECT a.limit_satang AS limit, coalesce(a.balance_satang, 0) AS balance
      FROM customer c
      LEFT JOIN customer_account a ON a.customer_id = c.id AND a.shop_id = c.shop_id
     WHERE c.shop_id = ${shopId} AND c.phone = ${phone}`);
  const row = rows[0];
  return row
    ? {
        limitSatang: row.limit === null ? null : Number(row.limit),
        balanceSatang: Number(row.balance ?? 0),
      }
    : null;
}
