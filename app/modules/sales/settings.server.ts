import { eq } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { lockedShopTaxId } from "~/modules/shops/index.server";
import { forgetCached, readThroughCache, SHOP_DATA_TAG } from "~/modules/platform/index.server";
import { shopSalesSetting } from "./schema";
import type { SalesSettingsValues } from "./settings-values";

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
    cashierMaxLineDiscountBasisPoints: 1000,
    cashierMaxBillDiscountBasisPoints: 1000,
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

/**
 * The settings as a page shows them (the till), through the instance's notified cache: a
 * trigger announces every change (drizzle/0028). A sale reads them afresh in its transaction
 * (getSalesSettings), so what it charges never comes from memory.
 */
export function salesSettingsForPage(db: Database, shopId: string): Promise<SalesSettings> {
  const tag = SHOP_DATA_TAG.selling(shopId);
  return readThroughCache(
    db,
    tag,
    () => getSalesSettings(db, shopId),
    () => ({ tags: [tag] }),
  );
}

/** Why the settings were not saved. */
export type SalesSettingsRefusal =
  /** VAT registration without the shop's 13-digit tax ID (its tax invoices must print it). */
  "vatNeedsTaxId";

export type UpdateSalesSettingsResult =
  | { ok: true; settings: SalesSettings; previousLogoKey: string | null }
  | { ok: false; error: SalesSettingsRefusal };

/**
 * Saves a shop's selling settings (the row is made on the first save). `logoKey`: a new
 * logo's key, null to take the logo off, left out to keep it. The answer names the logo the
 * row had before, so the caller deletes that file only once the new row is saved.
 */
export async function updateSalesSettings(
  db: Database,
  shopId: string,
  values: SalesSettingsValues & { logoKey?: string | null },
): Promise<UpdateSalesSettingsResult> {
  const result = await db.transaction(async (tx): Promise<UpdateSalesSettingsResult> => {
    // The shop's row is locked so that its tax ID cannot change between this check and the save.
    const owner = await lockedShopTaxId(tx, shopId);
    if (!owner) throw new Error(`updateSalesSettings: no shop ${shopId}`);
    if (values.vatRegistered && !owner.taxId) return { ok: false, error: "vatNeedsTaxId" };
    const [before] = await tx
      .select({ logoKey: shopSalesSetting.logoKey })
      .from(shopSalesSetting)
      .where(eq(shopSalesSetting.shopId, shopId))
      .for("update");
    const row = { ...values, updatedAt: new Date() };
    const [saved] = await tx
      .insert(shopSalesSetting)
      .values({ shopId, ...row })
      .onConflictDoUpdate({ target: shopSalesSetting.shopId, set: row })
      .returning();
    if (!saved) throw new Error("updateSalesSettings: the upsert returned no row");
    const { updatedAt: _updatedAt, ...settings } = saved;
    return { ok: true, settings, previousLogoKey: before?.logoKey ?? null };
  });
  // The page the form returns to reads them at once (the trigger's notice comes a moment later).
  if (result.ok) forgetCached(db, SHOP_DATA_TAG.selling(shopId));
  return result;
}
