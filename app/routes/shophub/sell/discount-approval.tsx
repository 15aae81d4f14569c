import { useT } from "~/lib/i18n/use-translation";
import {
  type Bill,
  type DiscountShares,
  discountShares,
  formatBasisPoints,
  withinShares,
} from "~/modules/sales";

/*
 * A cashier's discount past the shop's limits (issue 31, decision 0059): before payment the
 * till asks an owner or a manager to pick their name and type their PIN on this device. The
 * approval covers this bill (its sale id) up to its shares and its discount in all; changing
 * the bill to give more asks again. completeSale checks the same, whatever the till does. The
 * dialog's form loads on demand (approval-form.tsx, the till's script budget).
 */

/** What an approval covers, as the till keeps it for the open bill. */
export interface Approval {
  clientSaleId: string;
  shares: DiscountShares;
  discountSatang: number;
  approverName: string;
  /** The prices typed below the list it covers (cart.ts pricesBelow, decision 0093). */
  below?: string;
}

export type ApprovalNeed =
  | { kind: "none" }
  | { kind: "approved"; approverName: string }
  | { kind: "needed"; shares: DiscountShares; discountSatang: number; below: string };

/**
 * Whether the open bill's discounts, or its prices typed below the list (`below`, decision
 * 0093), need an approval the till does not have yet. Discounts within the limit are asked as
 * none.
 */
export function approvalNeed(
  limit: DiscountShares | null,
  bill: Bill | null,
  clientSaleId: string,
  approval: Approval | null,
  below: string,
): ApprovalNeed {
  if (!limit || !bill) return { kind: "none" };
  const within = withinShares(discountShares(bill), limit);
  if (within && !below) return { kind: "none" };
  const shares = within ? { lineBasisPoints: 0, billBasisPoints: 0 } : discountShares(bill);
  const discountSatang = within ? 0 : bill.lineDiscountSatang + bill.billDiscountSatang;
  if (
    approval?.clientSaleId === clientSaleId &&
    withinShares(shares, approval.shares) &&
    discountSatang <= approval.discountSatang &&
    (!below || below === approval.below)
  ) {
    return { kind: "approved", approverName: approval.approverName };
  }
  return { kind: "needed", shares, discountSatang, below };
}

/** The line under the bill that says a discount needs, or has, an approval. */
export function ApprovalNote({
  need,
  limit,
}: {
  need: ApprovalNeed;
  limit: DiscountShares | null;
}) {
  const t = useT();
  if (need.kind === "none" || !limit) return null;
  return (
    <p
      className={`small mb-2 ${need.kind === "needed" ? "text-warning-emphasis" : "text-success"}`}
      data-testid="till-approval-note"
    >
      {need.kind !== "needed"
        ? t("shops.sell.approval.approvedBy", { name: need.approverName })
        : t(need.below ? "shops.sell.approval.priceNeeded" : "shops.sell.approval.needed", {
            line: formatBasisPoints(limit.lineBasisPoints),
            bill: formatBasisPoints(limit.billBasisPoints),
          })}
    </p>
  );
}
