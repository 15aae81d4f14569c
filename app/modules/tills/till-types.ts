import type { TillStatus } from "./schema";

/*
 * What the tills module answers, shared by its server code and the pages (client-safe).
 */

/** A till as the owner's list shows it: never its device token or code hashes. */
export interface TillRow {
  id: string;
  code: string;
  name: string;
  posNumber: string;
  status: TillStatus;
  /** Whether a device is bound to it now, and what it said it was. */
  bound: boolean;
  deviceLabel: string | null;
  deviceBoundAt: Date | null;
}

/** A till as the owner's list shows it. */
export interface TillListRow extends TillRow {
  /** What the bound device's browser said to persistent storage, when it has said. */
  deviceStorage: TillStorageAnswer | null;
}

/** The browser's answer to `navigator.storage.persist()` on a till's device. */
export const TILL_STORAGE_ANSWERS = ["granted", "refused", "unsupported"] as const;
export type TillStorageAnswer = (typeof TILL_STORAGE_ANSWERS)[number];

export type TillRefusal =
  /** No such till in the shop (or retired, for binding). */
  | "notFound"
  /** Another device holds the till: the owner releases it first. */
  | "boundElsewhere"
  /** A one-time code that is wrong or expired. */
  | "badCode"
  /** Too many wrong codes: try again later. */
  | "tooManyTries"
  /** A name or POS number a form could not send. */
  | "badRequest"
  /** The shop already has a till of that name. */
  | "nameTaken";

export type TillResult<T> = { ok: true; value: T } | { ok: false; error: TillRefusal };

/** What a device keeps once bound: enough to name itself to the server with every sale. */
export interface BoundTill {
  tillId: string;
  code: string;
  name: string;
  posNumber: string;
  /** The device's secret; the server keeps only its hash. */
  token: string;
}

export const MAX_TILL_NAME = 60;
export const MAX_POS_NUMBER = 40;
