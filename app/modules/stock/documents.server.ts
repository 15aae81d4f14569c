import { and, asc, eq, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import type { Lang } from "~/lib/i18n";
import { shownLocationNameSql } from "./location-name.server";
import {
  stockDocument,
  stockItem,
  stockLocation,
  stockMovement,
  type DocumentKind,
  type MovementKind,
} from "./schema";

export interface DocumentLine {
  movementId: number;
  lineNo: number;
  itemId: number;
  itemName: string;
  sku: string;
  unit: string;
  /** The item is archived now (a receipt of it gets a warning). */
  archived: boolean;
  locationId: number;
  locationName: string;
  kind: MovementKind;
  qty: number;
  locationQtyAfter: number;
  unitCostSatang: number;
  valueSatang: number;
  reason: string;
}

export interface StockDocumentView {
  id: number;
  /** Gapless per shop and kind: what documentNumber() prints. */
  number: number;
  kind: DocumentKind;
  reference: string;
  note: string;
  reversesDocumentId: number | null;
  /** The reversal that undid this document, if any (its id). */
  reversedBy: number | null;
  /** That reversal's number. */
  reversedByNumber: number | null;
  userName: string | null;
  createdAt: Date;
  lines: DocumentLine[];
}

/** A document of this shop with its movements in line order, or null (another shop's id too). */
export async function getStockDocument(
  db: DbExecutor,
  shopId: string,
  documentId: number,
  lang: Lang = "th",
): Promise<StockDocumentView | null> {
  if (!Number.isSafeInteger(documentId) || documentId <= 0) return null;
  const [document] = await db
    .select({
      id: stockDocument.id,
      number: stockDocument.number,
      kind: stockDocument.kind,
      reference: stockDocument.reference,
      note: stockDocument.note,
      reversesDocumentId: stockDocument.reversesDocumentId,
      reversedBy: sql<number | null>`(SELECT r.id FROM stock_document r
        WHERE r.reverses_document_id = ${stockDocument.id})`.mapWith((value) =>
        value === null ? null : Number(value),
      ),
      reversedByNumber: sql<number | null>`(SELECT r.number FROM stock_document r
        WHERE r.reverses_document_id = ${stockDocument.id})`.mapWith((value) =>
        value === null ? null : Number(value),
      ),
      userName: sql<string | null>`(SELECT u.name FROM app_user u
        WHERE u.id = ${stockDocument.userId})`,
      createdAt: stockDocument.createdAt,
    })
    .from(stockDocument)
    .where(and(eq(stockDocument.shopId, shopId), eq(stockDocument.id, documentId)));
  if (!document) return null;
  const lines = await db
    .select({
      movementId: stockMovement.id,
      lineNo: stockMovement.lineNo,
      itemId: stockMovement.itemId,
      itemName: stockItem.name,
      sku: stockItem.sku,
      unit: stockItem.unit,
      archived: sql<boolean>`${stockItem.status} = 'archived'`,
      locationId: stockMovement.locationId,
      locationName: shownLocationNameSql(lang),
      kind: stockMovement.kind,
      qty: stockMovement.qty,
      locationQtyAfter: stockMovement.locationQtyAfter,
      unitCostSatang: stockMovement.unitCostSatang,
      valueSatang: stockMovement.valueSatang,
      reason: stockMovement.reason,
    })
    .from(stockMovement)
    .innerJoin(stockItem, eq(stockItem.id, stockMovement.itemId))
    .innerJoin(stockLocation, eq(stockLocation.id, stockMovement.locationId))
    .where(and(eq(stockMovement.shopId, shopId), eq(stockMovement.documentId, documentId)))
    .orderBy(asc(stockMovement.lineNo), asc(stockMovement.id));
  return { ...document, lines };
}
