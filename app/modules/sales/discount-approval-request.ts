import { z } from "zod";
import { MAX_BILL_SATANG } from "./bill";
import { MAX_SALE_LINES } from "./sale-contract";

/*
 * Apart from discount-limit.ts (the rule, which the till runs too): a zod schema built at a
 * module's top level stays in every bundle that imports the module, and this one is read only
 * on the server.
 */

const share = z.number().int().min(0).max(10_000);

/**
 * What the till sends to have a bill's discounts approved: the one contract of that request,
 * read by the route and by approveDiscount alike.
 */
export const discountApprovalRequestSchema = z.object({
  clientSaleId: z.uuid(),
  approverId: z.string().min(1).max(100),
  pin: z.string().max(20),
  shares: z.object({ lineBasisPoints: share, billBasisPoints: share }),
  /** The bill's line and bill discounts in all, satang. */
  discountSatang: z.number().int().min(0).max(MAX_BILL_SATANG),
  /**
   * The bill's prices typed below the list (issue 37, decision 0093), approved with its
   * discounts by the same PIN: each line's item and price, and how far below the list in all.
   */
  priceOverrides: z
    .object({
      lines: z
        .array(
          z.object({
            itemId: z.number().int().positive(),
            unitPriceSatang: z.number().int().min(0).max(MAX_BILL_SATANG),
          }),
        )
        .min(1)
        .max(MAX_SALE_LINES),
      belowSatang: z.number().int().min(0).max(MAX_BILL_SATANG),
    })
    .optional(),
});

export type DiscountApprovalRequest = z.infer<typeof discountApprovalRequestSchema>;
