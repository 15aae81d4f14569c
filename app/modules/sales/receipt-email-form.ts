import { z } from "zod";

/**
 * The e-receipt e-mail form (decision 0094): the customer's address, the one field the cashier
 * types. Read by the send route with readForm; the till's dialog loads without zod.
 */
export const receiptEmailFormSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254, { message: "shops.sell.ereceipt.error.email" })
    .pipe(z.email({ message: "shops.sell.ereceipt.error.email" })),
});
