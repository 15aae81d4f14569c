import type { ReactNode } from "react";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht } from "~/lib/money";
import { formatQuantityMilli } from "~/lib/quantity";
import type { ItemRow } from "~/modules/stock";
import { ItemStatusBadges, SortHeader } from "./storehub-ui";

/**
 * A page of items: name, SKU, barcode, on hand, value at cost, price and status, with
 * sortable headers. Pages add a first column (a checkbox) or a last one (actions).
 */
export function ItemTable({
  rows,
  sort,
  descending,
  name,
  leading,
  leadingHeader,
  actions,
  actionsHeader,
  hash,
  showCosts = true,
}: {
  rows: ItemRow[];
  /** Whether the value-at-cost column shows (cashiers see no costs). */
  showCosts?: boolean;
  sort: string;
  descending: boolean;
  /** How the item's name shows: a link to its page, or plain text. */
  name: (item: ItemRow) => ReactNode;
  leading?: (item: ItemRow) => ReactNode;
  leadingHeader?: ReactNode;
  actions?: (item: ItemRow) => ReactNode;
  actionsHeader?: string;
  hash?: string;
}) {
  const t = useT();
  const lang = useLang();
  const sortProps = { sort, descending, hash };
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle" data-testid="item-table">
        <thead>
          <tr>
            {leading && <th scope="col">{leadingHeader}</th>}
            <SortHeader column="name" label={t("storehub.field.name")} {...sortProps} />
            <SortHeader column="sku" label={t("storehub.column.sku")} {...sortProps} />
            <th scope="col">{t("storehub.field.barcode")}</th>
            <SortHeader
              column="onHand"
              label={t("storehub.column.onHand")}
              className="text-end"
              {...sortProps}
            />
            {showCosts && (
              <SortHeader
                column="value"
                label={t("storehub.column.value")}
                className="text-end"
                {...sortProps}
              />
            )}
            <SortHeader
              column="price"
              label={t("storehub.column.price")}
              className="text-end"
              {...sortProps}
            />
            <th scope="col">{t("storehub.column.status")}</th>
            {actions && <th scope="col">{actionsHeader ?? t("storehub.column.actions")}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((item) => (
            <tr key={item.id} data-testid="item-row" data-item-id={item.id} data-sku={item.sku}>
              {leading && <td>{leading(item)}</td>}
              <td style={{ minWidth: "11rem" }}>{name(item)}</td>
              <td className="text-nowrap">{item.sku}</td>
              <td className="text-nowrap">{item.barcode ?? ""}</td>
              <td className="text-end text-nowrap" data-testid="item-on-hand">
                {formatQuantityMilli(item.onHand, lang)} {item.unit}
              </td>
              {showCosts && (
                <td className="text-end text-nowrap" data-testid="item-value">
                  {formatBaht(item.stockValueSatang ?? 0, lang)}
                </td>
              )}
              <td className="text-end text-nowrap">{formatBaht(item.priceSatang, lang)}</td>
              <td>
                <ItemStatusBadges
                  status={item.status}
                  onHand={item.onHand}
                  reorderLevel={item.reorderLevel}
                />
              </td>
              {actions && <td className="text-nowrap">{actions(item)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
