import { Link } from "react-router";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht } from "~/lib/money";
import { formatQuantityMilli } from "~/lib/quantity";
import type { ChosenItem, TreeNode } from "./page-data";
import { useHref } from "./use-href";

/** The chosen item: on hand (and its value), and what each place holds of it. */
export function ItemSummary({ item, tree }: { item: ChosenItem; tree: TreeNode[] }) {
  const t = useT();
  const lang = useLang();
  const href = useHref();
  return (
    <div className="mb-3" data-testid="item-summary">
      <p className="mb-1">
        <span className="text-secondary">{item.sku}</span> ·{" "}
        <span data-testid="item-on-hand">
          {item.stockValueSatang === undefined
            ? `${formatQuantityMilli(item.onHand, lang)} ${item.unit}`
            : t("storehub.storage.itemSummary", {
                qty: formatQuantityMilli(item.onHand, lang),
                unit: item.unit,
                value: formatBaht(item.stockValueSatang, lang),
              })}
        </span>{" "}
        <Link to={href({ item: null, page: null })} className="small">
          {t("storehub.storage.allItems")}
        </Link>
      </p>
      <h3 className="h6 mt-2">{t("storehub.storage.balances")}</h3>
      {tree.some((node) => node.qty !== 0) ? (
        <ul className="list-inline mb-0" data-testid="item-balances">
          {tree
            .filter((node) => node.qty !== 0)
            .map((node) => (
              <li
                key={node.id}
                className="list-inline-item badge text-bg-light fs-6 fw-normal"
                data-testid="item-balance"
                data-location-id={node.id}
              >
                {node.path}: {formatQuantityMilli(node.qty, lang)} {item.unit}
                {node.valueSatang !== undefined && (
                  <>
                    {" ("}
                    <span data-testid="item-balance-value">
                      {formatBaht(node.valueSatang, lang)}
                    </span>
                    )
                  </>
                )}
              </li>
            ))}
        </ul>
      ) : (
        <p className="text-secondary mb-0">{t("storehub.storage.noBalances")}</p>
      )}
    </div>
  );
}
