import { Button } from "react-bootstrap";
import { langOf } from "~/lib/i18n/lang.server";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/add";
import { appContext } from "~/context";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht } from "~/lib/money";
import { formatQuantityMilli } from "~/lib/quantity";
import { MAX_IMAGE_BYTES } from "~/modules/media/index.server";
import { newItemSchema, openPriceFieldsSchema, openPriceOf } from "~/modules/stock";
import { optionalFileField } from "~/lib/forms/fields";
import { readForm, type FieldErrors } from "~/lib/forms/read-form";
import {
  removeItemImage,
  storeItemImage,
  createItem,
  findItem,
  buildLocationTree,
  findLocation,
  setItemOpenPrice,
  flattenLocationTree,
  listLocations,
  STOCK_WRITERS,
} from "~/modules/stock/index.server";
import { ImageField, ItemFields, OpenPriceFields } from "~/features/storehub/item-fields";
import { Notice, storehubMeta } from "~/features/storehub/storehub-ui";
import { TextField } from "~/ui/text-field";
import { ShopChangedNotice, ShopIdField } from "~/features/shops/shop-form";
import { IMAGE_REJECTIONS } from "~/routes/errors.server";
import { DUPLICATE_FIELD_TEXTS } from "./errors";
import { storehubOf, storehubRoles } from "~/routes/_gates/storehub.server";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";

// Refuse oversized uploads before reading the body (the image limit plus the form's fields).
const MAX_REQUEST_BYTES = MAX_IMAGE_BYTES + 64 * 1024;

const addItemSchema = newItemSchema.safeExtend({ image: optionalFileField() });

interface ActionResult {
  values: Record<string, string>;
  errors: FieldErrors;
}

// Only the roles that change stock open this page (the area admits its readers).
export const middleware: Route.MiddlewareFunction[] = [storehubRoles(STOCK_WRITERS)];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shopId } = await storehubOf(context, request);
  const { db } = context.get(appContext);
  const locations = flattenLocationTree(
    buildLocationTree(await listLocations(db, shopId, langOf(context)), new Map()),
  );
  const createdId = Number(url.searchParams.get("created"));
  // Only an item of this shop is shown; another shop's id simply shows nothing.
  const created = url.searchParams.has("created") ? await findItem(db, shopId, createdId) : null;
  return {
    // The shop this page is rendered for: its forms send it back (ShopIdField).
    formShopId: shopId,
    locations: locations.map((location) => ({
      id: location.id,
      path: location.path,
      depth: location.depth,
      isDefault: location.isDefault,
    })),
    created: created && {
      id: created.id,
      name: created.name,
      sku: created.sku,
      unit: created.unit,
      onHand: created.onHand,
      stockValueSatang: created.stockValueSatang,
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
  const { user, shopId } = await storehubOf(context, request);
  const { db, storage, logger } = context.get(appContext);
  const form = await request.formData();
  const parsed = readForm(form, addItemSchema);
  // ราคาตามจริง (decision 0093): its errors are said with the item's, nothing is saved.
  const open = readForm(form, openPriceFieldsSchema);
  if (!parsed.ok || !open.ok) {
    return fail(parsed.values, {
      ...(parsed.ok ? {} : parsed.errors),
      ...(open.ok ? {} : open.errors),
    });
  }
  const { openingQty, openingLocationId, image: file, ...fields } = parsed.data;

  let opening: { qty: number; locationId: number } | null = null;
  if (openingQty > 0) {
    // The location is looked up in this shop: another shop's id is simply not found.
    const location =
      openingLocationId === null ? null : await findLocation(db, shopId, openingLocationId);
    if (!location) {
      return fail(parsed.values, { openingLocationId: "storehub.error.locationNotFound" });
    }
    opening = { qty: openingQty, locationId: location.id };
  }

  let imageKey: string | null = null;
  if (file) {
    const stored = await storeItemImage(storage, shopId, file);
    if (!stored.ok) return fail(parsed.values, { image: IMAGE_REJECTIONS[stored.error] });
    imageKey = stored.key;
  }

  const result = await createItem(db, { shopId, userId: user.id, fields, imageKey, opening });
  if (!result.ok) {
    await removeItemImage(storage, imageKey);
    if (result.field === "opening") {
      const error: MessageKey =
        result.error.code === "notFound"
          ? "storehub.error.locationNotFound"
          : "storehub.error.qtyInvalid";
      const field = result.error.code === "notFound" ? "openingLocationId" : "openingQty";
      return fail(parsed.values, { [field]: error });
    }
    return fail(parsed.values, { [result.field]: DUPLICATE_FIELD_TEXTS[result.error] });
  }
  await setItemOpenPrice(db, shopId, result.item.id, openPriceOf(open.data));
  logger.info({ shopId, itemId: result.item.id, userId: user.id }, "stock item added");
  return redirect(`/storehub/add?created=${result.item.id}`);
});

export const meta: Route.MetaFunction = ({ matches, location }) =>
  storehubMeta(matches, location.pathname, "storehub.add.title");

export default function AddItem({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const result = actionData as ActionResult | undefined;
  const values = result?.values ?? {};
  const errors = result?.errors ?? {};
  const { locations, created } = loaderData;
  const defaultLocation = locations.find((location) => location.isDefault) ?? locations[0];
  const errorText = (field: string) => {
    const key = errors[field];
    return key ? t(key) : undefined;
  };
  return (
    <>
      <h1 className="h2">{t("storehub.add.title")}</h1>
      <ShopChangedNotice />
      {created && (
        <Notice variant="success" testId="item-created">
          <p className="mb-2">
            {t("storehub.add.created", { name: created.name, sku: created.sku })}
            {created.onHand > 0 &&
              ` ${t("storehub.add.createdStock", {
                qty: formatQuantityMilli(created.onHand, lang),
                unit: created.unit,
                value: formatBaht(created.stockValueSatang, lang),
              })}`}
          </p>
          <div className="d-flex flex-wrap gap-2">
            <Link to="/storehub/add" className="btn btn-sm btn-success">
              {t("storehub.add.another")}
            </Link>
            <Link
              to={`/storehub/inout?kind=receive&item=${created.id}`}
              className="btn btn-sm btn-outline-success"
            >
              {t("storehub.add.receive")}
            </Link>
            <Link
              to={`/storehub/edit?id=${created.id}`}
              className="btn btn-sm btn-outline-success"
              data-testid="created-edit"
            >
              {t("storehub.add.edit")}
            </Link>
          </div>
        </Notice>
      )}
      {Object.keys(errors).length > 0 && (
        <Notice variant="danger" testId="form-error">
          {t("storehub.form.fixErrors")}
        </Notice>
      )}
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        className="storehub-form"
        // A new form after each save, so the next item starts empty.
        key={created?.id ?? "new"}
      >
        <ShopIdField />
        <div className="row g-4">
          <div className="col-lg-8">
            <ItemFields values={values} errors={errors} />
            <OpenPriceFields values={values} errors={errors} />
          </div>
          <div className="col-lg-4">
            <fieldset className="border rounded p-3 mb-3">
              <legend className="h6 float-none w-auto px-1 mb-0">
                {t("storehub.add.openingTitle")}
              </legend>
              <p className="small text-secondary">{t("storehub.add.openingHint")}</p>
              <TextField
                idPrefix="item"
                name="openingQty"
                label={t("storehub.field.openingQty")}
                inputMode="decimal"
                autoComplete="off"
                defaultValue={values.openingQty ?? ""}
                error={errorText("openingQty")}
              />
              <div className="mb-3">
                <label htmlFor="item-openingLocationId" className="form-label">
                  {t("storehub.field.location")}
                </label>
                <select
                  id="item-openingLocationId"
                  name="openingLocationId"
                  className={`form-select${errors.openingLocationId ? " is-invalid" : ""}`}
                  defaultValue={values.openingLocationId ?? String(defaultLocation?.id ?? "")}
                  aria-invalid={errors.openingLocationId ? true : undefined}
                  aria-describedby={
                    errors.openingLocationId ? "item-openingLocationId-error" : undefined
                  }
                >
                  {locations.map((location) => (
                    <option key={location.id} value={location.id}>
                      {location.path}
                    </option>
                  ))}
                </select>
                {errors.openingLocationId && (
                  <div
                    id="item-openingLocationId-error"
                    className="invalid-feedback d-block"
                    data-error-for="openingLocationId"
                  >
                    {errorText("openingLocationId")}
                  </div>
                )}
              </div>
            </fieldset>
            <ImageField label={t("storehub.field.image")} error={errors.image} />
          </div>
        </div>
        <Button type="submit" disabled={busy} data-testid="item-save">
          {t("storehub.add.save")}
        </Button>
      </Form>
    </>
  );
}
