import type { MessageKey } from "~/lib/i18n";
import { parseBahtToSatang, satangToBahtInput } from "~/lib/money";
import { QTY_SCALE, qtyToSql, readQuantity } from "~/lib/quantity";

/*
 * The item CSV's open-price and price-level cells (issue 37, decision 0097): written by
 * item-csv-export.server.ts, read back by item-csv-import.server.ts, in one place so the two
 * agree. Money is read by the one baht parser (~/lib/money) into integer satang.
 */

/** One row of a level's prices: from this quantity on (thousandths), this price (satang). */
export interface CsvLevelBreak {
  minQtyMilli: number;
  priceSatang: number;
}

/** Separates a level's own price from its quantity breaks in one cell: "48.00; 10=45.00". */
const BREAK_SEPARATOR = /\s*[;\n]\s*/;

/** The header of a price level's column: "ระดับราคา: ราคาส่ง" or "Price level: ราคาส่ง". */
const LEVEL_HEADER = /^(?:ระดับราคา|price\s*level)\s*[:：]\s*(.+)$/iu;

/** The level's name a column header names, or null when the header is not a level's. */
export function levelNameOfHeader(header: string): string | null {
  const match = LEVEL_HEADER.exec(header.trim());
  const name = match?.[1]?.trim();
  return name ? name : null;
}

/**
 * A level's prices for one item as the CSV cell shows them: the level's own price (from one
 * unit), then each quantity break as quantity=price, separated by "; ". No prices: empty.
 */
export function formatLevelCell(breaks: readonly CsvLevelBreak[]): string {
  return [...breaks]
    .sort((a, b) => a.minQtyMilli - b.minQtyMilli)
    .map((b) =>
      b.minQtyMilli === QTY_SCALE
        ? satangToBahtInput(b.priceSatang)
        : `${qtyToSql(b.minQtyMilli)}=${satangToBahtInput(b.priceSatang)}`,
    )
    .join("; ");
}

/** A baht amount of a cell, telling a negative one apart (a clearer message). */
function readAmount(text: string): { ok: true; satang: number } | { ok: false; negative: boolean } {
  const satang = parseBahtToSatang(text);
  if (satang !== null) return { ok: true, satang };
  return { ok: false, negative: /^-\s*[\d.,]/.test(text.trim()) };
}

/**
 * Reads a level's cell: empty is no price at this level (the item sells at its own price
 * there); otherwise the level's price, optionally followed by "quantity=price" breaks above
 * one unit. The error is a Thai message key for the cell.
 */
export function readLevelCell(
  cell: string,
): { ok: true; breaks: CsvLevelBreak[] } | { ok: false; error: MessageKey } {
  const parts = cell
    .trim()
    .split(BREAK_SEPARATOR)
    .filter((part) => part !== "");
  if (parts.length === 0) return { ok: true, breaks: [] };
  const [first = "", ...rest] = parts;
  if (first.includes("=")) return { ok: false, error: "storehub.import.error.levelPriceFirst" };
  const own = readAmount(first);
  if (!own.ok) {
    return {
      ok: false,
      error: own.negative
        ? "storehub.import.error.priceNegative"
        : "storehub.import.error.levelPriceInvalid",
    };
  }
  const breaks: CsvLevelBreak[] = [{ minQtyMilli: QTY_SCALE, priceSatang: own.satang }];
  for (const part of rest) {
    const [qtyText, priceText, ...extra] = part.split(/\s*=\s*/);
    if (priceText === undefined || extra.length > 0) {
      return { ok: false, error: "storehub.import.error.levelBreakInvalid" };
    }
    const qty = readQuantity(qtyText ?? "");
    const price = readAmount(priceText);
    if (qty === null) return { ok: false, error: "storehub.import.error.levelBreakInvalid" };
    if (!price.ok) {
      return {
        ok: false,
        error: price.negative
          ? "storehub.import.error.priceNegative"
          : "storehub.import.error.levelBreakInvalid",
      };
    }
    if (qty <= QTY_SCALE || breaks.some((b) => b.minQtyMilli === qty)) {
      return { ok: false, error: "storehub.import.error.levelBreakQty" };
    }
    breaks.push({ minQtyMilli: qty, priceSatang: price.satang });
  }
  return { ok: true, breaks: breaks.sort((a, b) => a.minQtyMilli - b.minQtyMilli) };
}

/** Reads an open-price bound: empty is no bound (null). */
export function readBoundCell(
  cell: string,
): { ok: true; satang: number | null } | { ok: false; error: MessageKey } {
  if (cell.trim() === "") return { ok: true, satang: null };
  const amount = readAmount(cell);
  if (amount.ok) return { ok: true, satang: amount.satang };
  return {
    ok: false,
    error: amount.negative
      ? "storehub.import.error.priceNegative"
      : "storehub.error.openPriceInvalid",
  };
}

/** Two sets of breaks are the same prices. */
export function sameBreaks(a: readonly CsvLevelBreak[], b: readonly CsvLevelBreak[]): boolean {
  return formatLevelCell(a) === formatLevelCell(b);
}
