import { and, eq } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { priceLevel } from "~/db/schema";
import { customer, customerPriceLevel } from "./schema";

/*
 * The price level a customer buys at (issue 37, decision 0089): the till puts it on the bill
 * when the customer is attached. Read and written within the member's shop only: another
 * shop's customer or level is never found.
 */

export interface CustomerLevel {
  id: number;
  name: string;
}

/** The customer's level, or null (ราคาปลีก). */
export async function customerPriceLevelOf(
  db: DbExecutor,
  shopId: string,
  customerId: string,
): Promise<CustomerLevel | null> {
  const [row] = await db
    .select({ id: priceLevel.id, name: priceLevel.name })
    .from(customerPriceLevel)
    .innerJoin(priceLevel, eq(priceLevel.id, customerPriceLevel.priceLevelId))
    .where(
      and(eq(customerPriceLevel.shopId, shopId), eq(customerPriceLevel.customerId, customerId)),
    );
  return row ?? null;
}

/**
 * Sets the customer's level (null: back to ราคาปลีก). False when the customer or the level is
 * not the shop's.
 */
export async function setCustomerPriceLevel(
  db: DbExecutor,
  shopId: string,
  customerId: string,
  levelId: number | null,
): Promise<boolean> {
  const [found] = await db
    .select({ id: customer.id })
    .from(customer)
    .where(and(eq(customer.shopId, shopId), eq(customer.id, customerId)));
  if (!found) return false;
  if (levelId === null) {
    await db
      .delete(customerPriceLevel)
      .where(
        and(eq(customerPriceLevel.shopId, shopId), eq(customerPriceLevel.customerId, customerId)),
      );
    return true;
  }
  const [level] = await db
    .select({ id: priceLevel.id })
    .from(priceLevel)
    .where(and(eq(priceLevel.shopId, shopId), eq(priceLevel.id, levelId)));
  if (!level) return false;
  await db
    .insert(customerPriceLevel)
    .values({ shopId, customerId, priceLevelId: levelId })
    .onConflictDoUpdate({
      target: customerPriceLevel.customerId,
      set: { priceLevelId: levelId },
    });
  return true;
}
