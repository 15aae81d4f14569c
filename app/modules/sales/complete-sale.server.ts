import type { DbExecutor } from "~/db/client.server";
import type { CompleteSaleRequest, CompleteSaleResult } from "./sale-contract";

/** Who completes the sale: the till's shop and the signed-in member at it. */
export interface SaleSellerContext {
  shopId: string;
  userId: string;
  cashierName: string;
}

/**
 * Completes a sale in one transaction. Written on the sale-complete branch; this branch (the
 * till page) only needs its signature, and the lead puts the real body in at the merge.
 */
export function completeSale(
  _db: DbExecutor,
  _seller: SaleSellerContext,
  _request: CompleteSaleRequest,
): Promise<CompleteSaleResult> {
  throw new Error("completeSale: merged from the sale-complete branch");
}
