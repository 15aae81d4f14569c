import { Form, Link } from "react-router";
import { ShopIdField } from "~/features/shops/shop-form";
import { formatDateTime } from "~/lib/dates";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht, formatQuantity } from "~/lib/money";
import { formatQuantityMilli } from "~/lib/quantity";
import { signed } from "../stock-text";
import type { ChosenItem, LedgerPage } from "./page-data";
import { useHref } from "./use-href";

/** How many movements there are, and the page of them: date, document, quantity, running. */
export function LedgerTable({
  ledger,
  item,
  showCosts,
  here,
}: {
  ledger: LedgerPage;
  item: ChosenItem | null;
  showCosts: boolean;
  here: string;
}) {
  const t = useT();
  const lang = useLang();
  const href = useHref();
  return (
    <>
      <p className="text-secondary small" data-testid="ledger-count">
        {ledger.capped
          ? t("storehub.storage.ledgerCountCapped", {
              count: formatQuantity(ledger.cap, lang),
            })
          : t("storehub.storage.ledgerCount", { count: formatQuantity(ledger.total, lang) })}
      </p>
      {ledger.rows.length === 0 ? (
        <p data-testid="ledger-empty">{t("storehub.storage.ledgerEmpty")}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle small" data-testid="ledger">
            <thead>
              <tr>
                <th scope="col">{t("storehub.storage.column.date")}</th>
                <th scope="col">{t("storehub.storage.column.document")}</th>
                <th scope="col">{t("storehub.storage.column.kind")}</th>
                {!item && <th scope="col">{t("storehub.storage.column.item")}</th>}
                <th scope="col">{t("storehub.storage.column.location")}</th>
                <th scope="col" className="text-end">
                  {t("storehub.storage.column.qty")}
                </th>
                <th scope="col" className="text-end">
                  {t(
                    ledger.running === "location"
                      ? "storehub.storage.column.runningLocation"
                      : "storehub.storage.column.runningItem",
                  )}
                </th>
                {showCosts && (
                  <>
                    <th scope="col" className="text-end">
                      {t("storehub.storage.column.unitCost")}
                    </th>
                    <th scope="col" className="text-end">
                      {t("storehub.storage.column.value")}
                    </th>
                  </>
                )}
                <th scope="col">{t("storehub.storage.column.reference")}</th>
                <th scope="col">{t("storehub.storage.column.reason")}</th>
                <th scope="col">{t("storehub.storage.column.member")}</th>
              </tr>
            </thead>
            <tbody>
              {ledger.rows.map((row) => (
                <tr key={row.id} data-testid="ledger-row" data-document-id={row.documentId}>
                  <td className="text-nowrap">{formatDateTime(row.createdAt, lang)}</td>
                  <td className="text-nowrap">
                    <span data-testid="ledger-document">{row.documentNumber}</span>
                    <div className="text-secondary">
                      {t(`storehub.documentKind.${row.documentKind}`)}
                    </div>
                    {row.reversedBy && (
                      <div className="badge text-bg-warning">
                        {t("storehub.storage.reversedBy", { number: row.reversedBy })}
                      </div>
                    )}
                    {row.canReverse && (
                      <Form method="post" action={`${here}#storage-confirm`}>
                        <ShopIdField />
                        <input type="hidden" name="intent" value="reverse" />
                        <input type="hidden" name="documentId" value={row.documentId} />
                        <button
                          type="submit"
                          className="btn btn-link btn-sm p-0"
                          data-testid="ledger-reverse"
                        >
                          {t("storehub.storage.reverse")}
                        </button>
                      </Form>
                    )}
                  </td>
                  <td data-testid="ledger-kind">
                    {row.documentKind === "reversal"
                      ? t("storehub.kind.reversalOf", { kind: t(`storehub.kind.${row.kind}`) })
                      : t(`storehub.kind.${row.kind}`)}
                  </td>
                  {!item && (
                    <td>
                      <Link to={href({ item: row.itemId, page: null })}>{row.itemName}</Link>
                      <div className="text-secondary">{row.sku}</div>
                    </td>
                  )}
                  <td>{row.locationPath}</td>
                  <td
                    className={`text-end text-nowrap ${row.qty < 0 ? "text-danger" : "text-success"}`}
                    data-testid="ledger-qty"
                  >
                    {signed(row.qty, lang)}
                  </td>
                  <td className="text-end" data-testid="ledger-running">
                    {formatQuantityMilli(row.running, lang)}
                  </td>
                  {showCosts && (
                    <>
                      <td className="text-end text-nowrap">
                        {formatBaht(row.unitCostSatang ?? 0, lang)}
                      </td>
                      <td className="text-end text-nowrap">
                        {formatBaht(row.valueSatang ?? 0, lang)}
                      </td>
                    </>
                  )}
                  <td>{row.reference}</td>
                  <td data-testid="ledger-reason">{row.reason}</td>
                  <td>{row.userName ?? t("storehub.deletedMember")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
