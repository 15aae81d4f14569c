import { useEffect, useState } from "react";
import { Link } from "react-router";
import { formatDateTime } from "~/lib/dates";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht } from "~/lib/money";
import type { TillRecentAnswer } from "./recent";

/*
 * The till's last receipts (issue 37, decision 0088), loaded when the cashier opens them: each
 * opens the sale's page at its return form, where goods come back on a credit note by the
 * sale's own rules. A cashier who took over the till by PIN takes them back under a cashier's
 * rules: the link names their switch, and the page acts as them.
 */
export function RecentReceipts({
  shopId,
  tillName,
  cashier,
}: {
  shopId: string;
  tillName: string;
  /** The cashier who took over the till by PIN, when one did. */
  cashier: { switchId: string; tillId: string } | null;
}) {
  const t = useT();
  const lang = useLang();
  const [sales, setSales] = useState<TillRecentAnswer["sales"] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    const query = new URLSearchParams({ shop: shopId, till: tillName });
    fetch(`/shophub/sell/recent?${query}`, {
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const answer = (await response.json()) as TillRecentAnswer;
        if (alive) setSales(answer.sales);
      })
      .catch(() => {
        if (alive) setFailed(true);
      });
    return () => {
      alive = false;
    };
  }, [shopId, tillName]);

  if (failed) return <p data-testid="till-recent-failed">{t("shops.sell.recent.failed")}</p>;
  if (!sales) return <p role="status">{t("shops.sell.staff.loading")}</p>;
  if (sales.length === 0)
    return <p data-testid="till-recent-none">{t("shops.sell.recent.none")}</p>;
  const hrefOf = (id: number) => {
    const query = new URLSearchParams({ shop: shopId });
    if (cashier) {
      query.set("cashier", cashier.switchId);
      query.set("till", cashier.tillId);
    }
    return `/shophub/invoices/${id}?${query}#return`;
  };
  return (
    <>
      <p className="small text-secondary">{t("shops.sell.recent.lead")}</p>
      <ul className="list-group" data-testid="till-recent">
        {sales.map((sale) => (
          <li
            key={sale.id}
            className="list-group-item d-flex flex-wrap align-items-center gap-2"
            data-testid="till-recent-row"
          >
            <span className="me-auto">
              <strong>{sale.documentNumber}</strong>{" "}
              <span className="small text-secondary">
                {formatDateTime(sale.createdAt, lang)} · {sale.cashierName}
              </span>
              <br />
              {formatBaht(sale.totalSatang, lang)}
              {sale.returnedSatang > 0 &&
                ` · ${t("shops.sell.recent.returned", { amount: formatBaht(sale.returnedSatang, lang) })}`}
              {sale.status === "void" && ` · ${t("shops.sell.recent.void")}`}
            </span>
            {sale.status === "completed" && (
              <Link
                to={hrefOf(sale.id)}
                className="btn btn-outline-primary till-btn"
                data-testid="till-recent-return"
              >
                {t("shops.sell.recent.return")}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
