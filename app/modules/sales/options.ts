/**
 * Options (modifiers) of a line (issue 37, decision 0092): THE rule the till's dialog, its
 * bill and the server's sale all apply. Given the option groups an item asks (in order) and
 * the choice ids picked, either what the options add to one unit (satang) and the choices as
 * sold, or a refusal naming the group. The line's unit price is the level's or retail price
 * (price-level.ts) plus this.
 */
export interface OptionChoice {
  id: number;
  name: string;
  priceSatang: number;
}

export interface OptionGroup {
  id: number;
  name: string;
  /** Required when at least 1. */
  min: number;
  max: number;
  choices: readonly OptionChoice[];
}

export interface ChosenOption {
  choiceId: number;
  groupName: string;
  choiceName: string;
  priceSatang: number;
}

export type OptionsRefusal =
  /** A required group with fewer choices than its minimum (none picked). */
  | { reason: "tooFew"; group: string; min: number }
  | { reason: "tooMany"; group: string; max: number }
  /** A choice id that is not one of this item's groups' (or picked twice). */
  | { reason: "notOffered"; group: string };

export type OptionsResult =
  { ok: true; priceSatang: number; chosen: ChosenOption[] } | ({ ok: false } & OptionsRefusal);

export function lineOptions(
  groups: readonly OptionGroup[],
  choiceIds: readonly number[],
): OptionsResult {
  const picked = new Set(choiceIds);
  if (picked.size !== choiceIds.length) return { ok: false, reason: "notOffered", group: "" };
  const chosen: ChosenOption[] = [];
  for (const group of groups) {
    const mine = group.choices.filter((c) => picked.delete(c.id));
    if (mine.length < group.min)
      return { ok: false, reason: "tooFew", group: group.name, min: group.min };
    if (mine.length > group.max)
      return { ok: false, reason: "tooMany", group: group.name, max: group.max };
    for (const c of mine)
      chosen.push({
        choiceId: c.id,
        groupName: group.name,
        choiceName: c.name,
        priceSatang: c.priceSatang,
      });
  }
  if (picked.size > 0) return { ok: false, reason: "notOffered", group: "" };
  return { ok: true, priceSatang: chosen.reduce((s, c) => s + c.priceSatang, 0), chosen };
}
