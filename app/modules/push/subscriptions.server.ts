import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { Lang } from "~/lib/i18n";
import type { PushSubscriptionInput } from "./push-forms";
import { pushPreference, pushShopSetting, pushSubscription } from "./schema";

/** Defaults of a shop without push_shop_setting: ฿1,000 and 21:00. */
export const DEFAULT_REFUND_ALERT_SATANG = 100_000;
export const DEFAULT_CLOSING_MINUTE = 21 * 60;

/**
 * Keeps a browser's subscription for the member. A browser's endpoint is its own: subscribing
 * again (new keys) replaces the row, and an endpoint another account subscribed on the same
 * browser passes to this member (the device changed hands; the old account is told no more).
 */
export async function saveSubscription(
  db: Database,
  userId: string,
  input: Omit<PushSubscriptionInput, "notices"> & { notices: boolean },
  lang: Lang,
): Promise<number> {
  const [row] = await db
    .insert(pushSubscription)
    .values({
      userId,
      endpoint: input.endpoint,
      p256dh: input.p256dh,
      auth: input.auth,
      lang,
      notices: input.notices,
    })
    .onConflictDoUpdate({
      target: pushSubscription.endpoint,
      set: {
        userId,
        p256dh: input.p256dh,
        auth: input.auth,
        lang,
        notices: input.notices,
      },
    })
    .returning({ id: pushSubscription.id });
  if (!row) throw new Error("push_subscription upsert returned no row");
  return row.id;
}

/** Forgets the member's subscription of one browser (turned off on that device). */
export async function removeSubscription(
  db: Database,
  userId: string,
  endpoint: string,
): Promise<boolean> {
  const removed = await db
    .delete(pushSubscription)
    .where(and(eq(pushSubscription.userId, userId), eq(pushSubscription.endpoint, endpoint)))
    .returning({ id: pushSubscription.id });
  return removed.length > 0;
}

/** The member's subscribed devices: the profile page matches its own endpoint against these. */
export function listSubscriptions(db: Database, userId: string) {
  return db
    .select({
      endpoint: pushSubscription.endpoint,
      notices: pushSubscription.notices,
      createdAt: pushSubscription.createdAt,
      lastSentAt: pushSubscription.lastSentAt,
    })
    .from(pushSubscription)
    .where(eq(pushSubscription.userId, userId))
    .orderBy(pushSubscription.createdAt);
}

export interface PushChoices {
  lowStock: boolean;
  dailySummary: boolean;
  largeRefund: boolean;
  shiftDifference: boolean;
}

export interface ShopPushSettings {
  refundAlertSatang: number;
  closingMinute: number;
}

/** The member's choices and the owner's settings for these shops (defaults where none). */
export async function pushChoicesOf(
  db: Database,
  userId: string,
  shopIds: readonly string[],
): Promise<Map<string, { choices: PushChoices; settings: ShopPushSettings }>> {
  const result = new Map<string, { choices: PushChoices; settings: ShopPushSettings }>();
  if (shopIds.length === 0) return result;
  const [choices, settings] = await Promise.all([
    db
      .select()
      .from(pushPreference)
      .where(and(eq(pushPreference.userId, userId), inArray(pushPreference.shopId, [...shopIds]))),
    db
      .select()
      .from(pushShopSetting)
      .where(inArray(pushShopSetting.shopId, [...shopIds])),
  ]);
  for (const shopId of shopIds) {
    const mine = choices.find((row) => row.shopId === shopId);
    const shop = settings.find((row) => row.shopId === shopId);
    result.set(shopId, {
      choices: {
        lowStock: mine?.lowStock ?? true,
        dailySummary: mine?.dailySummary ?? true,
        largeRefund: mine?.largeRefund ?? true,
        shiftDifference: mine?.shiftDifference ?? true,
      },
      settings: {
        refundAlertSatang: shop?.refundAlertSatang ?? DEFAULT_REFUND_ALERT_SATANG,
        closingMinute: shop?.closingMinute ?? DEFAULT_CLOSING_MINUTE,
      },
    });
  }
  return result;
}

/** The member's choice of alerts for one shop (the route checked their role in it). */
export async function savePushChoices(
  db: Database,
  userId: string,
  shopId: string,
  choices: PushChoices,
): Promise<void> {
  await db
    .insert(pushPreference)
    .values({ userId, shopId, ...choices })
    .onConflictDoUpdate({
      target: [pushPreference.userId, pushPreference.shopId],
      set: { ...choices, updatedAt: sql`now()` },
    });
}

/** The owner's amount and closing time for the shop's alerts (the route checked the owner). */
export async function saveShopPushSettings(
  db: Database,
  shopId: string,
  settings: ShopPushSettings,
): Promise<void> {
  await db
    .insert(pushShopSetting)
    .values({ shopId, ...settings })
    .onConflictDoUpdate({
      target: pushShopSetting.shopId,
      set: { ...settings, updatedAt: sql`now()` },
    });
}
