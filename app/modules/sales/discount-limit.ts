import type { Bill } from "./bill";

/*
 * How far a bill's discounts go, and whether a cashier gives them alone (issue 31, decision
 * 0059). The same pure code runs on the till (to ask for an approval before payment) and in
 * completeSale (which refuses a bill over the limit without one), so both agree.
 *
 * A share is in basis points (10 % = 1000), rounded UP: a discount a satang over the limit is
 * over it. A line's share is its discount over its price × quantity; the bill's share is the
 * bill discount over the bill after line discounts.
 */

export interface DiscountShares {
  /** The largest line discount of the bill, as a share of its line. */
  lineBasisPoints: number;
  /** The bill discount, as a share of the bill after line discounts. */
  billBasisPoints: number;
}

/** A share of `base` in basis points, rounded up; 0 of nothing is 0. */
function shareOf(part: number, base: number): number {
  if (part <= 0) return 0;
  if (base <= 0) return 10_000;
  return Math.min(10_000, Math.ceil((part * 10_000) / base));
}

/** The bill's discounts as shares: what a limit or an approval is compared with. */
export function discountShares(
  bill: Pick<Bill, "lines" | "subtotalSatang" | "billDiscountSatang">,
): DiscountShares {
  return {
    lineBasisPoints: Math.max(
      0,
      ...bill.lines.map((line) => shareOf(line.lineDiscountSatang, line.grossSatang)),
    ),
    billBasisPoints: shareOf(bill.billDiscountSatang, bill.subtotalSatang),
  };
}

/** Whether shares stay within a limit (or an approval): both of them. */
export function withinShares(shares: DiscountShares, limit: DiscountShares): boolean {
  return (
    shares.lineBasisPoints <= limit.lineBasisPoints &&
    shares.billBasisPoints <= limit.billBasisPoints
  );
}

/** The roles that give any discount without asking (owners and managers approve the others). */
export const DISCOUNT_APPROVER_ROLES = ["owner", "manager"] as const;

/** Whether a member of this role gives these discounts alone under the shop's limits. */
export function discountNeedsApproval(
  role: string,
  shares: DiscountShares,
  limit: DiscountShares,
): boolean {
  return (
    !(DISCOUNT_APPROVER_ROLES as readonly string[]).includes(role) && !withinShares(shares, limit)
  );
}
