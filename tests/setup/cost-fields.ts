import { formatSatang } from "~/lib/money";
import type { AttackOutcome } from "./route-call";

// What a member who may not see costs (a cashier) must never get: a field of what the stock
// cost the shop, or of what follows from it (margin, gross profit, stock value at cost). Used by
// the cashier walk (cashier-sees-no-costs.test.ts) and the isolation matrix.

/**
 * A field name about costs: cost, unitCost, avgCost, valueAtCost, margin, grossProfit, and the
 * stock's value, which is at moving-average cost (stockValueSatang, a place's valueSatang).
 * Selling value (sellingValueSatang) is price × quantity, which a cashier may see.
 */
const COST_FIELD = /cost|margin|profit|^stockValue|^valueSatang$/i;
/** The same in a text answer (a CSV's headings), in English and Thai. */
const COST_WORD = /cost|margin|profit|ต้นทุน|มูลค่าทุน|กำไร/i;

function fieldsIn(value: unknown, at: string, found: string[]): void {
  if (Array.isArray(value)) {
    value.forEach((each, index) => fieldsIn(each, `${at}[${index}]`, found));
  } else if (value !== null && typeof value === "object") {
    for (const [key, each] of Object.entries(value)) {
      // A yes/no of whether the page shows cost columns is the role rule, not a cost.
      if (COST_FIELD.test(key) && typeof each !== "boolean") found.push(`${at}.${key}`);
      fieldsIn(each, `${at}.${key}`, found);
    }
  }
}

/**
 * The cost fields of an answer: each field's path in a loader's data (the object itself, so a
 * field sent as `undefined` counts too: React Router's `.data` keeps its name), or the cost
 * word a text body such as a CSV holds. Empty when the answer tells nothing of costs.
 */
export function costFieldsIn(answer: Pick<AttackOutcome, "data" | "text">): string[] {
  const data = answer.data ?? jsonOf(answer.text);
  if (data === undefined) {
    const word = COST_WORD.exec(answer.text);
    return word ? [`text: "${word[0]}"`] : [];
  }
  const found: string[] = [];
  fieldsIn(data, "$", found);
  return found;
}

/** A JSON body (Response.json of a resource route), or undefined for any other text. */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Every number a field about costs holds in an answer (what the owner is shown). */
export function costValuesIn(answer: Pick<AttackOutcome, "data" | "text">): number[] {
  const values: number[] = [];
  const walk = (value: unknown, costly: boolean) => {
    if (typeof value === "number" && costly) values.push(value);
    else if (Array.isArray(value)) value.forEach((each) => walk(each, costly));
    else if (value !== null && typeof value === "object") {
      for (const [key, each] of Object.entries(value)) walk(each, costly || COST_FIELD.test(key));
    }
  };
  walk(answer.data ?? jsonOf(answer.text), false);
  return values;
}

/**
 * The ways an amount in satang shows in an answer: the integer ("432187") and in baht as the
 * pages and CSVs write it ("4,321.87", "4321.87"), never as part of a longer number.
 */
export function satangPatterns(satang: number): RegExp[] {
  const forms = new Set([String(satang), (satang / 100).toFixed(2), formatSatang(satang)]);
  return [...forms].map(
    (form) => new RegExp(`(?<![\\d.,])${form.replace(/[.,]/g, (c) => `\\${c}`)}(?![\\d])`),
  );
}
