import type { Dispatch, RefObject } from "react";
import { useT } from "~/lib/i18n/use-translation";
import type { StockRule } from "./cart";
import type { TillTile } from "./till-data";
import type { TillAction } from "./till-state";

/**
 * The search by name, SKU or barcode (F2), and the camera as a scanner. In the field, the
 * arrow keys move the highlight over the items found and Enter puts the highlighted one on
 * the bill, as the shortcut legend says (issue 32.3); the search then starts over.
 */
export function TillSearch({
  inputRef,
  search,
  highlighted,
  count,
  rule,
  dispatch,
  onCamera,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  search: string;
  /** The tile Enter takes: the highlighted one of those found (null: none, or no search). */
  highlighted: TillTile | null;
  /** How many items the grid shows for the search. */
  count: number;
  rule: StockRule;
  dispatch: Dispatch<TillAction>;
  onCamera: () => void;
}) {
  const t = useT();
  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    const by = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (by !== undefined) {
      event.preventDefault();
      dispatch({ type: "highlightMoved", by, count });
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (highlighted) {
        const { item, group } = highlighted;
        dispatch({ type: "searchChosen", item, rule, group: group?.groupId ?? null });
      }
    }
  };
  return (
    <div className="d-flex gap-2 mb-2">
      <div className="flex-grow-1">
        <label htmlFor="till-search" className="visually-hidden">
          {t("shops.sell.search.label")}
        </label>
        <input
          ref={inputRef}
          id="till-search"
          type="search"
          className="form-control"
          placeholder={`${t("shops.sell.search.placeholder")} (F2)`}
          autoComplete="off"
          value={search}
          onChange={(event) => dispatch({ type: "searchTyped", search: event.target.value })}
          onKeyDown={onKeyDown}
          aria-describedby={highlighted ? "till-search-enter" : undefined}
          data-testid="till-search"
        />
        {highlighted && (
          <div id="till-search-enter" className="form-text" data-testid="till-search-enter">
            {t("shops.sell.search.enterAdds", {
              name: highlighted.group?.name ?? highlighted.item.name,
            })}
          </div>
        )}
      </div>
      <button
        type="button"
        className="btn btn-outline-primary till-btn text-nowrap"
        onClick={onCamera}
        data-testid="till-camera-open"
      >
        {t("shops.sell.camera.open")}
      </button>
    </div>
  );
}
