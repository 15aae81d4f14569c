import { mulDivHalfUp } from "./arithmetic";

/**
 * The money of returned quantities of one sale line, in exact satang. Each return takes the
 * cumulative share of the line: round(amount × returned so far / sold) minus what earlier
 * returns took, halves up. However a line comes back (1 + 1 + 1 of 3, or 3 at once), the
 * returns add up to exactly what the line cost, VAT included, and no satang is made or lost.
 */
export interface LineMoney {
  qtyMilli: number;
  totalSatang: number;
  vatSatang: number;
}

export interface RefundShare {
  totalSatang: number;
  vatSatang: number;
  exVatSatang: number;
}

export function refundShare(
  line: LineMoney,
  returnedBeforeMilli: number,
  returningMilli: number,
): RefundShare {
  if (
    !Number.isSafeInteger(returningMilli) ||
    returningMilli <= 0 ||
    returnedBeforeMilli < 0 ||
    returnedBeforeMilli + returningMilli > line.qtyMilli
  ) {
    throw new RangeError("A return takes more than is still out");
  }
  const share = (amount: number, qty: number) => mulDivHalfUp(amount, qty, line.qtyMilli);
  const after = returnedBeforeMilli + returningMilli;
  const totalSatang = share(line.totalSatang, after) - share(line.totalSatang, returnedBeforeMilli);
  const vatSatang = share(line.vatSatang, after) - share(line.vatSatang, returnedBeforeMilli);
  return { totalSatang, vatSatang, exVatSatang: totalSatang - vatSatang };
}
