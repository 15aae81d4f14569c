import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht } from "~/lib/money";
import { formatQuantityMilli } from "~/modules/sales";
import type { TillItem } from "./till-data";

/**
 * Which variant of a group goes on the bill (decision 0080): one large button per variant, in
 * the order the shop typed their values, with its price and stock. Loaded with the first tile of
 * a group tapped, in its own chunk (the till's script budget).
 */
export function VariantPicker({
  variants,
  onChoose,
}: {
  variants: readonly TillItem[];
  /** `byPointer`: a tap or click (keyboard activation has no pointer). */
  onChoose: (item: TillItem, byPointer: boolean) => void;
}) {
  const t = useT();
  const lang = useLang();
  if (variants.length === 0) return <p>{t("shops.sell.variants.none")}</p>;
  return (
    <ul className="list-unstyled d-grid gap-2 mb-0" data-testid="till-variants">
      {variants.map((item, position) => {
        const out = item.onHandMilli <= 0;
        return (
          <li key={item.id}>
            <button
              type="button"
              className={`btn btn-outline-primary till-btn w-100 d-flex justify-content-between align-items-center gap-3 text-start${out ? " till-out" : ""}`}
              onClick={(event) => onChoose(item, event.detail > 0)}
              data-autofocus={position === 0 ? true : undefined}
              data-testid="till-variant"
              data-sku={item.sku}
            >
              <span className="fw-semibold fs-5">{item.variant?.label ?? item.name}</span>
              <span className="d-flex flex-column align-items-end small">
                <span className="fs-6">{formatBaht(item.priceSatang, lang)}</span>
                {out ? (
                  <span className="badge text-bg-danger">{t("shops.sell.grid.outOfStock")}</span>
                ) : (
                  <span className="text-body-secondary">
                    {t("shops.sell.grid.onHand", {
                      qty: formatQuantityMilli(item.onHandMilli, lang),
                      unit: item.unit,
                    })}
                  </span>
                )}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
