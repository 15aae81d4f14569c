/**
 * Exact integer helpers for money: every product goes through BigInt, so satang × thousandths
 * or satang × basis points never loses a digit, and only the rounding rule decides a satang.
 */

/** round(a × b / c), halves rounded up, for non-negative safe integers a, b and positive c. */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  return Number((2n * n + d) / (2n * d));
}

/**
 * Splits `total` into parts proportional to `weights` that add up to `total` exactly
 * (largest remainder, Hamilton's method): each part is first floor(total × w / Σw); the satang
 * left over go one each to the parts with the largest remainders, the earlier line first on a
 * tie. A zero weight gets zero; no part exceeds its exact share by a whole satang, so a part
 * never exceeds its weight when total ≤ Σw.
 */
export function spreadProportionally(total: number, weights: readonly number[]): number[] {
  if (total === 0) return weights.map(() => 0);
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) throw new RangeError("Nothing to spread an amount over");
  const t = BigInt(total);
  const s = BigInt(sum);
  const parts = weights.map((w) => (BigInt(w) * t) / s);
  let left = total - parts.reduce((a, b) => a + Number(b), 0);
  const order = weights
    .map((w, index) => ({ index, remainder: (BigInt(w) * t) % s }))
    .sort((a, b) =>
      a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
    );
  for (const { index } of order) {
    if (left === 0) break;
    parts[index] = (parts[index] ?? 0n) + 1n;
    left -= 1;
  }
  return parts.map(Number);
}
