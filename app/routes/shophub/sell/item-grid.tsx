import { useEffect, useRef } from "react";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht } from "~/lib/money";
import { formatQuantityMilli } from "~/modules/sales";
import type { TillTile } from "./till-data";

/** Tiles drawn at once: a tablet stays quick; search or a category reaches the others. */
export const GRID_LIMIT = 60;

export function CategoryChips({
  categories,
  chosen,
  onChoose,
}: {
  categories: readonly string[];
  chosen: string | null;
  onChoose: (category: string | null) => void;
}) {
  const t = useT();
  if (categories.length === 0) return null;
  return (
    <div className="till-chips mb-2" role="group" aria-label={t("shops.sell.category.label")}>
      {[null, ...categories].map((category) => (
        <button
          key={category ?? ""}
          type="button"
          className={`btn btn-sm ${chosen === category ? "btn-primary" : "btn-outline-primary"}`}
          aria-pressed={chosen === category}
          onClick={() => onChoose(category)}
          data-testid="till-category"
        >
          {category ?? t("shops.sell.category.all")}
        </button>
      ))}
    </div>
  );
}

export function ItemGrid({
  tiles,
  total,
  highlighted,
  onPick,
}: {
  /** The tiles of the items that match, all of them (only GRID_LIMIT are drawn). */
  tiles: readonly TillTile[];
  /** How many items the shop sells. */
  total: number;
  /** The position of the tile Enter in the search field adds, or null. */
  highlighted: number | null;
  /** `byPointer`: a tap or click (keyboard activation has no pointer). */
  onPick: (tile: TillTile, byPointer: boolean) => void;
}) {
  const t = useT();
  const lang = useLang();
  const list = useRef<HTMLUListElement>(null);
  // The arrow keys move the highlight past what is on screen: it stays in view.
  useEffect(() => {
    if (highlighted === null) return;
    list.current?.children[highlighted]?.scrollIntoView({ block: "nearest" });
  }, [highlighted]);
  if (total === 0) return <p className="text-body-secondary">{t("shops.sell.grid.noItems")}</p>;
  if (tiles.length === 0) return <p className="text-body-secondary">{t("shops.sell.grid.none")}</p>;
  const shown = tiles.slice(0, GRID_LIMIT);
  return (
    <>
      <ul
        ref={list}
        className="row row-cols-2 row-cols-md-3 g-2 list-unstyled mb-2"
        aria-label={t("shops.sell.grid.label")}
      >
        {shown.map((tile, position) => {
          const { item, group } = tile;
          const onHandMilli = group?.onHandMilli ?? item.onHandMilli;
          const out = onHandMilli <= 0;
          const price = !group
            ? formatBaht(item.priceSatang, lang)
            : group.fromSatang === group.toSatang
              ? formatBaht(group.fromSatang, lang)
              : t("shops.sell.variants.priceRange", {
                  from: formatBaht(group.fromSatang, lang),
                  to: formatBaht(group.toSatang, lang),
                });
          return (
            <li key={group ? `g${group.groupId}` : item.id} className="col">
              <button
                type="button"
                className={`btn btn-outline-secondary till-tile d-flex gap-2 align-items-start p-2${out ? " till-out" : ""}${position === highlighted ? " till-tile-highlight" : ""}`}
                onClick={(event) => onPick(tile, event.detail > 0)}
                data-testid="till-item"
                data-sku={group ? undefined : item.sku}
                data-variant-group={group?.name}
                aria-haspopup={group ? "dialog" : undefined}
                data-highlighted={position === highlighted ? "yes" : undefined}
              >
                {item.imageUrl ? (
                  <img
                    src={item.imageUrl}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    width={56}
                    height={56}
                  />
                ) : (
                  <span className="till-tile-photo" aria-hidden="true" />
                )}
                <span className="d-flex flex-column small text-break">
                  {/* Read before the tile's own text, so its name still contains what it shows. */}
                  <span className="visually-hidden">
                    {t(group ? "shops.sell.variants.choose" : "shops.sell.grid.add")}
                  </span>
                  <span className="fw-semibold">{group?.name ?? item.name}</span>
                  <span>{price}</span>
                  {out ? (
                    <span className="badge text-bg-danger align-self-start" data-testid="till-out">
                      {t("shops.sell.grid.outOfStock")}
                    </span>
                  ) : (
                    <span className="text-body-secondary" data-testid="till-on-hand">
                      {t("shops.sell.grid.onHand", {
                        qty: formatQuantityMilli(onHandMilli, lang),
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
      {tiles.length > shown.length && (
        <p className="small text-body-secondary">
          {t("shops.sell.grid.more", { shown: shown.length, total: tiles.length })}
        </p>
      )}
    </>
  );
}
