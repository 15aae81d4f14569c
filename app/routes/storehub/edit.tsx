import { Button } from "react-bootstrap";
import { data, Form, Link, redirect, useLocation, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/edit";
import { appContext } from "~/context";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht, formatQuantity, satangToBahtInput } from "~/lib/money";
import { formatQuantityMilli, qtyToSql } from "~/lib/quantity";
import { MAX_IMAGE_BYTES } from "~/modules/media/index.server";
import {
  itemFieldsSchema,
  ITEM_SEARCH_MAX,
  openPriceFieldsSchema,
  openPriceOf,
  readItemListParams,
  toItemQuery,
  toItemRow,
} from "~/modules/stock";
import { maySeeCosts } from "~/modules/shops";
import {
  itemImageUrl,
  removeItemImage,
  storeItemImage,
  findItem,
  findItemByCode,
  findItemOpenPrice,
  setItemOpenPrice,
  searchItems,
  updateItem,
  STOCK_WRITERS,
} from "~/modules/stock/index.server";
import { flagField, optionalFileField, optionalIdField, readId } from "~/lib/forms/fields";
import { readForm, type FieldErrors } from "~/lib/forms/read-form";
import { storehubOf, storehubRoles } from "~/routes/_gates/storehub.server";
import { Pagination } from "~/ui/pagination";
import { ImageField, ItemFields, OpenPriceFields } from "~/features/storehub/item-fields";
import { ItemTable } from "~/features/storehub/item-table";
import {
  ItemStatusBadges,
  Notice,
  storehubMeta,
  useStorehubPaginationLabels,
} from "~/features/storehub/storehub-ui";
import { ShopChangedNotice, ShopIdField } from "~/features/shops/shop-form";
import { IMAGE_REJECTIONS } from "~/routes/errors.server";
import { DUPLICATE_FIELD_TEXTS } from "./errors";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";

const MAX_REQUEST_BYTES = MAX_IMAGE_BYTES + 64 * 1024;

interface ActionResult {
  values: Record<string, string>;
  errors: FieldErrors;
}

/** The item the form is for; a missing or foreign id is "not found". */
const itemRefSchema = z.object({ id: optionalIdField() });
const editItemSchema = itemFieldsSchema.safeExtend({
  image: optionalFileField(),
  removeImage: flagField(),
});

// Only the roles that change stock open this page (the area admits its readers).
export const middleware: Route.MiddlewareFunction[] = [storehubRoles(STOCK_WRITERS)];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shopId, active } = await storehubOf(context, request);
  const { db, storage } = context.get(appContext);
  if (url.searchParams.has("id")) {
    // Looked up with the shop: another shop's item is "not found", never shown.
    const id = readId(url.searchParams.get("id"));
    const item = id === null ? null : await findItem(db, shopId, id);
    if (!item) throw data(null, { status: 404 });
    const openPrice = await findItemOpenPrice(db, shopId, item.id);
    const baht = (satang: number | null | undefined) =>
      satang == null ? "" : satangToBahtInput(satang);
    return {
      // The shop this page is rendered for: its forms send it back (ShopIdField).
      formShopId: shopId,
      kind: "item" as const,
      saved: url.searchParams.get("saved") === "1",
      item: {
        id: item.id,
        name: item.name,
        sku: item.sku,
        unit: item.unit,
        status: item.status,
        onHand: item.onHand,
        reorderLevel: item.reorderLevel,
        avgCostSatang: item.avgCostSatang,
        stockValueSatang: item.stockValueSatang,
        imageUrl: itemImageUrl(storage, item.imageKey),
        values: {
          name: item.name,
          sku: item.sku,
          barcode: item.barcode ?? "",
          category: item.category,
          unit: item.unit,
          price: satangToBahtInput(item.priceSatang),
          cost: satangToBahtInput(item.costSatang),
          reorderLevel: qtyToSql(item.reorderLevel),
          measured: item.measured ? "on" : "",
          openPrice: openPrice ? "on" : "",
          openPriceMin: baht(openPrice?.minSatang),
          openPriceMax: baht(openPrice?.maxSatang),
        },
      },
    };
  }
  const params = readItemListParams(url.searchParams);
  // A scanner types the barcode and presses Enter: an exact code opens its item at once.
  if (url.searchParams.get("go") === "1" && params.q) {
    const exact = await findItemByCode(db, shopId, params.q);
    if (exact) throw redirect(`/storehub/edit?id=${exact.id}`);
  }
  const items = await searchItems(db, shopId, { ...toItemQuery(params), status: "all" });
  return {
    // The shop this page is rendered for: its forms send it back (ShopIdField).
    formShopId: shopId,
    kind: "search" as const,
    params,
    items: {
      ...items,
      rows: items.rows.map((row) => toItemRow(row, { costs: maySeeCosts(active.role) })),
    },
  };
}

export const action = keepFormOnShopChange(async function action({
  request,
  context,
}: Route.ActionArgs) {
  const fail = (values: Record<string, string>, errors: FieldErrors, status = 400) =>
    data<ActionResult>({ values, errors }, { status });
  // Refused before anything reads the body (the gate's shop check too): the message stays next to
  // the photo field and an oversized upload is never read.
  if (Number(request.headers.get("content-length") ?? 0) > MAX_REQUEST_BYTES) {
    return fail({}, { image: "media.error.tooLarge" }, 413);
  }
  const { shopId, user } = await storehubOf(context, request);
  const { db, storage, logger } = context.get(appContext);
  const form = await request.formData();
  const ref = readForm(form, itemRefSchema);
  const itemId = ref.ok ? ref.data.id : null;
  const item = itemId === null ? null : await findItem(db, shopId, itemId);
  if (!item) throw data(null, { status: 404 });
  const parsed = readForm(form, editItemSchema);
  // ราคาตามจริง (decision 0093): its errors are said with the item's, nothing is saved.
  const open = readForm(form, openPriceFieldsSchema);
  if (!parsed.ok || !open.ok) {
    return fail(parsed.values, {
      ...(parsed.ok ? {} : parsed.errors),
      ...(open.ok ? {} : open.errors),
    });
  }
  const { image: file, removeImage, ...fields } = parsed.data;

  let imageKey: string | null | undefined;
  if (file) {
    const stored = await storeItemImage(storage, shopId, file);
    if (!stored.ok) return fail(parsed.values, { image: IMAGE_REJECTIONS[stored.error] });
    imageKey = stored.key;
  } else if (removeImage) {
    imageKey = null;
  }

  const result = await updateItem(db, {
    shopId,
    itemId: item.id,
    fields,
    imageKey,
  });
  if (!result.ok) {
    if (imageKey) await removeItemImage(storage, imageKey);
    if (result.field === "sku" || result.field === "barcode") {
      return fail(parsed.values, { [result.field]: DUPLICATE_FIELD_TEXTS[result.error] });
    }
    // Deleted meanwhile (updateItem never posts stock, so nothing else can fail here).
    throw data(null, { status: 404 });
  }
  await setItemOpenPrice(db, shopId, item.id, openPriceOf(open.data));
  if (imageKey !== undefined && item.imageKey !== imageKey) {
    await removeItemImage(storage, item.imageKey);
  }
  logger.info({ shopId, itemId: item.id, userId: user.id }, "stock item changed");
  return redirect(`/storehub/edit?id=${item.id}&saved=1`);
});

export const meta: Route.MetaFunction = ({ matches, location }) =>
  storehubMeta(matches, location.pathname, "storehub.edit.title");

export default function EditItem({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.kind === "search") return <FindItem data={loaderData} />;
  return (
    <EditForm
      data={loaderData}
      result={actionData as ActionResult | undefined}
      key={loaderData.item.id}
    />
  );
}

type SearchData = Extract<Route.ComponentProps["loaderData"], { kind: "search" }>;
type ItemData = Extract<Route.ComponentProps["loaderData"], { kind: "item" }>;

function FindItem({ data: { params, items } }: { data: SearchData }) {
  const t = useT();
  const lang = useLang();
  const location = useLocation();
  const paginationLabels = useStorehubPaginationLabels();
  const listSearch = new URLSearchParams(location.search);
  listSearch.delete("go");
  return (
    <>
      <h1 className="h2">{t("storehub.edit.findTitle")}</h1>
      <ShopChangedNotice />
      <p className="text-secondary">{t("storehub.edit.findLead")}</p>
      <Form method="get" role="search" className="row g-2 align-items-end mb-3" key={params.q}>
        <input type="hidden" name="go" value="1" />
        <div className="col-sm-8 col-lg-6">
          <label htmlFor="edit-search" className="form-label">
            {t("storehub.search.label")}
          </label>
          <input
            id="edit-search"
            type="search"
            name="q"
            defaultValue={params.q}
            maxLength={ITEM_SEARCH_MAX}
            className="form-control"
            placeholder={t("storehub.search.hint")}
            // The scanner's Enter submits; the field is ready for it when the page opens.
            autoFocus
            autoComplete="off"
            data-testid="edit-search"
          />
        </div>
        <div className="col-auto d-flex gap-2">
          <button type="submit" className="btn btn-primary" data-testid="edit-search-submit">
            {t("storehub.search.submit")}
          </button>
          {params.q && (
            <Link to="/storehub/edit" className="btn btn-outline-secondary">
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
          {params.q ? t("storehub.search.noMatch") : t("storehub.overview.noItems")}
        </p>
      ) : (
        <ItemTable
          rows={items.rows}
          sort={params.sort}
          descending={params.descending}
          name={(item) => (
            <Link to={`/storehub/edit?id=${item.id}`} data-testid="item-name">
              {item.name}
            </Link>
          )}
          actions={(item) => (
            <Link to={`/storehub/edit?id=${item.id}`} className="btn btn-sm btn-outline-primary">
              {t("storehub.action.edit")}
            </Link>
          )}
        />
      )}
      <Pagination
        page={items.page}
        pageCount={items.pageCount}
        labels={paginationLabels}
        search={listSearch.toString()}
      />
    </>
  );
}

function EditForm({ data: { item, saved }, result }: { data: ItemData; result?: ActionResult }) {
  const t = useT();
  const lang = useLang();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errors = result?.errors ?? {};
  const values = result?.values ?? item.values;
  return (
    <>
      <p className="mb-2">
        <Link to="/storehub/edit">{t("storehub.edit.backToSearch")}</Link>
      </p>
      <h1 className="h2">{t("storehub.edit.title")}</h1>
      <ShopChangedNotice />
      {saved && !result && (
        <Notice variant="success" testId="item-saved">
          {t("storehub.edit.saved", { name: item.name })}
        </Notice>
      )}
      {Object.keys(errors).length > 0 && (
        <Notice variant="danger" testId="form-error">
          {t("storehub.form.fixErrors")}
        </Notice>
      )}
      <div className="row g-4">
        <div className="col-lg-8">
          <Form method="post" encType="multipart/form-data" noValidate className="storehub-form">
            <ShopIdField />
            <input type="hidden" name="id" value={item.id} />
            <ItemFields values={values} errors={errors} />
            <OpenPriceFields values={values} errors={errors} />
            <ImageField label={t("storehub.edit.newImage")} error={errors.image} />
            {item.imageUrl && (
              <div className="form-check mb-3">
                <input
                  id="item-removeImage"
                  type="checkbox"
                  name="removeImage"
                  value="1"
                  className="form-check-input"
                />
                <label htmlFor="item-removeImage" className="form-check-label">
                  {t("storehub.edit.removeImage")}
                </label>
              </div>
            )}
            <Button type="submit" disabled={busy} data-testid="item-save">
              {t("storehub.edit.save")}
            </Button>
          </Form>
        </div>
        <aside className="col-lg-4">
          <div className="card" data-testid="item-stock">
            {item.imageUrl && (
              <img
                src={item.imageUrl}
                alt={t("storehub.edit.imageAlt", { name: item.name })}
                width={512}
                height={512}
                className="card-img-top h-auto"
                data-testid="item-image"
              />
            )}
            <div className="card-body">
              <h2 className="h6">{t("storehub.edit.stockTitle")}</h2>
              <dl className="row mb-2 small">
                <dt className="col-6">{t("storehub.column.onHand")}</dt>
                <dd className="col-6 text-end" data-testid="item-on-hand">
                  {formatQuantityMilli(item.onHand, lang)} {item.unit}
                </dd>
                <dt className="col-6">{t("storehub.csv.avgCost")}</dt>
                <dd className="col-6 text-end" data-testid="item-avg-cost">
                  {formatBaht(item.avgCostSatang, lang)}
                </dd>
                <dt className="col-6">{t("storehub.column.value")}</dt>
                <dd className="col-6 text-end">{formatBaht(item.stockValueSatang, lang)}</dd>
                <dt className="col-6">{t("storehub.column.status")}</dt>
                <dd className="col-6 text-end">
                  <ItemStatusBadges
                    status={item.status}
                    onHand={item.onHand}
                    reorderLevel={item.reorderLevel}
                  />
                </dd>
              </dl>
              <p className="small text-secondary">{t("storehub.edit.qtyNote")}</p>
              <div className="d-flex flex-wrap gap-2">
                <Link
                  to={`/storehub/storage?item=${item.id}`}
                  className="btn btn-sm btn-outline-primary"
                  data-testid="item-ledger"
                >
                  {t("storehub.action.ledger")}
                </Link>
                <Link
                  to={`/storehub/inout?kind=receive&item=${item.id}`}
                  className="btn btn-sm btn-outline-primary"
                >
                  {t("storehub.overview.receive")}
                </Link>
                <Link
                  to={`/storehub/delete?q=${encodeURIComponent(item.sku)}&status=all`}
                  className="btn btn-sm btn-outline-secondary"
                >
                  {item.status === "archived"
                    ? t("storehub.action.restore")
                    : t("storehub.action.archive")}
                </Link>
              </div>
            </div>
          </div>
        </aside>
      </div>
    </>
  );
}
