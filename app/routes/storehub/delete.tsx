import { data, Form, Link, redirect, useLocation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/delete";
import { appContext } from "~/context";
import { flagField, idListField, readId } from "~/lib/forms/fields";
import { readForm } from "~/lib/forms/read-form";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatQuantity } from "~/lib/money";
import { formatQuantityMilli } from "~/lib/quantity";
import {
  removeItemImage,
  findItemsOfShop,
  MAX_SELECTED_ITEMS,
  deleteItemForever,
  findItem,
  searchItems,
  setItemsStatus,
  STOCK_WRITERS,
} from "~/modules/stock/index.server";
import { readItemListParams, toItemQuery, toItemRow } from "~/modules/stock";
import { maySeeCosts } from "~/modules/shops";
import { storehubOf, storehubRoles } from "~/routes/_gates/storehub.server";
import { Pagination } from "~/ui/pagination";
import { ItemTable } from "~/features/storehub/item-table";
import {
  Notice,
  storehubMeta,
  useStorehubPaginationLabels,
  withParams,
  ItemQueryFields,
} from "~/features/storehub/storehub-ui";
import { ShopChangedNotice, ShopIdField } from "~/features/shops/shop-form";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";

const DONE = ["archived", "restored", "deleted"] as const;
type Done = (typeof DONE)[number];

interface ConfirmItem {
  id: number;
  name: string;
  sku: string;
  onHand: number;
  unit: string;
}

type ActionData =
  { error: MessageKey } | { confirm: { intent: "archive" | "delete"; items: ConfirmItem[] } };

// Only the roles that change stock open this page (the area admits its readers).
export const middleware: Route.MiddlewareFunction[] = [storehubRoles(STOCK_WRITERS)];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shopId, active } = await storehubOf(context, request);
  const { db } = context.get(appContext);
  const params = readItemListParams(url.searchParams);
  const items = await searchItems(db, shopId, toItemQuery(params));
  const done = url.searchParams.get("done");
  return {
    // The shop this page is rendered for: its forms send it back (ShopIdField).
    formShopId: shopId,
    params,
    items: {
      ...items,
      rows: items.rows.map((row) => toItemRow(row, { costs: maySeeCosts(active.role) })),
    },
    done: (DONE as readonly string[]).includes(done ?? "")
      ? { what: done as Done, count: Number(url.searchParams.get("count")) || 1 }
      : null,
  };
}

const confirmItem = (item: ConfirmItem): ConfirmItem => ({
  id: item.id,
  name: item.name,
  sku: item.sku,
  onHand: item.onHand,
  unit: item.unit,
});

/** The "delete for good" button of one item (its id), after a confirmation. */
const deleteOneSchema = z.object({
  deleteId: z
    .string()
    .optional()
    .transform((value) => (value === undefined ? undefined : readId(value))),
  confirmed: flagField(),
});
/** Archive or restore the ticked items. */
const bulkSchema = z.object({
  intent: z.enum(["archive", "restore"]),
  ids: idListField("storehub.error.badRequest", MAX_SELECTED_ITEMS),
  confirmed: flagField(),
});

export const action = keepFormOnShopChange(async function action({
  request,
  context,
  url,
}: Route.ActionArgs) {
  const { shopId, user } = await storehubOf(context, request);
  const { db, storage, logger } = context.get(appContext);
  const form = await request.formData();
  const back = (done: Done, count: number) =>
    redirect(`${url.pathname}${withParams(url.search, { done, count: String(count) })}`);

  const one = readForm(form, deleteOneSchema);
  if (!one.ok) return data<ActionData>({ error: "storehub.error.badRequest" }, { status: 400 });
  if (one.data.deleteId !== undefined) {
    const { deleteId, confirmed } = one.data;
    // Looked up with the shop: another shop's item is not found, and nothing changes.
    const item = deleteId === null ? null : await findItem(db, shopId, deleteId);
    if (!item) throw data(null, { status: 404 });
    if (item.hasMovements) {
      return data<ActionData>({ error: "storehub.error.hasMovements" }, { status: 409 });
    }
    if (!confirmed) {
      return data<ActionData>({ confirm: { intent: "delete", items: [confirmItem(item)] } });
    }
    const result = await deleteItemForever(db, shopId, item.id);
    if (!result.ok) {
      if (result.error === "notFound") throw data(null, { status: 404 });
      return data<ActionData>({ error: "storehub.error.hasMovements" }, { status: 409 });
    }
    await removeItemImage(storage, item.imageKey);
    logger.info({ shopId, itemId: item.id, userId: user.id }, "stock item deleted");
    return back("deleted", 1);
  }

  const bulk = readForm(form, bulkSchema);
  if (!bulk.ok) return data<ActionData>({ error: "storehub.error.badRequest" }, { status: 400 });
  const { intent, ids, confirmed } = bulk.data;
  if (ids.length === 0) {
    return data<ActionData>({ error: "storehub.delete.noneSelected" }, { status: 400 });
  }
  const items = await findItemsOfShop(db, shopId, ids);
  // An id that is not this shop's: refuse the whole request rather than act on part of it.
  if (items.length !== ids.length) throw data(null, { status: 404 });
  if (intent === "archive" && !confirmed) {
    return data<ActionData>({ confirm: { intent: "archive", items: items.map(confirmItem) } });
  }
  const changed = await setItemsStatus(
    db,
    shopId,
    ids,
    intent === "archive" ? "archived" : "active",
  );
  logger.info({ shopId, itemIds: ids, userId: user.id, intent }, "stock items status changed");
  return back(intent === "archive" ? "archived" : "restored", changed);
});

export const meta: Route.MetaFunction = ({ matches, location }) =>
  storehubMeta(matches, location.pathname, "storehub.delete.title");

const DONE_TEXT: Record<Done, MessageKey> = {
  archived: "storehub.delete.doneArchived",
  restored: "storehub.delete.doneRestored",
  deleted: "storehub.delete.doneDeleted",
};

export default function DeleteItems({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const location = useLocation();
  const paginationLabels = useStorehubPaginationLabels();
  const { items, params, done } = loaderData;
  const result = actionData as ActionData | undefined;
  const confirm = result && "confirm" in result ? result.confirm : null;
  const error = result && "error" in result ? result.error : null;
  const here = `${location.pathname}${withParams(location.search, { done: null, count: null })}`;

  if (confirm) {
    const deleting = confirm.intent === "delete";
    return (
      <section aria-labelledby="confirm-title" data-testid="confirm-panel">
        <h1 id="confirm-title" className="h2">
          {deleting
            ? t("storehub.delete.confirmDeleteTitle")
            : t("storehub.delete.confirmArchiveTitle")}
        </h1>
        <p>
          {deleting
            ? t("storehub.delete.confirmDelete")
            : t("storehub.delete.confirmArchive", { count: confirm.items.length })}
        </p>
        <ul data-testid="confirm-items">
          {confirm.items.map((item) => (
            <li key={item.id}>
              {item.name} <span className="text-secondary">({item.sku})</span> ·{" "}
              {t("storehub.delete.confirmOnHand", {
                qty: formatQuantityMilli(item.onHand, lang),
                unit: item.unit,
              })}
            </li>
          ))}
        </ul>
        <Form method="post" action={here} className="d-flex flex-wrap gap-2">
          <ShopIdField />
          <input type="hidden" name="confirmed" value="1" />
          {deleting ? (
            <input type="hidden" name="deleteId" value={confirm.items[0]?.id ?? ""} />
          ) : (
            <>
              <input type="hidden" name="intent" value="archive" />
              {confirm.items.map((item) => (
                <input key={item.id} type="hidden" name="ids" value={item.id} />
              ))}
            </>
          )}
          <button
            type="submit"
            className={`btn ${deleting ? "btn-danger" : "btn-warning"}`}
            data-testid="confirm-submit"
          >
            {deleting
              ? t("storehub.delete.confirmDeleteButton")
              : t("storehub.delete.confirmArchiveButton")}
          </button>
          <Link to={here} className="btn btn-outline-secondary" data-testid="confirm-cancel">
            {t("storehub.cancel")}
          </Link>
        </Form>
      </section>
    );
  }

  return (
    <>
      <h1 className="h2">{t("storehub.delete.title")}</h1>
      <ShopChangedNotice />
      <p className="text-secondary">{t("storehub.delete.lead")}</p>
      {done && (
        <Notice variant="success" testId="delete-done">
          {t(DONE_TEXT[done.what], { count: formatQuantity(done.count, lang) })}
        </Notice>
      )}
      {error && (
        <Notice variant="danger" testId="delete-error">
          {t(error)}
        </Notice>
      )}
      <Form
        method="get"
        role="search"
        className="row g-2 align-items-end mb-3"
        key={location.search}
      >
        <ItemQueryFields
          q={params.q}
          status={params.status}
          searchId="delete-search"
          searchTestId="delete-search"
          statusId="delete-status"
          statusTestId="delete-status"
        />
        <div className="col-auto">
          <button type="submit" className="btn btn-primary" data-testid="delete-search-submit">
            {t("storehub.search.submit")}
          </button>
        </div>
      </Form>
      <p className="text-secondary" data-testid="item-count">
        {t("storehub.search.count", { count: formatQuantity(items.total, lang) })}
      </p>
      {items.rows.length === 0 ? (
        <p data-testid="item-empty">
          {params.q || params.status !== "active"
            ? t("storehub.search.noMatch")
            : t("storehub.overview.noItems")}
        </p>
      ) : (
        <Form method="post" action={here} data-testid="delete-form">
          <ShopIdField />
          <ItemTable
            rows={items.rows}
            sort={params.sort}
            descending={params.descending}
            leadingHeader={<span className="visually-hidden">{t("storehub.delete.select")}</span>}
            leading={(item) => (
              <input
                type="checkbox"
                name="ids"
                value={item.id}
                className="form-check-input"
                aria-label={t("storehub.delete.selectItem", { name: item.name })}
                data-testid="item-select"
              />
            )}
            name={(item) => (
              <Link to={`/storehub/edit?id=${item.id}`} data-testid="item-name">
                {item.name}
              </Link>
            )}
            actions={(item) =>
              item.hasMovements ? (
                <span className="small text-secondary" data-testid="cannot-delete">
                  {t("storehub.delete.hasHistory")}
                </span>
              ) : (
                <button
                  type="submit"
                  name="deleteId"
                  value={item.id}
                  className="btn btn-sm btn-outline-danger"
                  data-testid="item-delete"
                >
                  {t("storehub.action.deleteForever")}
                </button>
              )
            }
          />
          <div className="d-flex flex-wrap gap-2 mb-3">
            {params.status !== "archived" && (
              <button
                type="submit"
                name="intent"
                value="archive"
                className="btn btn-warning"
                data-testid="archive-selected"
              >
                {t("storehub.delete.archiveSelected")}
              </button>
            )}
            {params.status !== "active" && (
              <button
                type="submit"
                name="intent"
                value="restore"
                className="btn btn-outline-success"
                data-testid="restore-selected"
              >
                {t("storehub.delete.restoreSelected")}
              </button>
            )}
          </div>
        </Form>
      )}
      <Pagination
        page={items.page}
        pageCount={items.pageCount}
        labels={paginationLabels}
        search={withParams(location.search, { done: null, count: null })}
      />
    </>
  );
}
