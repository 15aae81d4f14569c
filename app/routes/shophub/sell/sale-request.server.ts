import { z } from "zod";
import { MAX_BILL_SATANG, MAX_QTY_MILLI, type CompleteSaleRequest } from "~/modules/sales";

/*
 * The till's JSON as the contract type. Shapes and bounds only: whether the sale adds up,
 * the stock suffices and the items are the shop's is completeSale's to answer (typed errors).
 */

const satang = z.number().int().min(0).max(MAX_BILL_SATANG);

const discount = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("amount"), satang }),
  z.object({ kind: z.literal("percent"), basisPoints: z.number().int().min(0).max(10_000) }),
]);

const saleRequest = z.object({
  clientSaleId: z.uuid(),
  till: z.string().trim().min(1).max(60),
  lines: z
    .array(
      z.object({
        itemId: z.number().int().positive(),
        qtyMilli: z.number().int().positive().max(MAX_QTY_MILLI),
        scaleLabel: z
          .string()
          .regex(/^\d{13}$/)
          .nullish(),
        discount: discount.nullish(),
      }),
    )
    .max(500),
  billDiscount: discount.nullish(),
  note: z.string().max(500).optional(),
  payments: z
    .array(
      z.object({
        method: z.enum(["cash", "promptpay", "transfer", "card"]),
        amountSatang: satang,
        reference: z.string().trim().max(100).optional(),
        cardLast4: z
          .string()
          .regex(/^\d{4}$/)
          .optional(),
        approvalCode: z.string().trim().max(20).optional(),
      }),
    )
    .max(10),
  expectedTotalSatang: satang,
});

/** The request, or null when the body is not one (the till never sends such a body). */
export function readSaleRequest(body: unknown): CompleteSaleRequest | null {
  const parsed = saleRequest.safeParse(body);
  return parsed.success ? (parsed.data satisfies CompleteSaleRequest) : null;
}
