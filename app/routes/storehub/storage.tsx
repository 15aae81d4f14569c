import { Fragment, type ReactNode } from "react";
import { data, Form, Link, redirect, useLocation } from "react-router";
import type { Route } from "./+types/storage";
import { appContext } from "~/context";
import { limitSearches } from "~/modules/platform/search-limit.server";
import { storehubPageMeta } from "~/layout/storehub-page-meta";
import { formatDateTime } from "~/lib/bangkok-time";
import type { Lang, MessageKey, Translate } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht, formatQuantity } from "~/lib/money";
import { readPageNumber } from "~/lib/paging";
import { documentNumber } from "~/modules/stock/document-number";
import { getStockDocument, isReversible } from "~/modules/stock/documents.server";
import { findItem, searchItems } from "~/modules/stock/items.server";
import {
  listMovements,
  MOVEMENT_COUNT_CAP,
  reverseStockDocument,
} from "~/modules/stock/ledger.server";
import { LOCATION_NAME_MAX, parseLocationName } from "~/modules/stock/location-form";
import {
  buildLocationTree,
  createLocation,
  deleteLocation,
  findLocation,
  flattenLocationTree,
  listLocations,
  balancesByLocation,
  renameLocation,
} from "~/modules/stock/locations.server";
import {
  mayReverseDocuments,
  maySeeCosts,
  STOCK_WRITERS,
} from "~/modules/stock/storehub-access.server";
import { storehubOf } from "~/routes/_gates/storehub.server";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { LiveStock } from "~/ui/live-stock";
import { Pagination, type PaginationLabels } from "~/ui/pagination";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";
import { ShopChangedNotice, ShopIdField, useFormShopId } from "~/ui/shop-form";
import { truncateText } from "~/lib/truncate-text";

const SEARCH_MAX = 100;
const DONE = ["created", "renamed", "deleted", "reversed"] as const;
type Done = (typeof DONE)[number];

function readId(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shopId, active } = await storehubOf(context, request);
  const { db } = context.get(appContext);
  const params = url.searchParams;
  // An id of another shop (or nonsense) is simply not found: 404, nothing revealed.
  const itemParam = params.get("item");
  const item = itemParam === null ? null : await findItemOr404(db, shopId, itemParam);
  const locationParam = params.get("location");
  const location =
    locationParam === null ? null : await findLocationOr404(db, shopId, locationParam);
  const q = truncateText((params.get("q") ?? "").trim(), SEARCH_MAX);
  if (q) await limitSearches(db, request, context.get(appContext).clientAddress);
  const page = readPageNumber(params);

  const [locations, { quantities, values }, ledger, matches] = await Promise.all([
    listLocations(db, shopId),
    // With an item chosen the tree shows that item's quantities (cheap: one item's rows).
    balancesByLocation(db, shopId, item?.id),
    listMovements(db, shopId, { itemId: item?.id, locationId: location?.id, page }),
    q ? searchItems(db, shopId, { search: q, status: "all", page: 1, pageSize: 10 }) : null,
  ]);
  const showCosts = maySeeCosts(active.role);
  const tree = flattenLocationTree(buildLocationTree(locations, quantities)).map((node) => ({
    id: node.id,
    kind: node.kind,
    name: node.name,
    path: node.path,
    depth: node.depth,
    isDefault: node.isDefault,
    hasChildren: node.children.length > 0,
    qty: quantities.get(node.id) ?? 0,
    // A cashier sees no costs (PRODUCT.md): the value is left out of the data, not only hidden.
    valueSatang: showCosts ? (values.get(node.id) ?? 0) : null,
    totalQty: node.totalQty,
  }));
  const paths = new Map(tree.map((node) => [node.id, node.path]));
  const canWrite = STOCK_WRITERS.includes(active.role);
  const mayReverse = canWrite && mayReverseDocuments(active);
  const seenDocuments = new Set<number>();
  const done = params.get("done");
  return {
    // The shop this page is rendered for: its forms send it back (ShopIdField).
    formShopId: shopId,
    canWrite,
    showCosts,
    q,
    matches: matches?.rows.map((match) => ({
      id: match.id,
      name: match.name,
      sku: match.sku,
      onHand: match.onHand,
      unit: match.unit,
    })),
    item: item && {
      id: item.id,
      name: item.name,
      sku: item.sku,
      unit: item.unit,
      onHand: item.onHand,
      // Cashiers see no costs.
      stockValueSatang: showCosts ? item.stockValueSatang : null,
    },
    location: location && { id: location.id, path: paths.get(location.id) ?? location.name },
    tree,
    ledger: {
      page: ledger.page,
      pageCount: ledger.pageCount,
      total: ledger.total,
      capped: ledger.total >= MOVEMENT_COUNT_CAP,
      cap: MOVEMENT_COUNT_CAP,
      // When filtered by location: what was left there; otherwise the item's total.
      running: location ? "location" : "item",
      rows: ledger.rows.map((row) => {
        const firstOfDocument = !seenDocuments.has(row.documentId);
        seenDocuments.add(row.documentId);
        const documentKind = row.documentKind as Parameters<typeof documentNumber>[0];
        return {
          id: row.id,
          documentId: row.documentId,
          documentNumber: documentNumber(documentKind, row.documentNumber),
          documentKind,
          reversedBy: row.reversedBy === null ? null : documentNumber("reversal", row.reversedBy),
          canReverse:
            mayReverse &&
            firstOfDocument &&
            isReversible({ kind: documentKind, reversedBy: row.reversedBy }),
          itemId: row.itemId,
          itemName: row.itemName,
          sku: row.sku,
          unit: row.unit,
          locationId: row.locationId,
          locationPath: paths.get(row.locationId) ?? row.locationName,
          kind: row.kind,
          qty: row.qty,
          running: location ? row.locationQtyAfter : row.itemQtyAfter,
          unitCostSatang: showCosts ? row.unitCostSatang : null,
          valueSatang: showCosts ? row.valueSatang : null,
          reference: row.reference,
          reason: row.reason,
          userName: row.userName,
          createdAt: row.createdAt,
        };
      }),
    },
    done: (DONE as readonly string[]).includes(done ?? "")
      ? { what: done as Done, number: (params.get("number") ?? "").slice(0, 20) }
      : null,
  };
}

async function findItemOr404(db: Parameters<typeof findItem>[0], shopId: string, raw: string) {
  const id = readId(raw);
  const found = id === null ? null : await findItem(db, shopId, id);
  if (!found) throw data(null, { status: 404 });
  return found;
}

async function findLocationOr404(
  db: Parameters<typeof findLocation>[0],
  shopId: string,
  raw: string,
) {
  const id = readId(raw);
  const found = id === null ? null : await findLocation(db, shopId, id);
  if (!found) throw data(null, { status: 404 });
  return found;
}

/** Which form on the page an answer belongs to: "add", "location-7", "reverse". */
type Target = string;

interface Message {
  key: MessageKey;
  values?: Record<string, string | number>;
}

type ActionData =
  | { error: Message; target: Target; name?: string; adding?: boolean }
  | { confirmDelete: { id: number; path: string } }
  | {
      confirmReverse: {
        documentId: number;
        number: string;
        lines: { itemName: string; qty: number; unit: string; locationName: string }[];
      };
      error?: Message;
      reason?: string;
    };

export const action = keepFormOnShopChange(async function action({
  request,
  context,
  url,
}: Route.ActionArgs) {
  // Every change here is a writer's: a cashier gets 403 whatever the intent.
  const { shopId, user, active } = await storehubOf(context, request);
  const { db, logger } = context.get(appContext);
  const form = await request.formData();
  const intent = form.get("intent");
  const back = (done: Done, extra: Record<string, string> = {}) => {
    const params = new URLSearchParams(url.search);
    params.delete("number");
    params.set("done", done);
    for (const [key, value] of Object.entries(extra)) params.set(key, value);
    return redirect(`${url.pathname}?${params}`);
  };
  const fail = (target: Target, key: MessageKey, status = 400, extra: Partial<ActionData> = {}) =>
    data<ActionData>({ error: { key }, target, ...extra } as ActionData, { status });

  if (intent === "addLocation") {
    const rawParent = form.get("parentId");
    const parentId = rawParent === null || rawParent === "" ? null : readId(rawParent);
    const target = parentId === null ? "add" : `location-${parentId}`;
    if (rawParent && parentId === null) return fail(target, "storehub.error.locationNotFound", 404);
    const name = parseLocationName(form.get("name"));
    if (!name.ok)
      return fail(target, name.error, 400, {
        name: String(form.get("name") ?? ""),
        adding: true,
      });
    const created = await createLocation(db, shopId, { parentId, name: name.name });
    if (!created.ok) {
      if (created.error === "parentNotFound" || created.error === "notFound") {
        return fail(target, "storehub.error.locationNotFound", 404);
      }
      const key =
        created.error === "binHasNoChildren"
          ? "storehub.storage.error.binHasNoChildren"
          : "storehub.storage.error.nameTaken";
      return fail(target, key, 400, { name: name.name, adding: true });
    }
    logger.info({ shopId, userId: user.id, locationId: created.location.id }, "location added");
    return back("created");
  }

  if (intent === "renameLocation" || intent === "deleteLocation") {
    const locationId = readId(form.get("locationId"));
    const target = `location-${locationId ?? 0}`;
    if (locationId === null) return fail(target, "storehub.error.locationNotFound", 404);
    if (intent === "renameLocation") {
      const name = parseLocationName(form.get("name"));
      if (!name.ok) return fail(target, name.error, 400, { name: String(form.get("name") ?? "") });
      const renamed = await renameLocation(db, shopId, locationId, name.name);
      if (!renamed.ok) {
        return renamed.error === "notFound"
          ? fail(target, "storehub.error.locationNotFound", 404)
          : fail(target, "storehub.storage.error.nameTaken", 400, { name: name.name });
      }
      return back("renamed");
    }
    if (form.get("confirmed") !== "1") {
      const location = await findLocation(db, shopId, locationId);
      if (!location) return fail(target, "storehub.error.locationNotFound", 404);
      const tree = flattenLocationTree(
        buildLocationTree(await listLocations(db, shopId), new Map()),
      );
      const path = tree.find((node) => node.id === locationId)?.path ?? location.name;
      return data<ActionData>({ confirmDelete: { id: locationId, path } });
    }
    const deleted = await deleteLocation(db, shopId, locationId);
    if (!deleted.ok) {
      return deleted.error === "notFound"
        ? fail(target, "storehub.error.locationNotFound", 404)
        : fail(target, "storehub.storage.error.inUse", 409);
    }
    logger.info({ shopId, userId: user.id, locationId }, "location deleted");
    return back("deleted");
  }

  if (intent === "reverse") {
    // Stock staff reverse only when the owner allows it; owners and managers always may.
    if (!mayReverseDocuments(active)) {
      return fail("reverse", "storehub.storage.error.reverseNotAllowed", 403);
    }
    const documentId = readId(form.get("documentId"));
    const document = documentId === null ? null : await getStockDocument(db, shopId, documentId);
    if (!document) return fail("reverse", "storehub.storage.error.badRequest", 404);
    const confirm = {
      documentId: document.id,
      number: documentNumber(document.kind, document.number),
      lines: document.lines.map((line) => ({
        itemName: line.itemName,
        qty: line.qty,
        unit: line.unit,
        locationName: line.locationName,
      })),
    };
    if (!isReversible(document)) {
      return data<ActionData>(
        {
          confirmReverse: confirm,
          error: {
            key: document.reversedBy
              ? "storehub.error.alreadyReversed"
              : "storehub.storage.error.notReversible",
          },
        },
        { status: 409 },
      );
    }
    const rawReason = form.get("reason");
    const reason = typeof rawReason === "string" ? rawReason.trim().slice(0, 500) : "";
    if (form.get("confirmed") !== "1") return data<ActionData>({ confirmReverse: confirm });
    if (!reason) {
      return data<ActionData>(
        {
          confirmReverse: confirm,
          error: { key: "storehub.storage.error.reverseReasonRequired" },
          reason,
        },
        { status: 400 },
      );
    }
    const reversed = await reverseStockDocument(db, {
      shopId,
      userId: user.id,
      documentId: document.id,
      reason,
    });
    if (!reversed.ok) {
      const error = reversed.error;
      let message: Message = { key: "storehub.storage.error.notReversible" };
      if (error.code === "alreadyReversed") message = { key: "storehub.error.alreadyReversed" };
      if (error.code === "insufficient") {
        const item = await findItem(db, shopId, error.itemId);
        const tree = flattenLocationTree(
          buildLocationTree(await listLocations(db, shopId), new Map()),
        );
        message = {
          key: "storehub.error.insufficient",
          values: {
            item: item?.name ?? "",
            location: tree.find((node) => node.id === error.locationId)?.path ?? "",
            available: error.available,
            unit: item?.unit ?? "",
          },
        };
      }
      return data<ActionData>({ confirmReverse: confirm, error: message, reason }, { status: 409 });
    }
    logger.info(
      { shopId, userId: user.id, documentId: document.id, reversal: reversed.documentId },
      "stock document reversed",
    );
    return back("reversed", { number: documentNumber("reversal", reversed.number) });
  }

  return fail("add", "storehub.storage.error.badRequest", 400);
});

export const meta: Route.MetaFunction = ({ matches, location }) =>
  storehubPageMeta(matches, location.pathname, "storehub.storage.title");

function say(t: Translate, lang: Lang, message: Message | undefined): string | undefined {
  if (!message) return undefined;
  const values = Object.fromEntries(
    Object.entries(message.values ?? {}).map(([name, value]) => [
      name,
      typeof value === "number" ? formatQuantity(value, lang) : value,
    ]),
  );
  return t(message.key, values);
}

function signed(value: number, lang: Lang): string {
  return value > 0 ? `+${formatQuantity(value, lang)}` : formatQuantity(value, lang);
}

/** This page's URL with some parameters changed (null removes one); `done` never carries. */
function useHref() {
  const location = useLocation();
  return (changes: Record<string, string | number | null>) => {
    const params = new URLSearchParams(location.search);
    params.delete("done");
    params.delete("number");
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) params.delete(key);
      else params.set(key, String(value));
    }
    const query = params.toString();
    return query ? `${location.pathname}?${query}` : location.pathname;
  };
}

function ErrorText({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div id={id} className="invalid-feedback d-block" role="alert" data-testid="storage-error">
      {children}
    </div>
  );
}

export default function Storage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const href = useHref();
  const { canWrite, showCosts, item, location, tree, ledger, done, q, matches } = loaderData;
  const formShopId = useFormShopId();
  const result = actionData as ActionData | undefined;
  const here = href({});
  const errorFor = (target: Target) =>
    result && "target" in result && result.target === target ? result : null;
  const confirmDelete = result && "confirmDelete" in result ? result.confirmDelete : null;
  const confirmReverse = result && "confirmReverse" in result ? result : null;
  const pagination: PaginationLabels = {
    nav: t("storehub.pagination.nav"),
    previous: t("storehub.pagination.previous"),
    next: t("storehub.pagination.next"),
    page: (n) => t("storehub.pagination.page", { n }),
  };
  const addError = errorFor("add");
  // Each success arrives as a new page (a redirect with ?done=), so the add boxes are keyed by
  // it: they come back empty after a location was added and keep what was typed after an error.
  const routerLocation = useLocation();
  const resetKey = done && !result ? `${done.what}-${routerLocation.key}` : "editing";

  return (
    <>
      <LiveStock />
      <h1 className="h3 mb-3">{t("storehub.storage.title")}</h1>
      <ShopChangedNotice />
      {/* An answer to a later submit replaces the earlier success: never both at once. */}
      {done && !result && (
        <div className="alert alert-success" role="status" data-testid="storage-done">
          {t(`storehub.storage.done.${done.what}`, { number: done.number })}
        </div>
      )}

      <section className="mb-4" aria-labelledby="storage-locations">
        <h2 id="storage-locations" className="h5">
          {t("storehub.storage.locations")}
        </h2>
        <p className="small text-secondary">
          {item
            ? t("storehub.storage.locationsHintItem", { name: item.name, unit: item.unit })
            : t("storehub.storage.locationsHint")}
        </p>
        <div className="table-responsive">
          <table className="table table-sm align-middle" data-testid="location-tree">
            <thead>
              <tr>
                <th scope="col">{t("storehub.storage.column.location")}</th>
                <th scope="col" className="text-end text-nowrap">
                  {t("storehub.storage.column.here")}
                </th>
                <th scope="col" className="text-end text-nowrap">
                  {t("storehub.storage.column.total")}
                </th>
                {canWrite && <th scope="col">{t("storehub.storage.manage")}</th>}
              </tr>
            </thead>
            <tbody>
              {tree.map((node) => {
                const rowError = errorFor(`location-${node.id}`);
                return (
                  <Fragment key={node.id}>
                    <tr
                      data-testid="location-row"
                      data-location-id={node.id}
                      data-location-path={node.path}
                    >
                      <td style={{ paddingInlineStart: `${0.5 + node.depth * 1.5}rem` }}>
                        <span className="fw-semibold" data-testid="location-name">
                          {node.name}
                        </span>{" "}
                        <span className="badge text-bg-light">
                          {t(`storehub.locationKind.${node.kind}`)}
                        </span>
                        {node.isDefault && (
                          <span className="badge text-bg-info ms-1">
                            {t("storehub.storage.default")}
                          </span>
                        )}{" "}
                        <Link
                          to={href({ location: node.id, page: null })}
                          className="small ms-1"
                          data-testid="location-ledger-link"
                        >
                          {t("storehub.storage.showLedger")}
                        </Link>
                      </td>
                      <td className="text-end" data-testid="location-qty">
                        {formatQuantity(node.qty, lang)}
                      </td>
                      <td className="text-end" data-testid="location-total">
                        {formatQuantity(node.totalQty, lang)}
                      </td>
                      {canWrite && (
                        <td>
                          <details open={Boolean(rowError) || undefined}>
                            <summary className="small">{t("storehub.storage.manage")}</summary>
                            <LocationManager
                              node={node}
                              action={here}
                              error={rowError ? say(t, lang, rowError.error) : undefined}
                              typedName={rowError?.name}
                              adding={Boolean(rowError?.adding)}
                              resetKey={resetKey}
                            />
                          </details>
                        </td>
                      )}
                    </tr>
                    {confirmDelete?.id === node.id && (
                      <tr>
                        <td colSpan={canWrite ? 4 : 3}>
                          <ConfirmPanel
                            action={here}
                            message={t("storehub.storage.confirmDelete", {
                              path: confirmDelete.path,
                            })}
                            fields={{
                              shopId: formShopId,
                              intent: "deleteLocation",
                              locationId: String(node.id),
                            }}
                            confirmLabel={t("storehub.storage.confirmDeleteButton")}
                            cancelLabel={t("storehub.cancel")}
                            cancelTo={here}
                            testId="storage-confirm"
                            tone="warning"
                          />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
        {canWrite && (
          <Form method="post" action={here} className="row g-2 align-items-end" noValidate>
            <ShopIdField />
            <input type="hidden" name="intent" value="addLocation" />
            <input type="hidden" name="parentId" value="" />
            <div className="col-sm-6 col-md-4">
              <label htmlFor="storage-new-warehouse" className="form-label">
                {t("storehub.storage.newWarehouse")}
              </label>
              <input
                key={resetKey}
                id="storage-new-warehouse"
                name="name"
                className={`form-control${addError ? " is-invalid" : ""}`}
                maxLength={LOCATION_NAME_MAX}
                defaultValue={addError?.name ?? ""}
                aria-invalid={addError ? true : undefined}
                aria-describedby={addError ? "storage-new-warehouse-error" : undefined}
                data-testid="new-warehouse-name"
              />
              {addError && (
                <ErrorText id="storage-new-warehouse-error">
                  {say(t, lang, addError.error)}
                </ErrorText>
              )}
            </div>
            <div className="col-auto">
              <button type="submit" className="btn btn-outline-primary">
                {t("storehub.storage.addWarehouse")}
              </button>
            </div>
          </Form>
        )}
      </section>

      <section className="mb-4" aria-labelledby="storage-pick">
        <h2 id="storage-pick" className="h5">
          {t("storehub.storage.pickItem")}
        </h2>
        <Form method="get" action="/storehub/storage" role="search" className="row g-2 mb-2">
          {location && <input type="hidden" name="location" value={location.id} />}
          <div className="col-sm-8 col-md-6">
            <label htmlFor="storage-search" className="visually-hidden">
              {t("storehub.storage.search")}
            </label>
            <input
              id="storage-search"
              type="search"
              name="q"
              defaultValue={q}
              maxLength={SEARCH_MAX}
              className="form-control"
              placeholder={t("storehub.storage.searchHint")}
              data-testid="storage-search"
            />
          </div>
          <div className="col-auto">
            <button type="submit" className="btn btn-outline-primary">
              {t("storehub.storage.searchButton")}
            </button>
          </div>
        </Form>
        {matches &&
          (matches.length === 0 ? (
            <p data-testid="storage-no-match">{t("storehub.storage.noMatch", { q })}</p>
          ) : (
            <ul className="list-unstyled mb-2" data-testid="storage-matches">
              {matches.map((match) => (
                <li key={match.id}>
                  <Link to={href({ item: match.id, q: null, page: null })}>{match.name}</Link>{" "}
                  <span className="small text-secondary">
                    {match.sku} · {formatQuantity(match.onHand, lang)} {match.unit}
                  </span>
                </li>
              ))}
            </ul>
          ))}
      </section>

      <section aria-labelledby="storage-ledger">
        <h2 id="storage-ledger" className="h5" data-testid="ledger-title">
          {item
            ? t("storehub.storage.ledgerOf", { name: item.name })
            : t("storehub.storage.ledger")}
          {location && <span className="text-secondary"> · {location.path}</span>}
        </h2>
        {item && (
          <div className="mb-3" data-testid="item-summary">
            <p className="mb-1">
              <span className="text-secondary">{item.sku}</span> ·{" "}
              <span data-testid="item-on-hand">
                {item.stockValueSatang === null
                  ? `${formatQuantity(item.onHand, lang)} ${item.unit}`
                  : t("storehub.storage.itemSummary", {
                      qty: formatQuantity(item.onHand, lang),
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
                      {node.path}: {formatQuantity(node.qty, lang)} {item.unit}
                      {node.valueSatang !== null && (
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
        )}

        <Form method="get" action="/storehub/storage" className="row g-2 align-items-end mb-3">
          {item && <input type="hidden" name="item" value={item.id} />}
          <div className="col-sm-6 col-md-4">
            <label htmlFor="storage-filter-location" className="form-label">
              {t("storehub.storage.filterLocation")}
            </label>
            <select
              id="storage-filter-location"
              name="location"
              defaultValue={location?.id ?? ""}
              key={location?.id ?? "all"}
              className="form-select"
              data-testid="ledger-location-filter"
            >
              <option value="">{t("storehub.storage.allLocations")}</option>
              {tree.map((node) => (
                <option key={node.id} value={node.id}>
                  {node.path}
                </option>
              ))}
            </select>
          </div>
          <div className="col-auto">
            <button type="submit" className="btn btn-outline-secondary">
              {t("storehub.storage.filter")}
            </button>
          </div>
        </Form>

        {confirmReverse && (
          <div className="mb-3" id="storage-confirm">
            <ReversePanel
              action={here}
              confirm={confirmReverse.confirmReverse}
              error={say(t, lang, confirmReverse.error)}
              reason={confirmReverse.reason ?? ""}
            />
          </div>
        )}
        {errorFor("reverse") && (
          <div className="alert alert-danger" role="alert" data-testid="storage-error">
            {say(t, lang, errorFor("reverse")?.error)}
          </div>
        )}

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
                      {formatQuantity(row.running, lang)}
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
        <Pagination
          page={ledger.page}
          pageCount={ledger.pageCount}
          labels={pagination}
          search={here.includes("?") ? here.slice(here.indexOf("?")) : ""}
        />
      </section>
    </>
  );
}

function LocationManager({
  node,
  action,
  error,
  typedName,
  adding,
  resetKey,
}: {
  node: { id: number; kind: string; name: string; isDefault: boolean; hasChildren: boolean };
  action: string;
  error: string | undefined;
  typedName: string | undefined;
  /** The typed name belongs to the add box (a place inside this one), not to the rename box. */
  adding: boolean;
  /** Changes with every success: the add box then starts empty again. */
  resetKey: string;
}) {
  const t = useT();
  const errorId = `location-${node.id}-error`;
  return (
    <div className="d-grid gap-2 py-2" style={{ minWidth: "16rem" }}>
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
      <Form method="post" action={action} className="input-group input-group-sm" noValidate>
        <ShopIdField />
        <input type="hidden" name="intent" value="renameLocation" />
        <input type="hidden" name="locationId" value={node.id} />
        <input
          name="name"
          defaultValue={adding ? node.name : (typedName ?? node.name)}
          maxLength={LOCATION_NAME_MAX}
          className="form-control"
          aria-label={t("storehub.storage.name")}
          aria-describedby={error ? errorId : undefined}
          data-testid="rename-location-name"
        />
        <button type="submit" className="btn btn-outline-secondary">
          {t("storehub.storage.rename")}
        </button>
      </Form>
      {node.kind !== "bin" && (
        <Form method="post" action={action} className="input-group input-group-sm" noValidate>
          <ShopIdField />
          <input type="hidden" name="intent" value="addLocation" />
          <input type="hidden" name="parentId" value={node.id} />
          <input
            key={resetKey}
            name="name"
            defaultValue={adding ? typedName : undefined}
            maxLength={LOCATION_NAME_MAX}
            className="form-control"
            aria-describedby={error && adding ? errorId : undefined}
            aria-label={t(
              node.kind === "warehouse" ? "storehub.storage.addZone" : "storehub.storage.addBin",
            )}
            placeholder={t("storehub.storage.name")}
            data-testid="add-child-name"
          />
          <button type="submit" className="btn btn-outline-primary" data-testid="add-child">
            {t(node.kind === "warehouse" ? "storehub.storage.addZone" : "storehub.storage.addBin")}
          </button>
        </Form>
      )}
      {!node.isDefault && !node.hasChildren && (
        <Form method="post" action={action}>
          <ShopIdField />
          <input type="hidden" name="intent" value="deleteLocation" />
          <input type="hidden" name="locationId" value={node.id} />
          <button
            type="submit"
            className="btn btn-sm btn-outline-danger"
            data-testid="delete-location"
          >
            {t("storehub.storage.delete")}
          </button>
        </Form>
      )}
    </div>
  );
}

function ReversePanel({
  action,
  confirm,
  error,
  reason,
}: {
  action: string;
  confirm: {
    documentId: number;
    number: string;
    lines: { itemName: string; qty: number; unit: string; locationName: string }[];
  };
  error: string | undefined;
  reason: string;
}) {
  const t = useT();
  const lang = useLang();
  const formShopId = useFormShopId();
  return (
    <ConfirmPanel
      action={action}
      message={t("storehub.storage.confirmReverse", { number: confirm.number })}
      fields={{ shopId: formShopId, intent: "reverse", documentId: String(confirm.documentId) }}
      confirmLabel={t("storehub.storage.confirmReverseButton")}
      cancelLabel={t("storehub.cancel")}
      cancelTo={action}
      testId="storage-confirm"
      tone="warning"
    >
      <ul className="small">
        {confirm.lines.map((line, index) => (
          <li key={index}>
            {line.itemName} · {line.locationName} · {signed(line.qty, lang)} {line.unit}
          </li>
        ))}
      </ul>
      <div className="mb-2">
        <label htmlFor="reverse-reason" className="form-label">
          {t("storehub.storage.reverseReason")}
        </label>
        <input
          id="reverse-reason"
          name="reason"
          defaultValue={reason}
          maxLength={200}
          required
          className={`form-control${error ? " is-invalid" : ""}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "reverse-reason-error" : undefined}
          data-testid="reverse-reason"
        />
        {error && <ErrorText id="reverse-reason-error">{error}</ErrorText>}
      </div>
    </ConfirmPanel>
  );
}
