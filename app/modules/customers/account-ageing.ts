/*
 * Ageing of what a customer owes (decision 0083), without drizzle: the amounts charged on
 * account, less what was paid or taken back, paid oldest first (first in, first out); each
 * amount still owed is as old as the days since its sale, Bangkok days.
 */

export const AGEING_BUCKETS = ["current", "d1to30", "d31to60", "d61to90", "over90"] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

export interface AccountMove {
  /** Positive: charged (a sale on account); negative: paid or taken back. */
  amountSatang: number;
  /** The Bangkok day of the move, YYYY-MM-DD. */
  day: string;
}

export interface Ageing {
  buckets: Record<AgeingBucket, number>;
  /** The day of the oldest amount still owed; null when nothing is owed. */
  oldestDay: string | null;
  balanceSatang: number;
}

/** Days from `from` to `to` (YYYY-MM-DD), whole days. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function bucketOf(days: number): AgeingBucket {
  if (days <= 0) return "current";
  if (days <= 30) return "d1to30";
  if (days <= 60) return "d31to60";
  if (days <= 90) return "d61to90";
  return "over90";
}

/** The ageing of one account on `asOf`, from its moves in the order they happened. */
export function ageAccount(moves: readonly AccountMove[], asOf: string): Ageing {
  const charges = moves
    .filter((move) => move.amountSatang > 0)
    .map((move) => ({ ...move, open: move.amountSatang }));
  let credit = moves.reduce((sum, move) => sum + Math.max(0, -move.amountSatang), 0);
  for (const charge of charges) {
    const paid = Math.min(credit, charge.open);
    charge.open -= paid;
    credit -= paid;
  }
  const buckets: Record<AgeingBucket, number> = {
    current: 0,
    d1to30: 0,
    d31to60: 0,
    d61to90: 0,
    over90: 0,
  };
  let oldestDay: string | null = null;
  for (const charge of charges) {
    if (charge.open <= 0) continue;
    oldestDay ??= charge.day;
    buckets[bucketOf(daysBetween(charge.day, asOf))] += charge.open;
  }
  const balanceSatang = moves.reduce((sum, move) => sum + move.amountSatang, 0);
  return { buckets, oldestDay, balanceSatang };
}
