import { eq } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { shopSalesSetting } from "./schema";

/** A shop's selling settings, as the till, the documents and the settings page read them. */
export type SalesSettings = Omit<typeof shopSalesSetting.$inferSelect, "updatedAt">;

/** What a shop sells with until its owner changes anything (the columns' defaults). */
export function defaultSalesSettings(shopId: string): SalesSettings {
  return {
    shopId,
    vatRegistered: false,
    pricesIncludeVat: true,
    vatRateBasisPoints: 700,
    branchCode: "00000",
    posRegistrationNo: "",
    promptPayId: null,
    receiptHeader: "",
    receiptFooter: "",
    logoKey: null,
    paperWidth: "80",
    receiptPrefix: "RC",
    abbreviatedPrefix: "ABB",
    fullInvoicePrefix: "INV",
    creditNotePrefix: "CN",
    scaleLabelLayout: null,
    cashierMayVoidOwn: false,
    requireOpenShift: false,
  };
}

/**
 * The shop's selling settings; a shop that never saved any sells with the defaults (no row is
 * written by reading, so opening the till writes nothing).
 */
export async function getSalesSettings(db: DbExecutor, shopId: string): Promise<SalesSettings> {
  const [row] = await db
    .select()
    .from(shopSalesSetting)
    .where(eq(shopSalesSetting.shopId, shopId))
    .limit(1);
  if (!row) return defaultSalesSettings(shopId);
  const { updatedAt: _updatedAt, ...settings } = row;
  return settings;
}
