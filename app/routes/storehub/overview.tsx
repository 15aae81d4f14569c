import type { ReactNode } from "react";
import { Form, useLocation, Link } from "react-router";
import type { Route } from "./+types/overview";
import { appContext } from "~/context";
import { limitSearches } from "~/modules/platform/index.server";
import { tooManyRequestsPage } from "~/routes/errors.server";
import { formatDateTime } from "~/lib/dates";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht, formatQuantity } from "~/lib/money";
import { formatQuantityMilli } from "~/lib/quantity";
import { readItemListParams, toItemQuery, toItemRow } from "~/modules/stock";
import { maySeeCosts } from "~/modules/shops";
import {
  cachedShopStock,
  searchItems,
  getStockOverview,
  STOCK_WRITERS,
} from "~/modules/stock/index.server";
import { storehubVisitOf } from "~/routes/_gates/storehub.server";
import { storehubHandle } from "~/routes/_gates/storehub-handle";
import { langOf } from "~/lib/i18n/lang.server";
import { Pagination } from "~/ui/pagination";
import { ItemTable } from "~/features/storehub/item-table";
import {
  ItemQueryFields,
  storehubMeta,
  useStorehubPaginationLabels,
  withParams,
} from "~/features/storehub/storehub-ui";

/** Where a new shop is created (the shops area); visitors register or sign in first. */
const NEW_SHOP_PATH = "/shophub/new";

// Visitors and members without a shop see this page too (what storehub is, how to start):
// the storehub gate reads it here, not from the URL.
export const handle = storehubHandle.introduction;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const visit = await storehubVisitOf(context, request);
  const { db } = context.get(appContext);
  // Visitors and members without a shop see what storehub is and how to start.
  if (visit.kind === "intro") return { kind: "intro" as const, signedIn: visit.signedIn };
  const { shopId, active } = visit.access;
  const showCosts = maySeeCosts(active.role);
  const asked = readItemListParams(url.searchParams);
  // Sorting by value would reveal the costs' order to a cashier.
  const params = !showCosts && asked.sort === "value" ? { ...asked, sort: "name" as const } : asked;
  if (params.q) {
    await limitSearches(db, context.get(appContext).clientAddress).catch(
      tooManyRequestsPage(langOf(context)),
    );
  }
  const overview = await getStockOverview(db, shopId, langOf(context));
  // The plain list (active items, no search) is as long as the overview's count: the page
  // then costs one index scan instead of a second pass over every item of the shop.
  const plainList = params.q === "" && !params.lowStock && params.status === "active";
  const query = {
    ...toItemQuery(params),
    ...(plainList ? { knownTotal: overview.activeItems } : {}),
  };
  // A page of the list without a search is kept until the shop's stock or items change, like
  // the totals above; a search is always run.
  const items = params.q
    ? await searchItems(db, shopId, query)
    : await cachedShopStock(
        shopId,
        `items:${JSON.stringify(query)}`,
        () => searchItems(db, shopId, query),
        (page) => page.rows.length,
      );
  return {
    kind: "shop" as const,
    canWrite: STOCK_WRITERS.includes(active.role),
    showCosts,
    params,
    overview: {
      activeItems: overview.activeItems,
      archivedItems: overview.archivedItems,
      unitsOnHand: overview.unitsOnHand,
      // Value at cost: a cashier's data does not hold it (maySeeCosts).
      ...(showCosts ? { stockValueSatang: overview.stockValueSatang } : {}),
      lowStockCount: overview.lowStockCount,
      lowStock: overview.lowStock,
      latestMovements: overview.latestMovements.map((movement) => ({
        id: movement.id,
        kind: movement.kind,
        documentKind: movement.documentKind,
        itemId: movement.itemId,
        itemName: movement.itemName,
        unit: movement.unit,
        locationName: movement.locationName,
        qty: movement.qty,
        itemQtyAfter: movement.itemQtyAfter,
        userName: movement.userName,
        createdAt: movement.createdAt,
      })),
    },
    items: {
      ...items,
      rows: items.rows.map((row) => toItemRow(row, { costs: showCosts })),
    },
  };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  storehubMeta(matches, location.pathname, "storehub.overview.title");

export default function StorehubOverview({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "intro") return <Introduction signedIn={loaderData.signedIn} />;
  return <ShopOverview data={loaderData} />;
}

const FEATURES = [
  ["storehub.intro.receiveTitle", "storehub.intro.receive"],
  ["storehub.intro.issueTitle", "storehub.intro.issue"],
  ["storehub.intro.transferTitle", "storehub.intro.transfer"],
  ["storehub.intro.countTitle", "storehub.intro.count"],
  ["storehub.intro.ledgerTitle", "storehub.intro.ledger"],
  ["storehub.intro.locationsTitle", "storehub.intro.locations"],
  ["storehub.intro.csvTitle", "storehub.intro.csv"],
  ["storehub.intro.liveTitle", "storehub.intro.live"],
] as const;

/** What storehub is, for visitors and members who have no shop yet. */
function Introduction({ signedIn }: { signedIn: boolean }) {
  const t = useT();
  const next = encodeURIComponent(NEW_SHOP_PATH);
  return (
    <div data-testid="storehub-intro">
      <h1>{t("storehub.intro.title")}</h1>
      <p className="lead">{t("storehub.intro.lead")}</p>
      <div className="row g-3 my-3">
        {FEATURES.map(([title, text]) => (
          <div key={title} className="col-md-6 col-lg-3">
            <div className="card h-100">
              <div className="card-body">
                <h2 className="h6 card-title">{t(title)}</h2>
                <p className="card-text small mb-0">{t(text)}</p>
              </div>
            </div>
          </div>
        ))}
      </div>
      <p>{signedIn ? t("storehub.intro.noShop") : t("storehub.intro.visitor")}</p>
      <div className="d-flex flex-wrap gap-2">
        {signedIn ? (
          <Link to={NEW_SHOP_PATH} className="btn btn-primary btn-lg" data-testid="create-shop">
            {t("storehub.intro.createShop")}
          </Link>
        ) : (
          <>
            <Link
              to={`/register?redirectTo=${next}`}
              className="btn btn-primary btn-lg"
              data-testid="create-shop"
            >
              {t("storehub.intro.registerToStart")}
            </Link>
            <Link to={`/user/signIn?redirectTo=${next}`} className="btn btn-outline-primary btn-lg">
              {t("storehub.intro.signInToStart")}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}

type ShopData = Extract<Route.ComponentProps["loaderData"], { kind: "shop" }>;

function ShopOverview({ data }: { data: ShopData }) {
  const t = useT();
  const lang = useLang();
  const location = useLocation();
  const paginationLabels = useStorehubPaginationLabels();
  const { overview, items, params, canWrite } = data;
  const lowHref: `/${string}` = `/storehub${withParams("", { low: "1" })}#items`;
  const filtered = params.q !== "" || params.lowStock || params.status !== "active";
  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h2 mb-0">{t("storehub.overview.title")}</h1>
        <div className="d-flex flex-wrap gap-2" data-testid="quick-links">
          {canWrite && (
            <>
              <Link to="/storehub/inout?kind=receive" className="btn btn-primary">
                {t("storehub.overview.receive")}
              </Link>
              <Link to="/storehub/inout?kind=issue" className="btn btn-outline-primary">
                {t("storehub.overview.issue")}
              </Link>
              <Link to="/storehub/add" className="btn btn-outline-primary">
                {t("storehub.nav.add")}
              </Link>
              <Link to="/storehub/import" className="btn btn-outline-secondary">
                {t("storehub.import.title")}
              </Link>
            </>
          )}
          <a
            href="/storehub/export/items.csv"
            className="btn btn-outline-secondary"
            download
            data-testid="export-items"
          >
            {t("storehub.overview.exportItems")}
          </a>
          <a
            href="/storehub/export/balances.csv"
            className="btn btn-outline-secondary"
            download
            data-testid="export-balances"
          >
            {t("storehub.overview.exportBalances")}
          </a>
        </div>
      </div>

      <div className="row g-3 mb-4">
        <Stat
          label={t("storehub.overview.items")}
          value={formatQuantity(overview.activeItems, lang)}
          note={
            overview.archivedItems > 0
              ? t("storehub.overview.archivedCount", {
                  count: formatQuantity(overview.archivedItems, lang),
                })
              : undefined
          }
          testId="stat-items"
        />
        {overview.stockValueSatang !== undefined && (
          <Stat
            label={t("storehub.overview.value")}
            value={formatBaht(overview.stockValueSatang, lang)}
            note={t("storehub.overview.valueNote")}
            testId="stat-value"
          />
        )}
        <Stat
          label={t("storehub.overview.units")}
          value={formatQuantityMilli(overview.unitsOnHand, lang)}
          note={overview.archivedItems > 0 ? t("storehub.overview.includesArchived") : undefined}
          testId="stat-units"
        />
        <Stat
          label={t("storehub.overview.lowStock")}
          value={formatQuantity(overview.lowStockCount, lang)}
          note={
            overview.lowStockCount > 0 ? (
              <Link to={lowHref}>{t("storehub.overview.lowStockShow")}</Link>
            ) : (
              t("storehub.overview.lowStockNone")
            )
          }
          warn={overview.lowStockCount > 0}
          testId="stat-low"
        />
      </div>

      <div className="row g-4 mb-4">
        <section className="col-lg-4" aria-labelledby="low-title">
          <h2 id="low-title" className="h5">
            {t("storehub.overview.lowStockTitle")}
          </h2>
          {overview.lowStock.length === 0 ? (
            <p className="text-secondary" data-testid="low-empty">
              {t("storehub.overview.lowStockNone")}
            </p>
          ) : (
            <>
              <ul className="list-group mb-2" data-testid="low-list">
                {overview.lowStock.map((item) => (
                  <li
                    key={item.id}
                    className="list-group-item d-flex justify-content-between gap-2"
                  >
                    <span>
                      {canWrite ? (
                        <Link to={`/storehub/edit?id=${item.id}`}>{item.name}</Link>
                      ) : (
                        item.name
                      )}{" "}
                      <span className="small text-secondary">{item.sku}</span>
                    </span>
                    <span className="text-nowrap text-danger-emphasis">
                      {t("storehub.overview.lowStockQty", {
                        onHand: formatQuantityMilli(item.onHand, lang),
                        level: formatQuantityMilli(item.reorderLevel, lang),
                        unit: item.unit,
                      })}
                    </span>
                  </li>
                ))}
              </ul>
              {overview.lowStockCount > overview.lowStock.length && (
                <Link to={lowHref}>
                  {t("storehub.overview.lowStockAll", {
                    count: formatQuantity(overview.lowStockCount, lang),
                  })}
                </Link>
              )}
            </>
          )}
        </section>
        <section className="col-lg-8" aria-labelledby="movements-title">
          <div className="d-flex justify-content-between align-items-baseline">
            <h2 id="movements-title" className="h5">
              {t("storehub.overview.latestMovements")}
            </h2>
            <Link to="/storehub/storage" className="small">
              {t("storehub.overview.allMovements")}
            </Link>
          </div>
          {overview.latestMovements.length === 0 ? (
            <p className="text-secondary" data-testid="movements-empty">
              {t("storehub.overview.noMovements")}
            </p>
          ) : (
            <div className="table-responsive">
              <table className="table table-sm align-middle" data-testid="movement-table">
                <thead>
                  <tr>
                    <th scope="col">{t("storehub.column.when")}</th>
                    <th scope="col">{t("storehub.column.kind")}</th>
                    <th scope="col">{t("storehub.column.item")}</th>
                    <th scope="col">{t("storehub.field.location")}</th>
                    <th scope="col" className="text-end">
                      {t("storehub.column.qty")}
                    </th>
                    <th scope="col" className="text-end">
                      {t("storehub.column.runningQty")}
                    </th>
                    <th scope="col">{t("storehub.column.who")}</th>
                  </tr>
                </thead>
                <tbody>
                  {overview.latestMovements.map((movement) => (
                    <tr key={movement.id} data-testid="movement-row">
                      <td className="text-nowrap small">
                        {formatDateTime(movement.createdAt, lang)}
                      </td>
                      <td className="text-nowrap">
                        {movement.documentKind === "opening"
                          ? t("storehub.documentKind.opening")
                          : movement.documentKind === "reversal"
                            ? // A reversal's movements keep the kind they undo; the sign and
                              // colour say what the reversal itself did.
                              t("storehub.kind.reversalOf", {
                                kind: t(`storehub.kind.${movement.kind}`),
                              })
                            : t(`storehub.kind.${movement.kind}`)}
                      </td>
                      <td style={{ minWidth: "10rem" }}>
                        <Link to={`/storehub/storage?item=${movement.itemId}`}>
                          {movement.itemName}
                        </Link>
                      </td>
                      <td className="text-nowrap">{movement.locationName}</td>
                      <td
                        className={`text-end text-nowrap ${movement.qty < 0 ? "text-danger" : "text-success"}`}
                      >
                        {movement.qty > 0 ? "+" : ""}
                        {formatQuantityMilli(movement.qty, lang)}
                      </td>
                      <td className="text-end text-nowrap">
                        {formatQuantityMilli(movement.itemQtyAfter, lang)} {movement.unit}
                      </td>
                      <td className="small text-nowrap">
                        {movement.userName ?? t("storehub.overview.formerMember")}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>

      <section id="items" aria-labelledby="items-title">
        <h2 id="items-title" className="h4">
          {t("storehub.overview.itemsTitle")}
        </h2>
        <Form
          method="get"
          action="/storehub#items"
          role="search"
          className="row g-2 align-items-end mb-3"
          key={location.search}
        >
          <ItemQueryFields
            q={params.q}
            status={params.status}
            searchId="item-search"
            searchTestId="item-search"
            statusId="item-status"
            statusTestId="item-status-filter"
          />
          <div className="col-auto">
            <div className="form-check mb-2">
              <input
                id="item-low"
                type="checkbox"
                name="low"
                value="1"
                defaultChecked={params.lowStock}
                className="form-check-input"
                data-testid="item-low-filter"
              />
              <label htmlFor="item-low" className="form-check-label">
                {t("storehub.search.lowOnly")}
              </label>
            </div>
          </div>
          {params.sort !== "name" && <input type="hidden" name="sort" value={params.sort} />}
          {params.descending && <input type="hidden" name="dir" value="desc" />}
          <div className="col-auto d-flex gap-2">
            <button type="submit" className="btn btn-primary" data-testid="item-search-submit">
              {t("storehub.search.submit")}
            </button>
            {filtered && (
              <Link to="/storehub#items" className="btn btn-outline-secondary">
                {t("storehub.search.clear")}
              </Link>
            )}
          </div>
        </Form>
        <p className="text-secondary" data-testid="item-count">
          {t("storehub.search.count", { count: formatQuantity(items.total, lang) })}
        </p>
        {items.rows.length === 0 ? (
          <p data-testid="item-empty">
            {filtered ? t("storehub.search.noMatch") : t("storehub.overview.noItems")}
            {!filtered && canWrite && (
              <>
                {" "}
                <Link to="/storehub/add">{t("storehub.overview.addFirst")}</Link>
              </>
            )}
          </p>
        ) : (
          <ItemTable
            showCosts={data.showCosts}
            rows={items.rows}
            sort={params.sort}
            descending={params.descending}
            hash="#items"
            name={(item) =>
              canWrite ? (
                <Link to={`/storehub/edit?id=${item.id}`} data-testid="item-name">
                  {item.name}
                </Link>
              ) : (
                <span data-testid="item-name">{item.name}</span>
              )
            }
            actions={(item) => (
              <span className="d-flex gap-2 small">
                {canWrite && (
                  <Link to={`/storehub/edit?id=${item.id}`}>{t("storehub.action.edit")}</Link>
                )}
                <Link to={`/storehub/storage?item=${item.id}`}>{t("storehub.action.ledger")}</Link>
              </span>
            )}
          />
        )}
        <Pagination page={items.page} pageCount={items.pageCount} labels={paginationLabels} />
      </section>
    </>
  );
}

function Stat({
  label,
  value,
  note,
  warn = false,
  testId,
}: {
  label: string;
  value: string;
  note?: ReactNode;
  warn?: boolean;
  testId: string;
}) {
  return (
    <div className="col-6 col-lg-3">
      <div className={`card h-100${warn ? " border-warning" : ""}`} data-testid={testId}>
        <div className="card-body">
          <p className="small text-secondary mb-1">{label}</p>
          <p className="h4 mb-1" data-testid={`${testId}-value`}>
            {value}
          </p>
          {note && <p className="small mb-0">{note}</p>}
        </div>
      </div>
    </div>
  );
}
