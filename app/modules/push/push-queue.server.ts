import { and, eq, lte, sql } from "drizzle-orm";
import webpush from "web-push";
import type { Database } from "~/db/client.server";
import { bangkokIsoDate, BANGKOK_OFFSET_MS } from "~/lib/dates";
import type { Lang } from "~/lib/i18n";
import { retryDelayMs } from "~/modules/platform/index.server";
import { dayFigures } from "~/modules/sales/index.server";
import { readSettings } from "~/modules/settings/index.server";
import { type PushEventRow, pushPayloadOf } from "./push-texts.server";
import { type PushEventKind, pushEvent, pushMessage, pushSubscription } from "./schema";
import { DEFAULT_CLOSING_MINUTE, DEFAULT_REFUND_ALERT_SATANG } from "./subscriptions.server";
import { type VapidDetails, vapidDetails } from "./vapid.server";

/*
 * The push queue (decision 0078), built like the e-mail outbox (platform/outbox.server.ts):
 *
 * 1. events (push_event) come from the database's triggers, the daily summary and an admin's
 *    notice, in the transaction of what they tell;
 * 2. the worker expands each event once into one message per subscribed device that wants it
 *    (push_message), in the device's language;
 * 3. the worker sends due messages, claimed with SKIP LOCKED so that several instances never
 *    send one twice; a push service's 404 or 410 (the subscription is gone: RFC 8030 §7.3)
 *    removes the subscription and its messages; 429, 5xx and network errors retry with the
 *    outbox's backoff (1 s doubling to 4 h, equal jitter); any other answer fails the message.
 *
 * Every step is a row in PostgreSQL: a restart loses nothing, a message claimed by a worker that
 * died is put back after ten minutes (requeueStuckPushes).
 */

const MAX_ATTEMPTS = 8;
/** How long a push service may keep an alert for a device that is off (seconds). */
const ALERT_TTL = 24 * 60 * 60;
const SUMMARY_TTL = 12 * 60 * 60;
const SEND_TIMEOUT_MS = 15_000;

/** Which preference column lets an event of a kind through (notices: the device's own flag). */
const PREFERENCE_OF: Record<Exclude<PushEventKind, "notice">, string> = {
  low_stock: "low_stock",
  daily_summary: "daily_summary",
  void: "large_refund",
  refund: "large_refund",
  shift_difference: "shift_difference",
};

/** An admin's notice, sent to every device that takes notices. */
export async function queueNoticePush(
  db: Database,
  notice: {
    id: number;
    title: string;
    body: string;
    titleEn: string | null;
    bodyEn: string | null;
  },
): Promise<void> {
  await db.insert(pushEvent).values({
    kind: "notice",
    payload: {
      noticeId: notice.id,
      title: notice.title,
      body: notice.body,
      titleEn: notice.titleEn ?? "",
      bodyEn: notice.bodyEn ?? "",
    },
  });
}

/**
 * When the notice was last sent as a push, or null (the queue keeps 30 days): the admin's form
 * says so, so that a notice is not pushed twice by a tick left on.
 */
export async function noticePushedAt(db: Database, noticeId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | null>`max(${pushEvent.createdAt})`.mapWith(pushEvent.createdAt) })
    .from(pushEvent)
    .where(
      and(
        eq(pushEvent.kind, "notice"),
        sql`${pushEvent.payload}->>'noticeId' = ${String(noticeId)}`,
      ),
    );
  return row?.at ?? null;
}

/** Minutes after midnight, Bangkok time. */
function bangkokMinute(now: Date): number {
  const shifted = new Date(now.getTime() + BANGKOK_OFFSET_MS);
  return shifted.getUTCHours() * 60 + shifted.getUTCMinutes();
}

/**
 * Queues today's summary for every shop whose closing time has passed (Bangkok) and whose
 * owners or managers have a device subscribed, once a day: the shop's row takes the day in one
 * statement, so of several instances only one queues it. The figures are the dashboard's
 * (sales' dayFigures over the sales_book view), never a sum of their own.
 */
export async function queueDailySummaries(db: Database, now = new Date()): Promise<number> {
  const today = bangkokIsoDate(now);
  const minute = bangkokMinute(now);
  return db.transaction(async (tx) => {
    const claimed = await tx.execute<{ shop_id: string }>(sql`
      INSERT INTO push_shop_setting (shop_id, last_summary_day)
      SELECT d.shop_id, ${today}::date
        FROM (SELECT DISTINCT m.shop_id FROM shop_member m
                JOIN push_subscription s ON s.user_id = m.user_id
               WHERE m.role IN ('owner', 'manager')) d
        LEFT JOIN push_shop_setting ps ON ps.shop_id = d.shop_id
       WHERE coalesce(ps.closing_minute, ${DEFAULT_CLOSING_MINUTE}) <= ${minute}
         AND ps.last_summary_day IS DISTINCT FROM ${today}::date
      ON CONFLICT (shop_id) DO UPDATE SET last_summary_day = EXCLUDED.last_summary_day
       WHERE push_shop_setting.last_summary_day IS DISTINCT FROM EXCLUDED.last_summary_day
         AND push_shop_setting.closing_minute <= ${minute}
      RETURNING shop_id`);
    for (const { shop_id: shopId } of claimed.rows) {
      const figures = await dayFigures(tx, shopId, today, false);
      await tx.insert(pushEvent).values({
        shopId,
        kind: "daily_summary",
        payload: {
          day: today,
          salesSatang: figures.salesSatang,
          bills: figures.bills,
          averageSatang: figures.averageSatang,
          cashSatang: figures.cashSatang,
        },
      });
    }
    return claimed.rows.length;
  });
}

/**
 * Turns waiting events into messages, one per device that wants them: for a shop's event, the
 * devices of its owners and managers whose choice for that shop lets the kind through (no
 * choice saved: all kinds); a void or refund only above the owner's amount. Returns how many
 * events it took (0: none was waiting).
 */
export async function expandPushEvents(db: Database, limit = 50): Promise<number> {
  return db.transaction(async (tx) => {
    const events = await tx.execute<{
      id: number;
      kind: PushEventKind;
      shop_id: string | null;
      shop_name: string | null;
      payload: Record<string, unknown>;
      refund_alert_satang: number | null;
    }>(sql`
      SELECT e.id, e.kind, e.shop_id, s.name AS shop_name, e.payload,
             ps.refund_alert_satang
        FROM push_event e
        LEFT JOIN shop s ON s.id = e.shop_id
        LEFT JOIN push_shop_setting ps ON ps.shop_id = e.shop_id
       WHERE e.expanded_at IS NULL
       ORDER BY e.id
       LIMIT ${limit}
       FOR UPDATE OF e SKIP LOCKED`);
    for (const row of events.rows) {
      const event: PushEventRow = {
        id: Number(row.id),
        kind: row.kind,
        shopId: row.shop_id,
        shopName: row.shop_name,
        payload: row.payload,
      };
      const threshold = Number(row.refund_alert_satang ?? DEFAULT_REFUND_ALERT_SATANG);
      const worthTelling =
        (event.kind !== "void" && event.kind !== "refund") ||
        Number(event.payload.totalSatang ?? 0) > threshold;
      if (worthTelling) {
        const devices =
          event.kind === "notice" || !event.shopId
            ? await tx.execute<{ id: number; lang: Lang }>(sql`
                SELECT id, lang FROM push_subscription WHERE notices ORDER BY id`)
            : await tx.execute<{ id: number; lang: Lang }>(sql`
                SELECT s.id, s.lang FROM push_subscription s
                  JOIN shop_member m ON m.user_id = s.user_id AND m.shop_id = ${event.shopId}
                                    AND m.role IN ('owner', 'manager')
                  LEFT JOIN push_preference p ON p.user_id = s.user_id AND p.shop_id = m.shop_id
                 WHERE coalesce(p.${sql.raw(PREFERENCE_OF[event.kind])}, true)
                 ORDER BY s.id`);
        const ttl = event.kind === "daily_summary" ? SUMMARY_TTL : ALERT_TTL;
        if (devices.rows.length > 0) {
          await tx.insert(pushMessage).values(
            devices.rows.map((device) => ({
              subscriptionId: Number(device.id),
              eventId: event.id,
              payload: pushPayloadOf(event, device.lang),
              ttlSeconds: ttl,
            })),
          );
        }
      }
      await tx.update(pushEvent).set({ expandedAt: new Date() }).where(eq(pushEvent.id, event.id));
    }
    return events.rows.length;
  });
}

/** One HTTP request to a push service, as web-push prepared it. */
export interface PushRequest {
  endpoint: string;
  method: string;
  headers: Record<string, string>;
  body: Buffer | null;
}
export interface PushAnswer {
  status: number;
  /** Seconds, from a 429's or 503's Retry-After. */
  retryAfter?: number;
}
export type PushTransport = (request: PushRequest) => Promise<PushAnswer>;

/** Sends with Node's fetch (web-push's own sender is https-only and has no timeout of ours). */
export const fetchTransport: PushTransport = async (request) => {
  const answer = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers,
    body: request.body ? new Uint8Array(request.body) : undefined,
    redirect: "error",
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  await answer.body?.cancel();
  const retryAfter = Number(answer.headers.get("retry-after"));
  return {
    status: answer.status,
    retryAfter: Number.isFinite(retryAfter) ? retryAfter : undefined,
  };
};

/** The encrypted request (RFC 8291, aes128gcm) with its VAPID header (RFC 8292) for a device. */
export function pushRequestFor(
  subscription: { endpoint: string; p256dh: string; auth: string },
  payload: unknown,
  vapid: VapidDetails,
  ttlSeconds: number,
): PushRequest {
  const details = webpush.generateRequestDetails(
    {
      endpoint: subscription.endpoint,
      keys: { p256dh: subscription.p256dh, auth: subscription.auth },
    },
    JSON.stringify(payload),
    { vapidDetails: vapid, TTL: ttlSeconds, contentEncoding: "aes128gcm", urgency: "normal" },
  );
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value);
  return {
    endpoint: details.endpoint,
    method: details.method,
    headers,
    body: details.body ? Buffer.from(details.body) : null,
  };
}

export interface DeliveryCounts {
  sent: number;
  retried: number;
  failed: number;
  gone: number;
}

/** Sends due messages one by one (see the top of this file for what each answer does). */
export async function deliverDuePushes(
  db: Database,
  transport: PushTransport = fetchTransport,
  limit = 50,
): Promise<DeliveryCounts> {
  const counts: DeliveryCounts = { sent: 0, retried: 0, failed: 0, gone: 0 };
  let vapid: VapidDetails | null = null;
  for (let i = 0; i < limit; i++) {
    const claimed = await db.execute<{
      id: number;
      subscription_id: number;
      payload: unknown;
      ttl_seconds: number;
      attempts: number;
      endpoint: string;
      p256dh: string;
      auth: string;
    }>(sql`
      WITH next AS (
        UPDATE push_message SET status = 'sending', attempts = attempts + 1, claimed_at = now()
         WHERE id = (SELECT id FROM push_message
                      WHERE status = 'pending' AND next_attempt_at <= now()
                      ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 1)
        RETURNING id, subscription_id, payload, ttl_seconds, attempts)
      SELECT next.*, s.endpoint, s.p256dh, s.auth
        FROM next JOIN push_subscription s ON s.id = next.subscription_id`);
    const row = claimed.rows[0];
    if (!row) break;
    vapid ??= await vapidDetails(db);
    let answer: PushAnswer | null = null;
    let error: string;
    try {
      answer = await transport(pushRequestFor(row, row.payload, vapid, row.ttl_seconds));
      error = `HTTP ${answer.status}`;
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    }
    const status = answer?.status ?? 0;
    if (status >= 200 && status < 300) {
      await db
        .update(pushMessage)
        .set({ status: "sent", sentAt: new Date(), lastError: null })
        .where(eq(pushMessage.id, row.id));
      await db
        .update(pushSubscription)
        .set({ lastSentAt: new Date() })
        .where(eq(pushSubscription.id, row.subscription_id));
      counts.sent++;
    } else if (status === 404 || status === 410) {
      // The browser unsubscribed or the subscription expired: it will never take a message.
      await db.delete(pushSubscription).where(eq(pushSubscription.id, row.subscription_id));
      counts.gone++;
    } else if (answer === null || status === 429 || status >= 500) {
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      const delay = Math.max(retryDelayMs(row.attempts), (answer?.retryAfter ?? 0) * 1000);
      await db
        .update(pushMessage)
        .set({
          status: giveUp ? "failed" : "pending",
          lastError: error.slice(0, 1000),
          nextAttemptAt: new Date(Date.now() + delay),
        })
        .where(eq(pushMessage.id, row.id));
      if (giveUp) counts.failed++;
      else counts.retried++;
    } else {
      // 400, 401, 403, 413: this message will not be taken however often it is sent.
      await db
        .update(pushMessage)
        .set({ status: "failed", lastError: error.slice(0, 1000) })
        .where(eq(pushMessage.id, row.id));
      counts.failed++;
    }
  }
  return counts;
}

/** Messages a crashed worker left in 'sending' go back to the queue. */
export async function requeueStuckPushes(db: Database, olderThan: Date): Promise<void> {
  await db
    .update(pushMessage)
    .set({ status: "pending" })
    .where(and(eq(pushMessage.status, "sending"), lte(pushMessage.claimedAt, olderThan)));
}

/** Sent and failed messages and expanded events older than 30 days are deleted. */
export async function purgeOldPushes(db: Database): Promise<void> {
  await db.execute(sql`
    DELETE FROM push_message
     WHERE status IN ('sent', 'failed') AND created_at < now() - interval '30 days'`);
  await db.execute(sql`
    DELETE FROM push_event WHERE expanded_at < now() - interval '30 days'`);
}

/**
 * While an admin has push switched off (site settings), what waits is dropped rather than sent
 * late when it is switched on again.
 */
async function dropWhileSwitchedOff(db: Database): Promise<void> {
  await db
    .update(pushEvent)
    .set({ expandedAt: new Date() })
    .where(sql`${pushEvent.expandedAt} IS NULL`);
  await db
    .update(pushMessage)
    .set({ status: "failed", lastError: "push switched off in the site settings" })
    .where(eq(pushMessage.status, "pending"));
}

/** One round of the worker: summaries due, events into messages, messages out. */
export async function runPushRound(db: Database, transport?: PushTransport): Promise<void> {
  if (!(await readSettings(db)).pushEnabled) return dropWhileSwitchedOff(db);
  await queueDailySummaries(db);
  while ((await expandPushEvents(db)) > 0);
  await deliverDuePushes(db, transport);
}

/** Runs a round every `intervalMs` until the returned function is called (like the outbox). */
export function startPushWorker(options: {
  db: Database;
  transport?: PushTransport;
  intervalMs?: number;
  onError?: (error: unknown) => void;
}): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = running.then(() =>
      stopped
        ? undefined
        : runPushRound(options.db, options.transport).catch(options.onError ?? (() => {})),
    );
  };
  const timer = setInterval(tick, options.intervalMs ?? 5_000);
  timer.unref();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
