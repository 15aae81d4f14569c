import type { RouterContextProvider } from "react-router";
import { appContext, type SessionUser } from "~/context";
import { readForm } from "~/lib/forms/read-form";
import type { MessageKey } from "~/lib/i18n";
import { langOf } from "~/lib/i18n/lang.server";
import {
  closingTimeText,
  listSubscriptions,
  pushChoicesOf,
  pushEndpointSchema,
  pushShopChoiceSchema,
  pushShopSettingSchema,
  pushSubscriptionSchema,
  removeSubscription,
  saveShopPushSettings,
  savePushChoices,
  saveSubscription,
  vapidDetails,
} from "~/modules/push/index.server";
import { readSettings } from "~/modules/settings/index.server";
import { findShopMembership, listShopsOfMember } from "~/modules/shops/index.server";

/*
 * The profile page's part of Web Push (decision 0078): this device's opt-in, which the browser's
 * permission prompt after the member's click makes their consent, and their alerts per shop they
 * own or manage. Composed here from the push, shops and settings modules.
 */

const ALERT_ROLES = new Set(["owner", "manager"]);

export async function pushProfileOf(context: Readonly<RouterContextProvider>, member: SessionUser) {
  const { db } = context.get(appContext);
  const settings = await readSettings(db);
  if (!settings.pushEnabled) return { enabled: false as const };
  const [vapid, devices, memberships] = await Promise.all([
    vapidDetails(db),
    listSubscriptions(db, member.id),
    listShopsOfMember(db, member.id),
  ]);
  const shops = memberships.filter((row) => ALERT_ROLES.has(row.role));
  const choices = await pushChoicesOf(
    db,
    member.id,
    shops.map((row) => row.shop.id),
  );
  return {
    enabled: true as const,
    publicKey: vapid.publicKey,
    endpoints: devices.map((device) => device.endpoint),
    shops: shops.flatMap((row) => {
      const chosen = choices.get(row.shop.id);
      if (!chosen) return [];
      return {
        id: row.shop.id,
        name: row.shop.name,
        owner: row.role === "owner",
        ...chosen.choices,
        refundAlertSatang: chosen.settings.refundAlertSatang,
        closingTime: closingTimeText(chosen.settings.closingMinute),
      };
    }),
  };
}

export type PushIntent = "push-subscribe" | "push-unsubscribe" | "push-shop";

interface PushReply {
  status: number;
  result: {
    values?: Record<string, string>;
    errors?: Record<string, MessageKey>;
    formError?: MessageKey;
    done?: MessageKey;
  };
}

export async function changePush(
  context: Readonly<RouterContextProvider>,
  member: SessionUser,
  intent: PushIntent,
  form: FormData,
): Promise<PushReply> {
  const { db } = context.get(appContext);
  if (intent === "push-unsubscribe") {
    const read = readForm(form, pushEndpointSchema);
    if (!read.ok)
      return { status: 400, result: { formError: "account.push.error.invalidSubscription" } };
    await removeSubscription(db, member.id, read.data.endpoint);
    return { status: 200, result: { done: "account.push.done.unsubscribed" } };
  }
  if (!(await readSettings(db)).pushEnabled) {
    return { status: 403, result: { formError: "account.push.error.switchedOff" } };
  }
  if (intent === "push-subscribe") {
    const read = readForm(form, pushSubscriptionSchema);
    if (!read.ok)
      return { status: 400, result: { formError: "account.push.error.invalidSubscription" } };
    await saveSubscription(
      db,
      member.id,
      { ...read.data, notices: read.data.notices === "on" },
      langOf(context),
    );
    return { status: 200, result: { done: "account.push.done.subscribed" } };
  }
  // One shop's alerts: a member chooses theirs in a shop they own or manage; the owner also
  // sets the amount and the closing time.
  const read = readForm(form, pushShopChoiceSchema);
  const values = read.values as Record<string, string>;
  const shopId = read.ok ? read.data.shopId : null;
  const membership = shopId ? await findShopMembership(db, member.id, shopId) : null;
  if (!read.ok || !membership || !ALERT_ROLES.has(membership.role)) {
    return { status: 404, result: { values, formError: "account.push.error.shop" } };
  }
  let shopSettings = null;
  if (membership.role === "owner") {
    const settings = readForm(form, pushShopSettingSchema);
    if (!settings.ok) {
      return {
        status: 400,
        result: {
          values: { ...values, ...(settings.values as Record<string, string>) },
          errors: settings.errors as Record<string, MessageKey>,
        },
      };
    }
    shopSettings = {
      refundAlertSatang: settings.data.refundAlert,
      closingMinute: settings.data.closingTime,
    };
  }
  const { shopId: _shopId, ...choices } = read.data;
  await savePushChoices(db, member.id, membership.shop.id, choices);
  if (shopSettings) await saveShopPushSettings(db, membership.shop.id, shopSettings);
  return {
    status: 200,
    result: { values: { shopId: membership.shop.id }, done: "account.push.done.saved" },
  };
}
