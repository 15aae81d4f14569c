import { Badge, Card, Col, Row, Table } from "react-bootstrap";
import { Link } from "react-router";
import type { Route } from "./+types/route";
import { appContext } from "~/context";
import { shopsMeta } from "~/layout/shops-page";
import { formatDateTime, weekdayName } from "~/lib/dates";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatSatang } from "~/lib/money";
import { formatQuantityMilli } from "~/lib/quantity";
import { shopDashboard, type DayFigures } from "~/modules/sales/index.server";
import { activeShopOf } from "~/routes/_gates/session.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { useLiveRevalidate } from "~/ui/use-live-revalidate";
import { DASHBOARD_ROLES } from "./roles";
import { maySeeCosts } from "~/modules/shops";

// Owners and managers see the profit; a cashier sees the sales figures only (issue 13).
export const middleware: Route.MiddlewareFunction[] = [chosenShop(DASHBOARD_ROLES)];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { shop, role } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const withProfit = maySeeCosts(role);
  const [dashboard, active] = await Promise.all([
    shopDashboard(db, shop.id, { withProfit }),
    activeShopOf(context),
  ]);
  return {
    shop: { id: shop.id, name: shop.name },
    withProfit,
    // The stock stream (which every sale's movements fire) follows the active shop only.
    live: active?.shop.id === shop.id,
    ...dashboard,
  };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  shopsMeta(matches, location.pathname, "shops.dashboard.title");

export default function ShopDashboard({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { shop, withProfit, today, yesterday, lastWeek, drawer } = loaderData;
  useLiveRevalidate(
    loaderData.live ? `/storehub/live?shopId=${encodeURIComponent(shop.id)}` : null,
    "stock",
  );
  const days: { key: string; label: string; figures: DayFigures }[] = [
    { key: "today", label: t("shops.dashboard.today"), figures: today },
    { key: "yesterday", label: t("shops.dashboard.yesterday"), figures: yesterday },
    {
      key: "lastWeek",
      label: t("shops.dashboard.lastWeek", { day: weekdayName(lastWeek.day, lang) }),
      figures: lastWeek,
    },
  ];
  const rows: { key: string; label: string; value: (f: DayFigures) => string }[] = [
    { key: "sales", label: t("shops.dashboard.sales"), value: (f) => formatSatang(f.salesSatang) },
    {
      key: "returns",
      label: t("shops.dashboard.returns"),
      value: (f) => formatSatang(f.returnsSatang),
    },
    { key: "bills", label: t("shops.dashboard.bills"), value: (f) => String(f.bills) },
    {
      key: "average",
      label: t("shops.dashboard.average"),
      value: (f) => formatSatang(f.averageSatang),
    },
    ...(withProfit
      ? [
          {
            key: "profit",
            label: t("shops.dashboard.profit"),
            value: (f: DayFigures) => formatSatang(f.grossProfitSatang ?? 0),
          },
        ]
      : []),
    { key: "cash", label: t("shops.dashboard.cash"), value: (f) => formatSatang(f.cashSatang) },
  ];
  const q = `?shop=${shop.id}`;
  return (
    <>
      <h1 className="h2">{t("shops.dashboard.title")}</h1>
      <p
        className="text-secondary d-flex flex-wrap align-items-center gap-2"
        data-testid="shop-name"
      >
        {shop.name}
        <Link className="btn btn-sm btn-primary" to={`/shophub/sell${q}`}>
          {t("shops.dashboard.toTill")}
        </Link>
        <Link className="btn btn-sm btn-outline-secondary" to={`/shophub/invoices${q}`}>
          {t("shops.dashboard.toInvoices")}
        </Link>
        <Link className="btn btn-sm btn-outline-secondary" to={`/shophub/stock${q}`}>
          {t("shops.dashboard.toStock")}
        </Link>
        {/* Each member's own PIN for the shared till (decision 0088). */}
        <Link className="btn btn-sm btn-outline-secondary" to={`/shophub/till-pin${q}`}>
          {t("shops.staff.pin.title")}
        </Link>
      </p>
      <p className="lead text-secondary">{t("shops.dashboard.lead")}</p>

      <Row className="g-3 mb-3">
        <Col xs={6} md={3}>
          <Card body data-testid="today-sales">
            <div className="text-secondary small">{t("shops.dashboard.sales")}</div>
            <div className="fs-3 fw-bold">{formatSatang(today.salesSatang)}</div>
          </Card>
        </Col>
        <Col xs={6} md={3}>
          <Card body data-testid="today-bills">
            <div className="text-secondary small">{t("shops.dashboard.bills")}</div>
            <div className="fs-3 fw-bold">{today.bills}</div>
          </Card>
        </Col>
        {withProfit && (
          <Col xs={6} md={3}>
            <Card body data-testid="today-profit">
              <div className="text-secondary small">{t("shops.dashboard.profit")}</div>
              <div className="fs-3 fw-bold">{formatSatang(today.grossProfitSatang ?? 0)}</div>
            </Card>
          </Col>
        )}
        <Col xs={6} md={3}>
          <Card body data-testid="drawer-cash">
            <div className="text-secondary small">{t("shops.dashboard.drawer")}</div>
            <div className="fs-3 fw-bold">
              {formatSatang(drawer ? drawer.expectedCashSatang : today.cashSatang)}
            </div>
            <div className="small text-secondary">
              {drawer
                ? t("shops.dashboard.drawerShifts", { count: drawer.openShifts })
                : t("shops.dashboard.drawerNoShift")}
            </div>
          </Card>
        </Col>
      </Row>

      <Table responsive size="sm" className="mb-4" data-testid="day-figures">
        <caption>{t("shops.dashboard.figuresCaption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("shops.dashboard.figure")}</th>
            {days.map((day) => (
              <th scope="col" className="text-end" key={day.key}>
                {day.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-testid={`figure-${row.key}`}>
              <th scope="row">{row.label}</th>
              {days.map((day) => (
                <td className="text-end text-nowrap" key={day.key} data-day={day.key}>
                  {row.value(day.figures)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>

      <Row className="g-4">
        <Col lg={6}>
          <h2 className="h5">{t("shops.dashboard.topItems")}</h2>
          {loaderData.topItems.length === 0 ? (
            <p className="text-secondary">{t("shops.dashboard.topItemsEmpty")}</p>
          ) : (
            <Table size="sm" data-testid="top-items">
              <thead>
                <tr>
                  <th scope="col">{t("shops.dashboard.col.item")}</th>
                  <th scope="col" className="text-end">
                    {t("shops.dashboard.col.qty")}
                  </th>
                  <th scope="col" className="text-end">
                    {t("shops.dashboard.col.amount")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {loaderData.topItems.map((item) => (
                  <tr key={item.itemId}>
                    <td>{item.name}</td>
                    <td className="text-end text-nowrap">
                      {formatQuantityMilli(item.qtyMilli, lang)} {item.unit}
                    </td>
                    <td className="text-end text-nowrap">{formatSatang(item.totalSatang)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </Col>
        <Col lg={6}>
          <h2 className="h5">{t("shops.dashboard.lowStock")}</h2>
          {loaderData.lowStock.length === 0 ? (
            <p className="text-secondary">{t("shops.dashboard.lowStockEmpty")}</p>
          ) : (
            <>
              <Table size="sm" data-testid="low-stock">
                <thead>
                  <tr>
                    <th scope="col">{t("shops.dashboard.col.item")}</th>
                    <th scope="col" className="text-end">
                      {t("shops.dashboard.col.onHand")}
                    </th>
                    <th scope="col" className="text-end">
                      {t("shops.dashboard.col.reorder")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {loaderData.lowStock.map((item) => (
                    <tr key={item.itemId}>
                      <td>{item.name}</td>
                      <td className="text-end text-nowrap">
                        {formatQuantityMilli(item.onHandMilli, lang)} {item.unit}
                      </td>
                      <td className="text-end text-nowrap">
                        {formatQuantityMilli(item.reorderLevelMilli, lang)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
              <Link to={`/shophub/stock${q}&low=1`}>
                {t("shops.dashboard.lowStockMore", { count: loaderData.lowStockCount })}
              </Link>
            </>
          )}
        </Col>
        <Col xs={12}>
          <h2 className="h5">{t("shops.dashboard.latest")}</h2>
          {loaderData.latestSales.length === 0 ? (
            <p className="text-secondary">{t("shops.dashboard.latestEmpty")}</p>
          ) : (
            <Table responsive size="sm" data-testid="latest-sales">
              <thead>
                <tr>
                  <th scope="col">{t("shops.dashboard.col.number")}</th>
                  <th scope="col">{t("shops.dashboard.col.time")}</th>
                  <th scope="col">{t("shops.dashboard.col.cashier")}</th>
                  <th scope="col" className="text-end">
                    {t("shops.dashboard.col.total")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {loaderData.latestSales.map((row) => (
                  <tr key={row.id}>
                    <td className="text-nowrap">
                      <Link to={`/shophub/invoices/${row.id}${q}`}>{row.documentNumber}</Link>{" "}
                      {row.status === "void" && (
                        <Badge bg="danger">{t("shops.dashboard.void")}</Badge>
                      )}
                    </td>
                    <td className="text-nowrap">{formatDateTime(row.createdAt, lang)}</td>
                    <td>{row.cashierName}</td>
                    <td className="text-end text-nowrap">{formatSatang(row.totalSatang)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </Col>
      </Row>
    </>
  );
}
