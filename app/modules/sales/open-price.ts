import { mulDivHalfUp } from "./arithmetic";

/*
 * Whether a price the cashier typed stands (issue 37, decision 0093): the rule the server's
 * sale, the till's price dialog and its approval all apply. An open-price item (ราคาตามจริง)
 * takes the typed price within its bounds; any other item takes it as an override of its list
 * price (the price at the bill's level), and an override below the list is what a cashier needs
 * an owner's or a manager's approval for (the discount approval's rule, decision 0059). The
 * price itself is levelUnitPrice's (price-level.ts), on the till's bill and the server's alike.
 */

/** An open-price item's bounds in satang per unit; null: no bound on that side. */
export interface OpenPrice {
  minSatang: number | null;
  maxSatang: number | null;
}

export interface TypedLinePrice {
  unitPriceSatang: number;
  /** Why the typed price is not taken: none typed for an open-price item, or out of bounds. */
  problem: "missing" | "below" | "above" | null;
  /** How far an override is below the list, per unit (0 for an open price or none). */
  belowSatang: number;
}

export function typedLinePrice(
  listSatang: number,
  typedSatang: number | null | undefined,
  open: OpenPrice | null | undefined,
): TypedLinePrice {
  const unitPriceSatang = typedSatang ?? listSatang;
  if (!open) {
    return {
      unitPriceSatang,
      problem: null,
      belowSatang: Math.max(0, listSatang - unitPriceSatang),
    };
  }
  const problem =
    typedSatang == null
      ? "missing"
      : open.minSatang !== null && typedSatang < open.minSatang
        ? "below"
        : open.maxSatang !== null && typedSatang > open.maxSatang
          ? "above"
          : null;
  return { unitPriceSatang, problem, belowSatang: 0 };
}

/** One line's override below the list, as an approval records and covers it. */
export interface OverrideLine {
  itemId: number;
  unitPriceSatang: number;
}

/**
 * Whether an approval covers a bill's overrides below the list: every line's item approved at
 * no higher a price than it is sold at, and no more below the list in all than approved.
 */
export function overridesCovered(
  lines: readonly OverrideLine[],
  belowSatang: number,
  approval: { lines: readonly OverrideLine[]; belowSatang: number } | null,
): boolean {
  return (
    approval !== null &&
    belowSatang <= approval.belowSatang &&
    lines.every((line) =>
      approval.lines.some(
        (a) => a.itemId === line.itemId && a.unitPriceSatang <= line.unitPriceSatang,
      ),
    )
  );
}

/** A bill's overrides below the list: each line's item and price, and how far below in all. */
export function overridesBelow(
  lines: readonly { itemId: number; qtyMilli: number; price: TypedLinePrice }[],
): { lines: OverrideLine[]; belowSatang: number } {
  const below = lines.filter((line) => line.price.belowSatang > 0);
  return {
    lines: below.map((line) => ({
      itemId: line.itemId,
      unitPriceSatang: line.price.unitPriceSatang,
    })),
    belowSatang: below.reduce(
      (sum, line) => sum + mulDivHalfUp(line.price.belowSatang, line.qtyMilli, 1000),
      0,
    ),
  };
}
