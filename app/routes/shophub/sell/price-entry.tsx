import { useState } from "react";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht, parseBahtToSatang, satangToBahtInput } from "~/lib/money";
import { typedLinePrice } from "~/modules/sales";
import type { Dispatch } from "react";
import { type Cart, linePriceOf, type StockRule } from "./cart";
import { putPrice } from "./price-lines";
import type { ItemIndex } from "./till-data";
import { TillDialog } from "./till-dialog";
import type { TillAction } from "./till-state";

/*
 * The price typed at the till (issue 37, decision 0093): an open-price item's price (ราคาตามจริง),
 * shown with its bounds, or a line's price changed from the list. A price out of bounds is said
 * next to the field and keeps what was typed; a price below the list is taken, and a cashier
 * asks an owner's or a manager's PIN before payment (discount-approval.tsx). Loaded when first
 * opened, in its own chunk (the till's script budget).
 */

export function PriceEntry({
  cart,
  index,
  asked,
  rule,
  dispatch,
}: {
  cart: Cart;
  index: ItemIndex;
  /** The item, and the line whose price is typed (null: a new line of one unit of it). */
  asked: { itemId: number; lineKey: string | null };
  rule: StockRule;
  dispatch: Dispatch<TillAction>;
}) {
  const t = useT();
  const lang = useLang();
  const { lineKey } = asked;
  const item = index.byId.get(asked.itemId);
  const onClose = () => dispatch({ type: "dialogClosed" });
  const line = cart.lines.find((candidate) => candidate.key === lineKey);
  const current = line?.price;
  const [text, setText] = useState(current === undefined ? "" : satangToBahtInput(current));
  const [error, setError] = useState<string | null>(null);
  if (!item) return null;
  const listSatang = linePriceOf(cart, index, item, line?.qtyMilli ?? 1000).unitPriceSatang;
  // A new line's "not enough stock" is said as a scan's is; a line's, under the line.
  const put = (price: number | undefined) => {
    const change = putPrice(cart, item, lineKey, price, rule);
    dispatch({ type: "lineChanged", lineKey: lineKey ?? "", change });
    onClose();
  };
  const open = item.openPrice ?? null;
  const min = open?.minSatang ?? null;
  const max = open?.maxSatang ?? null;
  const bounds =
    min !== null && max !== null
      ? t("shops.sell.price.between", { min: formatBaht(min, lang), max: formatBaht(max, lang) })
      : min !== null
        ? t("shops.sell.price.atLeast", { min: formatBaht(min, lang) })
        : max !== null
          ? t("shops.sell.price.atMost", { max: formatBaht(max, lang) })
          : null;
  const submit = () => {
    const satang = parseBahtToSatang(text);
    if (satang === null) {
      setError(t("shops.sell.price.error.invalid"));
      return;
    }
    const problem = typedLinePrice(listSatang, satang, open).problem;
    if (problem === "below" && min !== null) {
      setError(t("shops.sell.price.error.below", { min: formatBaht(min, lang) }));
      return;
    }
    if (problem === "above" && max !== null) {
      setError(t("shops.sell.price.error.above", { max: formatBaht(max, lang) }));
      return;
    }
    put(satang);
  };
  const below = !open && (parseBahtToSatang(text) ?? listSatang) < listSatang;
  return (
    <TillDialog
      open
      onClose={onClose}
      title={t(open ? "shops.sell.price.openTitle" : "shops.sell.price.title", { name: item.name })}
      testId="till-price-dialog"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p className="mb-2" data-testid="till-price-bounds">
          {open
            ? (bounds ?? t("shops.sell.price.noBounds"))
            : t("shops.sell.price.list", { price: formatBaht(listSatang, lang) })}
        </p>
        <label htmlFor="till-price" className="form-label">
          {t("shops.sell.price.label", { unit: item.unit })}
        </label>
        <input
          id="till-price"
          className={`form-control form-control-lg${error ? " is-invalid" : ""}`}
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "till-price-error" : undefined}
          data-autofocus
          data-testid="till-price-input"
        />
        {error && (
          <div id="till-price-error" className="invalid-feedback d-block" role="alert">
            {error}
          </div>
        )}
        {below && (
          <p className="small text-warning-emphasis mt-2 mb-0" data-testid="till-price-below">
            {t("shops.sell.price.belowList")}
          </p>
        )}
        <div className="d-flex flex-wrap gap-2 mt-3">
          <button
            type="submit"
            className="btn btn-primary btn-lg till-btn"
            data-testid="till-price-submit"
          >
            {t("shops.sell.price.submit")}
          </button>
          {!open && current !== undefined && (
            <button
              type="button"
              className="btn btn-outline-secondary btn-lg till-btn"
              onClick={() => put(undefined)}
              data-testid="till-price-reset"
            >
              {t("shops.sell.price.reset")}
            </button>
          )}
        </div>
      </form>
    </TillDialog>
  );
}
