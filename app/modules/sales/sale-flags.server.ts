import { and, desc, eq, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { sale, saleFlag, type SaleFlagReason, saleLine } from "./schema";

/** A registered till's sale kept as sold although the shop had changed, as the owner reads it. */
export interface FlaggedSale {
  id: number;
  saleId: number;
  documentNumber: string;
  till: string;
  soldAt: Date;
  reason: SaleFlagReason;
  /** The line's item as sold; null for the sale as a whole. */
  itemName: string | null;
  /** priceChanged: the list and the sold price; negativeStock: the balance after (units). */
  listSatang: number | null;
  soldSatang: number | null;
  balance: string | null;
  /** vatChanged: the shop's setting now and the one the till sold under. */
  vat: { list: FlaggedVat; sold: FlaggedVat } | null;
  /** pointsShort: the points the till redeemed, and what the customer's balance still covered. */
  points: { requested: number; redeemed: number } | null;
  /** accountOverLimit (decision 0083): put on account, the headroom left, whether the customer is known. */
  account: { owedSatang: number; headroomSatang: number; known: boolean } | null;
  /** optionsChanged (decision 0092): the option group that no longer fits, "" when none does. */
  optionGroup: string | null;
}

export interface FlaggedVat {
  mode: "inclusive" | "exclusive" | "none";
  rateBasisPoints: number;
}

/** The shop's latest flagged sales, newest first (decision 0071). */
export async function flaggedSales(
  db: DbExecutor,
  shopId: string,
  limit = 100,
): Promise<FlaggedSale[]> {
  const rows = await db
    .select({
      id: saleFlag.id,
      saleId: sale.id,
      documentNumber: sale.documentNumber,
      till: sale.till,
      soldAt: sale.createdAt,
      reason: saleFlag.reason,
      itemName: saleLine.itemName,
      listSatang: sql<string | null>`${saleFlag.detail}->>'listSatang'`,
      soldSatang: sql<string | null>`${saleFlag.detail}->>'soldSatang'`,
      balance: sql<string | null>`${saleFlag.detail}->>'balance'`,
      optionGroup: sql<string | null>`${saleFlag.detail}->>'group'`,
      detail: saleFlag.detail,
    })
    .from(saleFlag)
    .innerJoin(sale, eq(sale.id, saleFlag.saleId))
    .leftJoin(
      saleLine,
      and(eq(saleLine.saleId, saleFlag.saleId), eq(saleLine.lineNo, saleFlag.lineNo)),
    )
    .where(eq(saleFlag.shopId, shopId))
    .orderBy(desc(saleFlag.createdAt), desc(saleFlag.id))
    .limit(limit);
  return rows.map(({ detail, ...row }) => ({
    ...row,
    reason: row.reason as SaleFlagReason,
    vat: row.reason === "vatChanged" ? vatOf(detail) : null,
    points: row.reason === "pointsShort" ? pointsOf(detail) : null,
    account: row.reason === "accountOverLimit" ? accountOf(detail) : null,
    listSatang: row.listSatang === null ? null : Number(row.listSatang),
    soldSatang: row.soldSatang === null ? null : Number(row.soldSatang),
  }));
}

function pointsOf(detail: unknown): FlaggedSale["points"] {
  const read = detail as Record<string, number | undefined>;
  return { requested: Number(read.requested ?? 0), redeemed: Number(read.redeemed ?? 0) };
}

function accountOf(detail: unknown): FlaggedSale["account"] {
  const read = detail as Record<string, number | boolean | undefined>;
  return {
    owedSatang: Number(read.owed ?? 0),
    headroomSatang: Number(read.headroom ?? 0),
    known: read.known !== false,
  };
}

function vatOf(detail: unknown): FlaggedSale["vat"] {
  const read = detail as Record<string, string | number | undefined>;
  const one = (prefix: "list" | "sold"): FlaggedVat => ({
    mode: read[`${prefix}Mode`] as FlaggedVat["mode"],
    rateBasisPoints: Number(read[`${prefix}RateBasisPoints`] ?? 0),
  });
  return { list: one("list"), sold: one("sold") };
}
