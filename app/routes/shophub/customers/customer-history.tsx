import { Card, Col, Row, Table } from "react-bootstrap";
import { Link } from "react-router";
import { formatDateTime } from "~/lib/dates";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht } from "~/lib/money";

/*
 * What a customer bought, their totals and their points history, on their page (issue 37, decisions 0082).
 */

/** What a points entry was (decision 0082). */
const POINTS_KIND_TEXT = {
  earn: "shops.customers.points.kind.earn",
  redeem: "shops.customers.points.kind.redeem",
  void: "shops.customers.points.kind.void",
  return: "shops.customers.points.kind.return",
} as const satisfies Record<string, MessageKey>;

export interface PurchaseRow {
  saleId: number;
  documentNumber: string;
  status: string;
  totalSatang: number;
  soldAt: string;
}

export interface PointsRow {
  id: number;
  kind: keyof typeof POINTS_KIND_TEXT;
  saleId: number | null;
  documentNumber: string | null;
  points: number;
  valueSatang: number;
  balanceAfter: number;
  createdAt: string;
}

export function CustomerPurchases({
  shopId,
  purchases,
}: {
  shopId: string;
  purchases: PurchaseRow[];
}) {
  const t = useT();
  const lang = useLang();
  return (
    <>
      <h2 className="h4 mt-4">{t("shops.customers.detail.purchases")}</h2>
      {purchases.length === 0 ? (
        <p className="text-secondary">{t("shops.customers.detail.noPurchases")}</p>
      ) : (
        <Table responsive data-testid="customer-purchases">
          <thead>
            <tr>
              <th>{t("shops.customers.detail.col.date")}</th>
              <th>{t("shops.customers.detail.col.number")}</th>
              <th className="text-end">{t("shops.customers.detail.col.total")}</th>
            </tr>
          </thead>
          <tbody>
            {purchases.map((row) => (
              <tr key={row.saleId}>
                <td>{formatDateTime(row.soldAt, lang)}</td>
                <td>
                  <Link to={`/shophub/invoices/${row.saleId}?shop=${encodeURIComponent(shopId)}`}>
                    {row.documentNumber}
                  </Link>
                  {row.status === "void" && (
                    <span className="badge text-bg-secondary ms-2">
                      {t("shops.customers.detail.voided")}
                    </span>
                  )}
                </td>
                <td className="text-end">{formatBaht(row.totalSatang, lang)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}

export function CustomerPointsHistory({ shopId, rows }: { shopId: string; rows: PointsRow[] }) {
  const t = useT();
  const lang = useLang();
  return (
    <>
      <h2 className="h4 mt-4">{t("shops.customers.points.history")}</h2>
      {rows.length === 0 ? (
        <p className="text-secondary">{t("shops.customers.points.none")}</p>
      ) : (
        <Table responsive data-testid="customer-points-history">
          <thead>
            <tr>
              <th>{t("shops.customers.detail.col.date")}</th>
              <th>{t("shops.customers.points.col.what")}</th>
              <th>{t("shops.customers.detail.col.number")}</th>
              <th className="text-end">{t("shops.customers.points.col.points")}</th>
              <th className="text-end">{t("shops.customers.points.col.after")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>{formatDateTime(row.createdAt, lang)}</td>
                <td>
                  {t(POINTS_KIND_TEXT[row.kind])}
                  {row.kind === "redeem" && ` (${formatBaht(row.valueSatang, lang)})`}
                </td>
                <td>
                  {row.saleId !== null && (
                    <Link to={`/shophub/invoices/${row.saleId}?shop=${encodeURIComponent(shopId)}`}>
                      {row.documentNumber}
                    </Link>
                  )}
                </td>
                <td className="text-end">{row.points > 0 ? `+${row.points}` : row.points}</td>
                <td className="text-end">{row.balanceAfter}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}

/** The customer's totals: bills, what they spent (and returned), last visit, points. */
export function CustomerTotals({
  saleCount,
  totalSatang,
  returnedSatang,
  lastVisit,
  pointsBalance,
}: {
  saleCount: number;
  totalSatang: number;
  returnedSatang: number;
  lastVisit: string | null;
  pointsBalance: number;
}) {
  const t = useT();
  const lang = useLang();
  return (
    <Row className="g-3 mb-4" data-testid="customer-totals">
      <Col sm={6} lg={3}>
        <Card body>
          <div className="text-secondary small">{t("shops.customers.detail.saleCount")}</div>
          <div className="fs-4">{saleCount}</div>
        </Card>
      </Col>
      <Col sm={6} lg={3}>
        <Card body>
          <div className="text-secondary small">{t("shops.customers.detail.total")}</div>
          <div className="fs-4" data-testid="customer-total">
            {formatBaht(totalSatang, lang)}
          </div>
          {returnedSatang > 0 && (
            <div className="small text-secondary" data-testid="customer-returned">
              {t("shops.customers.detail.returned", {
                amount: formatBaht(returnedSatang, lang),
                net: formatBaht(totalSatang - returnedSatang, lang),
              })}
            </div>
          )}
        </Card>
      </Col>
      <Col sm={6} lg={3}>
        <Card body>
          <div className="text-secondary small">{t("shops.customers.detail.lastVisit")}</div>
          <div className="fs-5">
            {lastVisit ? formatDateTime(lastVisit, lang) : t("shops.customers.detail.never")}
          </div>
        </Card>
      </Col>
      <Col sm={6} lg={3}>
        <Card body>
          <div className="text-secondary small">{t("shops.customers.points.balance")}</div>
          <div className="fs-4" data-testid="customer-points">
            {pointsBalance.toLocaleString(lang === "th" ? "th-TH" : "en-US")}
          </div>
        </Card>
      </Col>
    </Row>
  );
}
