import { and, desc, eq } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { till, tillRefusedSale } from "./schema";
import { tillDocumentNumber } from "./till-series";

/*
 * A registered till's queued sale refused for good stays on its device, marked (decision
 * 0071); the server keeps a line of it too, so the owner's list of tills shows it wherever the
 * owner is. The line goes when the same sale is accepted later.
 */

export interface RefusedTillSale {
  id: number;
  tillCode: string;
  tillName: string;
  documentNumber: string;
  totalSatang: number;
  code: string;
  refusedAt: Date;
}

/** What the refused request named: its till, its number, its total, and why it was refused. */
export interface RefusedTillSaleInput {
  tillId: string;
  clientSaleId: string;
  prefix: string;
  year: number;
  seq: number;
  totalSatang: number;
  code: string;
  sentBy: string;
}

/** Keeps (or refreshes) the line of a refused sale; nothing for a till that is not the shop's. */
export async function recordRefusedTillSale(
  db: DbExecutor,
  shopId: string,
  input: RefusedTillSaleInput,
): Promise<void> {
  const [row] = await db
    .select({ code: till.code })
    .from(till)
    .where(and(eq(till.id, input.tillId), eq(till.shopId, shopId)));
  if (!row) return;
  const line = {
    shopId,
    tillId: input.tillId,
    clientSaleId: input.clientSaleId,
    documentNumber: tillDocumentNumber(input.prefix, row.code, input.year, input.seq),
    totalSatang: input.totalSatang,
    code: input.code,
    sentBy: input.sentBy,
    refusedAt: new Date(),
  };
  await db
    .insert(tillRefusedSale)
    .values(line)
    .onConflictDoUpdate({
      target: [tillRefusedSale.shopId, tillRefusedSale.clientSaleId],
      set: { code: line.code, sentBy: line.sentBy, refusedAt: line.refusedAt },
    });
}

/** The sale arrived after all: its refusal is history. */
export async function clearRefusedTillSale(
  db: DbExecutor,
  shopId: string,
  clientSaleId: string,
): Promise<void> {
  await db
    .delete(tillRefusedSale)
    .where(and(eq(tillRefusedSale.shopId, shopId), eq(tillRefusedSale.clientSaleId, clientSaleId)));
}

/** The shop's refused till sales still on their devices, latest first. */
export async function refusedTillSales(
  db: DbExecutor,
  shopId: string,
  limit = 100,
): Promise<RefusedTillSale[]> {
  return db
    .select({
      id: tillRefusedSale.id,
      tillCode: till.code,
      tillName: till.name,
      documentNumber: tillRefusedSale.documentNumber,
      totalSatang: tillRefusedSale.totalSatang,
      code: tillRefusedSale.code,
      refusedAt: tillRefusedSale.refusedAt,
    })
    .from(tillRefusedSale)
    .innerJoin(till, eq(till.id, tillRefusedSale.tillId))
    .where(eq(tillRefusedSale.shopId, shopId))
    .orderBy(desc(tillRefusedSale.refusedAt), desc(tillRefusedSale.id))
    .limit(limit);
}
