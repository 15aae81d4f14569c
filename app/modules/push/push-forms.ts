import { z } from "zod";
import { bahtField } from "~/lib/forms/fields";

/*
 * What the profile page posts for push (decision 0078): a browser's subscription as
 * PushSubscription.toJSON() gives it, and a member's choices for one shop. Messages are keys of
 * the account area (the profile's text).
 */

/** Host names a push service never has: a member cannot make the server post to the inside. */
function isPublicHttpsUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local")) return false;
  // An address literal (IPv4 or [IPv6]) is no push service's.
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host) || host.startsWith("[")) return false;
  return host.includes(".");
}

const base64url = (max: number) =>
  z
    .string({ error: "account.push.error.invalidSubscription" })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, "account.push.error.invalidSubscription")
    .max(max, "account.push.error.invalidSubscription");

export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string({ error: "account.push.error.invalidSubscription" })
    .max(2048, "account.push.error.invalidSubscription")
    .refine(isPublicHttpsUrl, "account.push.error.invalidSubscription"),
  // A P-256 point (65 bytes: 87 characters) and a 16-byte secret (22 characters).
  p256dh: base64url(100).min(80, "account.push.error.invalidSubscription"),
  auth: base64url(40).min(16, "account.push.error.invalidSubscription"),
  notices: z.enum(["on", "off"]).catch("on"),
});
export type PushSubscriptionInput = z.output<typeof pushSubscriptionSchema>;

export const pushEndpointSchema = z.object({
  endpoint: z
    .string({ error: "account.push.error.invalidSubscription" })
    .min(1, "account.push.error.invalidSubscription")
    .max(2048, "account.push.error.invalidSubscription"),
});

const flag = () =>
  z
    .string()
    .optional()
    .transform((value) => value === "on");

/** "21:30" → minutes after midnight. */
const closingTime = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "account.push.error.closingTime")
  .transform((value) => Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5)));

export const pushShopChoiceSchema = z.object({
  shopId: z.uuid({ error: "account.push.error.shop" }),
  lowStock: flag(),
  dailySummary: flag(),
  largeRefund: flag(),
  shiftDifference: flag(),
});

/** What only an owner sets for the shop: the amount that makes a void or refund worth telling. */
export const pushShopSettingSchema = z.object({
  refundAlert: bahtField("account.push.error.refundAlert"),
  closingTime,
});

export function closingTimeText(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
}
