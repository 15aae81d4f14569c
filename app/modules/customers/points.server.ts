import { and, desc, eq } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { sale } from "~/db/schema";
import { DEFAULT_POINTS_SCHEME, type PointsScheme } from "./points-scheme";
import { pointsBalance, pointsEntry, pointsSetting } from "./schema";

/*
 * Points (issue 37, decision 0082): the shop's scheme and a customer's balance and history.
 * The ledger itself is written by SQL functions in the sale's, the void's and the credit
 * note's own transactions (drizzle/functions/points_sale.sql, points_undo.sql).
 */

export async function pointsScheme(db: DbExecutor, shopId: string): Promise<PointsScheme> {
  const [row] = await db
    .select({
      enabled: pointsSetting.enabled,
      satangPerPoint: pointsSetting.satangPerPoint,
      pointValueSatang: pointsSetting.pointValueSatang,
    })
    .from(pointsSetting)
    .where(eq(pointsSetting.shopId, shopId));
  return row ?? DEFAULT_POINTS_SCHEME;
}

export async function savePointsScheme(
  db: DbExecutor,
  shopId: string,
  scheme: PointsScheme,
): Promise<void> {
  await db
    .insert(pointsSetting)
    .values({ shopId, ...scheme })
    .onConflictDoUpdate({
      target: pointsSetting.shopId,
      set: { ...scheme, updatedAt: new Date() },
    });
}

export async function customerPointsBalance(
  db: DbExecutor,
  shopId: string,
  customerId: string,
): Promise<number> {
  const [row] = await db
    .select({ balance: pointsBalance.balance })
    .from(pointsBalance)
    .where(and(eq(pointsBalance.shopId, shopId), eq(pointsBalance.customerId, customerId)));
  return row?.balance ?? 0;
}

export interface PointsHistoryRow {
  id: number;
  kind: "earn" | "redeem" | "void" | "return";
  points: number;
  valueSatang: number;
  balanceAfter: number;
  saleId: number | null;
  documentNumber: string | null;
  createdAt: Date;
}

/** A customer's latest points entries, newest first. */
export async function customerPointsHistory(
  db: DbExecutor,
  shopId: string,
  customerId: string,
  limit = 50,
): Promise<PointsHistoryRow[]> {
  const rows = await db
    .select({
      id: pointsEntry.id,
      kind: pointsEntry.kind,
      points: pointsEntry.points,
      valueSatang: pointsEntry.valueSatang,
      balanceAfter: pointsEntry.balanceAfter,
      saleId: pointsEntry.saleId,
      documentNumber: sale.documentNumber,
      createdAt: pointsEntry.createdAt,
    })
    .from(pointsEntry)
    .leftJoin(sale, eq(sale.id, pointsEntry.saleId))
    .where(and(eq(pointsEntry.shopId, shopId), eq(pointsEntry.customerId, customerId)))
    .orderBy(desc(pointsEntry.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, kind: row.kind as PointsHistoryRow["kind"] }));
}

/** What a sale moved in points: for the slip and the sale's page. */
export async function salePoints(
  db: DbExecutor,
  shopId: string,
  saleId: number,
): Promise<{ earned: number; redeemed: number; balance: number } | null> {
  const rows = await db
    .select({
      kind: pointsEntry.kind,
      points: pointsEntry.points,
      balanceAfter: pointsEntry.balanceAfter,
    })
    .from(pointsEntry)
    .where(and(eq(pointsEntry.shopId, shopId), eq(pointsEntry.saleId, saleId)))
    .orderBy(pointsEntry.id);
  if (rows.length === 0) return null;
  const sum = (kind: string) =>
    rows.filter((r) => r.kind === kind).reduce((a, r) => a + Math.abs(r.points), 0);
  const atSale = rows.filter((r) => r.kind === "earn" || r.kind === "redeem");
  return {
    earned: sum("earn"),
    redeemed: sum("redeem"),
    balance: atSale.at(-1)?.balanceAfter ?? 0,
  };
}
