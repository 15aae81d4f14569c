import { useState } from "react";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht } from "~/lib/money";
import type { Dispatch } from "react";
import { lineOptions, type OptionGroup } from "~/modules/sales";
import { type Cart, linePriceOf, type StockRule } from "./cart";
import type { ItemIndex, TillItem } from "./till-data";
import { TillDialog } from "./till-dialog";
import type { TillAction } from "./till-state";

/**
 * The options of an item (decision 0092), all its groups in ONE dialog of large buttons: a
 * group of one choice picks like a radio, others toggle. Required groups start with nothing
 * picked; the add button says what is still missing, checked with the rule the server applies
 * (options.ts). Loaded when first needed, in its own chunk (the till's script budget).
 */
export function OptionsPicker({
  item,
  groups: shopGroups,
  cart,
  index,
  rule: stockRule,
  dispatch,
}: {
  item: TillItem;
  /** The shop's option groups by id. */
  groups: Readonly<Record<number, OptionGroup>>;
  cart: Cart;
  index: ItemIndex;
  rule: StockRule;
  dispatch: Dispatch<TillAction>;
}) {
  const t = useT();
  const name = item.name;
  const groups = (item.optionGroups ?? []).flatMap((id) => shopGroups[id] ?? []);
  // The item's price at the bill's level, before options.
  const unitPriceSatang = linePriceOf(cart, index, item, 1000).unitPriceSatang;
  const onClose = () => dispatch({ type: "variantsClosed" });
  const lang = useLang();
  const [picked, setPicked] = useState<number[]>([]);
  const result = lineOptions(groups, picked);
  const toggle = (group: OptionGroup, id: number) => {
    setPicked((now) => {
      if (now.includes(id)) return now.filter((c) => c !== id);
      // A group of one choice picks like a radio: the other choice of the group goes.
      const others =
        group.max === 1 ? now.filter((c) => !group.choices.some((x) => x.id === c)) : now;
      return [...others, id];
    });
  };
  const rule = (group: OptionGroup) =>
    group.max === 1
      ? t("shops.sell.options.pickOne")
      : group.min > 0
        ? t("shops.sell.options.pickRange", { min: String(group.min), max: String(group.max) })
        : t("shops.sell.options.pickUpTo", { n: String(group.max) });
  let blocked: string | null = null;
  if (!result.ok)
    blocked =
      result.reason === "tooMany"
        ? t("shops.sell.options.tooMany", { group: result.group, n: String(result.max) })
        : t("shops.sell.options.missing", { group: result.group });
  return (
    <TillDialog
      open
      wide
      onClose={onClose}
      title={t("shops.sell.options.title", { name })}
      testId="till-options-dialog"
    >
      {groups.map((group, g) => (
        <fieldset
          key={group.id}
          className="mb-3"
          data-testid="till-option-group"
          data-name={group.name}
        >
          <legend className="h5 d-flex flex-wrap gap-2 align-items-center">
            {group.name}
            <span className="small text-body-secondary">{rule(group)}</span>
            {group.min > 0 && (
              <span className="badge text-bg-warning">{t("shops.sell.options.required")}</span>
            )}
          </legend>
          <div className="d-flex flex-wrap gap-2">
            {group.choices.map((choice, c) => {
              const on = picked.includes(choice.id);
              return (
                <button
                  key={choice.id}
                  type="button"
                  className={`btn ${on ? "btn-primary" : "btn-outline-primary"} till-btn fs-5`}
                  aria-pressed={on}
                  onClick={() => toggle(group, choice.id)}
                  data-autofocus={g === 0 && c === 0 ? true : undefined}
                  data-testid="till-option"
                  data-name={choice.name}
                >
                  {choice.name}
                  {choice.priceSatang > 0 && (
                    <span className="ms-2 small">+{formatBaht(choice.priceSatang, lang)}</span>
                  )}
                </button>
              );
            })}
          </div>
        </fieldset>
      ))}
      <div className="d-flex flex-wrap gap-2 justify-content-end align-items-center">
        {blocked && (
          <p className="text-danger mb-0 me-auto" role="status" data-testid="till-options-missing">
            {blocked}
          </p>
        )}
        <button type="button" className="btn btn-outline-secondary till-btn" onClick={onClose}>
          {t("shops.sell.options.cancel")}
        </button>
        <button
          type="button"
          className="btn btn-success till-btn fs-5"
          disabled={!result.ok}
          onClick={() => {
            if (result.ok)
              dispatch({ type: "picked", item, options: result.chosen, rule: stockRule });
          }}
          data-testid="till-options-add"
        >
          {result.ok
            ? t("shops.sell.options.add", {
                price: formatBaht(unitPriceSatang + result.priceSatang, lang),
              })
            : blocked}
        </button>
      </div>
    </TillDialog>
  );
}
