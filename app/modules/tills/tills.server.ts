import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { pgErrorOf } from "~/db/pg-error";
import { hitRateLimit, type RateLimitRule } from "~/modules/platform/index.server";
import type { ShopRole } from "~/modules/shops";
import { till, tillCheckin, tillSeries } from "./schema";
import { type SeriesPosition, tillCodeOf } from "./till-series";
import {
  type BoundTill,
  MAX_POS_NUMBER,
  MAX_TILL_NAME,
  type TillRefusal,
  type TillResult,
  type TillListRow,
  type TillRow,
  TILL_STORAGE_ANSWERS,
  type TillStorageAnswer,
} from "./till-types";

/*
 * Registering a shop's tills and binding a device to each (issue 34, decision 0071). Owners and
 * managers register, rename, retire and release; a device is bound by an owner or a manager on
 * it, or by anyone of the shop's sellers with a one-time code the owner shows. A device token
 * is 32 random bytes: its SHA-256 is all the row keeps (a token that strong needs no slow hash);
 * a claim code is six digits, lives ten minutes, and is tried against at most a few times.
 */

export interface TillActor {
  shopId: string;
  userId: string;
  role: ShopRole;
}

const CLAIM_CODE_MINUTES = 10;

/** Tries at a one-time code by one member of a shop: a million codes are not guessed in 10. */
export const CLAIM_RATE_LIMIT = {
  name: "till-claim",
  limit: 10,
  windowSeconds: 15 * 60,
} satisfies RateLimitRule;
const refuse = <T>(error: TillRefusal): TillResult<T> => ({ ok: false, error });
const manages = (actor: TillActor) => actor.role === "owner" || actor.role === "manager";
const sha256 = (text: string) => createHash("sha256").update(text).digest("base64url");

function sameHash(stored: string | null, text: string): boolean {
  if (!stored) return false;
  const a = Buffer.from(stored);
  const b = Buffer.from(sha256(text));
  return a.length === b.length && timingSafeEqual(a, b);
}

const rowColumns = {
  id: till.id,
  code: till.code,
  name: till.name,
  posNumber: till.posNumber,
  status: till.status,
  bound: sql<boolean>`${till.deviceTokenHash} IS NOT NULL`,
  deviceLabel: till.deviceLabel,
  deviceBoundAt: till.deviceBoundAt,
};

/** The shop's tills in the order they were registered (retired ones too, marked). */
export async function listTills(db: DbExecutor, shopId: string): Promise<TillListRow[]> {
  const rows = await db
    .select({
      ...rowColumns,
      storage: tillCheckin.storage,
      checkinHash: tillCheckin.deviceTokenHash,
    })
    .from(till)
    .leftJoin(tillCheckin, eq(tillCheckin.tillId, till.id))
    .where(eq(till.shopId, shopId))
    .orderBy(asc(till.code));
  return rows.map(({ storage, checkinHash, ...row }) => ({
    ...row,
    // What the device bound now said; a device bound before it said nothing yet.
    deviceStorage: row.bound && checkinHash !== null ? storageAnswer(storage) : null,
  }));
}

function storageAnswer(stored: string | null): TillStorageAnswer | null {
  return (TILL_STORAGE_ANSWERS as readonly (string | null)[]).includes(stored)
    ? (stored as TillStorageAnswer)
    : null;
}

function readName(name: string): string | null {
  const trimmed = name.trim();
  return trimmed !== "" && trimmed.length <= MAX_TILL_NAME ? trimmed : null;
}

function readPosNumber(posNumber: string): string | null {
  const trimmed = posNumber.trim().toUpperCase();
  return trimmed.length <= MAX_POS_NUMBER && /^[0-9A-Z-]*$/.test(trimmed) ? trimmed : null;
}

function nameTaken(error: unknown): boolean {
  const pg = pgErrorOf(error);
  return pg?.code === "23505" && pg.constraint === "till_shop_name";
}

/** Registers a till: the next code (P01, P02, …), a name and the Revenue Department's POS number. */
export async function registerTill(
  db: Database,
  actor: TillActor,
  input: { name: string; posNumber: string },
): Promise<TillResult<TillRow>> {
  if (!manages(actor)) return refuse("notFound");
  const name = readName(input.name);
  const posNumber = readPosNumber(input.posNumber);
  if (name === null || posNumber === null) return refuse("badRequest");
  try {
    return await db.transaction(async (tx): Promise<TillResult<TillRow>> => {
      // The shop's tills locked: two registrations at once take two codes, one after the other.
      const existing = await tx
        .select({ code: till.code, name: till.name })
        .from(till)
        .where(eq(till.shopId, actor.shopId))
        .for("update");
      if (existing.some((other) => other.name === name)) return refuse("nameTaken");
      const ordinal = Math.max(0, ...existing.map((other) => Number(other.code.slice(1)))) + 1;
      const [row] = await tx
        .insert(till)
        .values({ shopId: actor.shopId, code: tillCodeOf(ordinal), name, posNumber })
        .returning(rowColumns);
      if (!row) throw new Error("registerTill: no row returned");
      return { ok: true, value: row };
    });
  } catch (error) {
    if (nameTaken(error)) return refuse("nameTaken");
    throw error;
  }
}

/** Renames a till or changes its POS number; its code (in its numbers) never changes. */
export async function updateTill(
  db: Database,
  actor: TillActor,
  input: { tillId: string; name: string; posNumber: string },
): Promise<TillResult<TillRow>> {
  if (!manages(actor)) return refuse("notFound");
  const name = readName(input.name);
  const posNumber = readPosNumber(input.posNumber);
  if (name === null || posNumber === null) return refuse("badRequest");
  const others = await db
    .select({ id: till.id })
    .from(till)
    .where(and(eq(till.shopId, actor.shopId), eq(till.name, name)));
  if (others.some((other) => other.id !== input.tillId)) return refuse("nameTaken");
  const [row] = await db
    .update(till)
    .set({ name, posNumber })
    .where(and(eq(till.shopId, actor.shopId), eq(till.id, input.tillId)))
    .returning(rowColumns);
  return row ? { ok: true, value: row } : refuse("notFound");
}

/** Retires a till (or brings it back): a retired till sells no more and its device is released. */
export async function setTillRetired(
  db: Database,
  actor: TillActor,
  input: { tillId: string; retired: boolean },
): Promise<TillResult<TillRow>> {
  if (!manages(actor)) return refuse("notFound");
  const [row] = await db
    .update(till)
    .set(
      input.retired
        ? {
            status: "retired",
            deviceTokenHash: null,
            deviceLabel: null,
            deviceBoundAt: null,
            claimCodeHash: null,
            claimCodeExpiresAt: null,
          }
        : { status: "active" },
    )
    .where(and(eq(till.shopId, actor.shopId), eq(till.id, input.tillId)))
    .returning(rowColumns);
  return row ? { ok: true, value: row } : refuse("notFound");
}

/** Releases a lost or replaced device: the till can be bound to another one. */
export async function releaseTillDevice(
  db: Database,
  actor: TillActor,
  tillId: string,
): Promise<TillResult<TillRow>> {
  if (!manages(actor)) return refuse("notFound");
  const [row] = await db
    .update(till)
    .set({ deviceTokenHash: null, deviceLabel: null, deviceBoundAt: null })
    .where(and(eq(till.shopId, actor.shopId), eq(till.id, tillId)))
    .returning(rowColumns);
  return row ? { ok: true, value: row } : refuse("notFound");
}

/**
 * Binds the device asking to an active till of the shop, unless another device holds it: the
 * answer carries the token the device keeps (shown once, never stored in clear).
 */
async function bind(
  tx: DbExecutor,
  shopId: string,
  tillId: string,
  deviceLabel: string,
): Promise<TillResult<BoundTill>> {
  const [found] = await tx
    .select({
      id: till.id,
      code: till.code,
      name: till.name,
      posNumber: till.posNumber,
      status: till.status,
      deviceTokenHash: till.deviceTokenHash,
    })
    .from(till)
    .where(and(eq(till.shopId, shopId), eq(till.id, tillId)))
    .for("update");
  if (!found || found.status !== "active") return refuse("notFound");
  if (found.deviceTokenHash !== null) return refuse("boundElsewhere");
  const token = randomBytes(32).toString("base64url");
  await tx
    .update(till)
    .set({
      deviceTokenHash: sha256(token),
      deviceLabel: deviceLabel.slice(0, 120),
      deviceBoundAt: sql`now()`,
      claimCodeHash: null,
      claimCodeExpiresAt: null,
    })
    .where(eq(till.id, found.id));
  return {
    ok: true,
    value: {
      tillId: found.id,
      code: found.code,
      name: found.name,
      posNumber: found.posNumber,
      token,
    },
  };
}

/** An owner or a manager makes the device they are on this till. */
export async function bindTillDevice(
  db: Database,
  actor: TillActor,
  input: { tillId: string; deviceLabel: string },
): Promise<TillResult<BoundTill>> {
  if (!manages(actor)) return refuse("notFound");
  return db.transaction((tx) => bind(tx, actor.shopId, input.tillId, input.deviceLabel));
}

/**
 * A one-time code for the till (six digits, ten minutes), for a device where nobody signs in
 * as the owner: anyone of the shop's sellers types it there. A new code replaces the last.
 */
export async function createClaimCode(
  db: Database,
  actor: TillActor,
  tillId: string,
): Promise<TillResult<{ code: string; expiresAt: Date }>> {
  if (!manages(actor)) return refuse("notFound");
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const expiresAt = new Date(Date.now() + CLAIM_CODE_MINUTES * 60_000);
  const [row] = await db
    .update(till)
    .set({ claimCodeHash: sha256(`${tillId}:${code}`), claimCodeExpiresAt: expiresAt })
    .where(and(eq(till.shopId, actor.shopId), eq(till.id, tillId), eq(till.status, "active")))
    .returning({ id: till.id });
  return row ? { ok: true, value: { code, expiresAt } } : refuse("notFound");
}

/** A seller's device takes the till whose one-time code they typed (once: the code is spent). */
export async function claimTill(
  db: Database,
  actor: TillActor,
  input: { code: string; deviceLabel: string },
): Promise<TillResult<BoundTill>> {
  const code = input.code.trim();
  if (!/^\d{6}$/.test(code)) return refuse("badCode");
  const hit = await hitRateLimit(db, CLAIM_RATE_LIMIT, `${actor.shopId}:${actor.userId}`);
  if (!hit.allowed) return refuse("tooManyTries");
  return db.transaction(async (tx): Promise<TillResult<BoundTill>> => {
    const waiting = await tx
      .select({ id: till.id, claimCodeHash: till.claimCodeHash })
      .from(till)
      .where(
        and(
          eq(till.shopId, actor.shopId),
          eq(till.status, "active"),
          gt(till.claimCodeExpiresAt, sql`now()`),
        ),
      );
    const match = waiting.find((row) => sameHash(row.claimCodeHash, `${row.id}:${code}`));
    if (!match) return refuse("badCode");
    return bind(tx, actor.shopId, match.id, input.deviceLabel);
  });
}

/**
 * The shop's active till whose bound device holds `token`, or null: every request a till makes
 * names its till and carries its token.
 */
export async function tillOfDevice(
  db: DbExecutor,
  shopId: string,
  tillId: string,
  token: string,
): Promise<{ id: string; code: string; name: string; posNumber: string } | null> {
  const [found] = await db
    .select({
      id: till.id,
      code: till.code,
      name: till.name,
      posNumber: till.posNumber,
      deviceTokenHash: till.deviceTokenHash,
    })
    .from(till)
    .where(and(eq(till.shopId, shopId), eq(till.id, tillId), eq(till.status, "active")));
  if (!found || !sameHash(found.deviceTokenHash, token)) return null;
  const { deviceTokenHash: _hash, ...bound } = found;
  return bound;
}

/** Where a till's series stand on the server, per kind of document it numbers itself. */
export interface TillSeriesPositions {
  receipt: SeriesPosition | null;
  abbreviatedTaxInvoice: SeriesPosition | null;
}

/**
 * A bound device asks where its till's series stand (its latest year per kind), to continue
 * from there; null when the device is not the till's (released, retired, another device).
 */
export async function tillSeriesPositions(
  db: DbExecutor,
  shopId: string,
  tillId: string,
  token: string,
): Promise<TillSeriesPositions | null> {
  const bound = await tillOfDevice(db, shopId, tillId, token);
  if (!bound) return null;
  const rows = await db
    .selectDistinctOn([tillSeries.kind], {
      kind: tillSeries.kind,
      year: tillSeries.year,
      lastSeq: tillSeries.lastSeq,
    })
    .from(tillSeries)
    .where(eq(tillSeries.tillId, bound.id))
    .orderBy(tillSeries.kind, sql`${tillSeries.year} DESC`);
  const of = (kind: string) => {
    const row = rows.find((r) => r.kind === kind);
    return row ? { year: row.year, lastSeq: row.lastSeq } : null;
  };
  return { receipt: of("receipt"), abbreviatedTaxInvoice: of("abbreviatedTaxInvoice") };
}

/**
 * The till's device says it has nothing waiting to send: every sale it made before `at` is on
 * the server. False when the device is not the till's.
 */
export async function recordTillCaughtUp(
  db: DbExecutor,
  shopId: string,
  tillId: string,
  token: string,
  at: Date = new Date(),
  /** What the device's browser answered to persistent storage, when it knows. */
  storage: TillStorageAnswer | null = null,
): Promise<boolean> {
  const bound = await tillOfDevice(db, shopId, tillId, token);
  if (!bound) return false;
  const row = { tillId: bound.id, deviceTokenHash: sha256(token), caughtUpAt: at, storage };
  await db
    .insert(tillCheckin)
    .values(row)
    .onConflictDoUpdate({
      target: tillCheckin.tillId,
      set: {
        ...row,
        // Not said this time: the same device's earlier answer stands, a new device has none.
        storage:
          storage ??
          sql`CASE WHEN ${tillCheckin.deviceTokenHash} = excluded.device_token_hash THEN ${tillCheckin.storage} END`,
      },
    });
  return true;
}

/**
 * Until when the server holds every sale of the till (decision 0071): null for a till no
 * device is bound to (its sales come straight to the server); else when its device last
 * caught up, or when it was bound if it never has.
 */
export async function tillCompleteUntil(db: DbExecutor, tillId: string): Promise<Date | null> {
  const [row] = await db
    .select({
      boundAt: till.deviceBoundAt,
      tokenHash: till.deviceTokenHash,
      checkinHash: tillCheckin.deviceTokenHash,
      caughtUpAt: tillCheckin.caughtUpAt,
    })
    .from(till)
    .leftJoin(tillCheckin, eq(tillCheckin.tillId, till.id))
    .where(eq(till.id, tillId));
  if (!row?.tokenHash || !row.boundAt) return null;
  return row.checkinHash === row.tokenHash && row.caughtUpAt ? row.caughtUpAt : row.boundAt;
}
