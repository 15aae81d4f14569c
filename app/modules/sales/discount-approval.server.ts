import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { hitRateLimit, type RateLimitRule } from "~/modules/platform/index.server";
import { checkApprovalPin } from "~/modules/shops/index.server";
import { discountApprovalRequestSchema } from "./discount-approval-request";
import type { DiscountShares } from "./discount-limit";
import { discountApproval, priceOverrideApproval } from "./schema";

/*
 * An owner's or a manager's approval of a bill's discounts at a cashier's till (issue 31,
 * decision 0059). The till asks for it before payment when the bill's discounts go past the
 * shop's limits for a cashier; completeSale then finds it by the bill's client sale id. Every
 * PIN attempt counts against both the approver and the cashier, so guessing a PIN at the till
 * stops after a few tries.
 */

export const APPROVAL_RATE_LIMITS = {
  /** Tries at one approver's PIN in a shop. */
  perApprover: { name: "discount-approval-approver", limit: 8, windowSeconds: 15 * 60 },
  /** Tries by one cashier, whatever approver they name. */
  perCashier: { name: "discount-approval-cashier", limit: 12, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

export type DiscountApprovalRefusal =
  /** Not the PIN of an owner or a manager of the shop who has one (one answer for all). */
  | { code: "wrongPin" }
  /** Too many tries: the till says when to try again. */
  | { code: "tooManyTries"; retryAfterSeconds: number }
  /** Shares a till could not have sent. */
  | { code: "badRequest" };

export type DiscountApprovalResult =
  | { ok: true; approverName: string; shares: DiscountShares }
  | { ok: false; error: DiscountApprovalRefusal };

/**
 * Records the approver's approval of discounts up to `shares` (and `discountSatang` in all) for
 * the bill `clientSaleId` rung up by `cashierId`, when `pin` is the approver's PIN, and of its
 * prices typed below the list when it names them (decision 0093). Asked again for the same bill
 * (a larger discount, a lower price), the new approval replaces the old.
 */
export async function approveDiscount(
  db: Database,
  actor: { shopId: string; cashierId: string },
  request: unknown,
): Promise<DiscountApprovalResult> {
  const parsed = discountApprovalRequestSchema.safeParse(request);
  if (!parsed.success) return { ok: false, error: { code: "badRequest" } };
  const input = parsed.data;
  const { shares } = input;
  for (const [rule, subject] of [
    [APPROVAL_RATE_LIMITS.perApprover, `${actor.shopId}:${input.approverId}`],
    [APPROVAL_RATE_LIMITS.perCashier, `${actor.shopId}:${actor.cashierId}`],
  ] as const) {
    const hit = await hitRateLimit(db, rule, subject);
    if (!hit.allowed) {
      return {
        ok: false,
        error: { code: "tooManyTries", retryAfterSeconds: hit.retryAfterSeconds },
      };
    }
  }
  const approver = await checkApprovalPin(db, actor.shopId, input.approverId, input.pin);
  if (!approver) return { ok: false, error: { code: "wrongPin" } };
  const { priceOverrides } = input;
  // Only prices to approve (decision 0093): no discount is recorded as approved.
  const discounts =
    !priceOverrides ||
    input.discountSatang > 0 ||
    shares.lineBasisPoints > 0 ||
    shares.billBasisPoints > 0;
  if (priceOverrides) {
    const overrideRow = {
      cashierId: actor.cashierId,
      approverId: approver.userId,
      approverName: approver.name,
      lines: priceOverrides.lines,
      belowSatang: priceOverrides.belowSatang,
      createdAt: sql`now()`,
    };
    await db
      .insert(priceOverrideApproval)
      .values({ shopId: actor.shopId, clientSaleId: input.clientSaleId, ...overrideRow })
      .onConflictDoUpdate({
        target: [priceOverrideApproval.shopId, priceOverrideApproval.clientSaleId],
        set: overrideRow,
      });
  }
  if (!discounts) return { ok: true, approverName: approver.name, shares };
  const row = {
    cashierId: actor.cashierId,
    approverId: approver.userId,
    approverName: approver.name,
    lineBasisPoints: shares.lineBasisPoints,
    billBasisPoints: shares.billBasisPoints,
    discountSatang: input.discountSatang,
    createdAt: sql`now()`,
  };
  await db
    .insert(discountApproval)
    .values({ shopId: actor.shopId, clientSaleId: input.clientSaleId, ...row })
    .onConflictDoUpdate({
      target: [discountApproval.shopId, discountApproval.clientSaleId],
      set: row,
    });
  return { ok: true, approverName: approver.name, shares };
}
