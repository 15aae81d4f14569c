import { Button } from "react-bootstrap";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/variants";
import { appContext } from "~/context";
import type { MessageKey } from "~/lib/i18n";
import { useT } from "~/lib/i18n/use-translation";
import { satangToBahtInput } from "~/lib/money";
import { readForm, type FieldErrors, type FormValues } from "~/lib/forms/read-form";
import {
  formatVariantOptions,
  MAX_VARIANTS,
  variantFormRows,
  variantGroupSchema,
  variantKey,
  variantOptionsSchema,
  type VariantFormRow,
} from "~/modules/stock";
import {
  findVariantGroup,
  listVariantGroups,
  saveVariantGroup,
  STOCK_WRITERS,
  type SaveVariantGroupResult,
} from "~/modules/stock/index.server";
import { Notice, storehubMeta } from "~/features/storehub/storehub-ui";
import { FieldNotes, TextField } from "~/ui/text-field";
import { ShopChangedNotice, ShopIdField } from "~/features/shops/shop-form";
import { DUPLICATE_FIELD_TEXTS } from "./errors";
import { storehubOf, storehubRoles } from "~/routes/_gates/storehub.server";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";

/*
 * Variant groups (decision 0080): an item in several versions (ขนาด S/M/L, สี), each version an
 * item of its own with its SKU, barcode, price, cost and stock. The options are typed one per
 * line; "generate" makes a row per combination, "save" writes the group and its items at once.
 */

interface ActionResult {
  values: FormValues;
  errors: FieldErrors;
  rows: VariantFormRow[];
}

// Only the roles that change stock open this page (the area admits its readers).
export const middleware: Route.MiddlewareFunction[] = [storehubRoles(STOCK_WRITERS)];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shopId } = await storehubOf(context, request);
  const { db } = context.get(appContext);
  const groups = await listVariantGroups(db, shopId);
  const groupParam = url.searchParams.get("group");
  // Only a group of this shop is shown; another shop's id is simply not found.
  const group = groupParam === null ? null : await findVariantGroup(db, shopId, Number(groupParam));
  if (groupParam !== null && !group) throw data(null, { status: 404 });
  return {
    formShopId: shopId,
    groups,
    saved: url.searchParams.get("saved") === "1",
    group: group && {
      id: group.id,
      values: {
        groupId: String(group.id),
        name: group.name,
        category: group.category,
        unit: group.unit,
        skuPrefix: "",
        options: formatVariantOptions(group.options),
        price: "",
        cost: "",
      } satisfies FormValues,
      rows: group.variants.map((variant): VariantFormRow => ({
        key: variantKey(variant.values),
        values: variant.values,
        itemId: variant.itemId,
        sku: variant.sku,
        barcode: variant.barcode ?? "",
        price: satangToBahtInput(variant.priceSatang),
        cost: satangToBahtInput(variant.costSatang),
      })),
    },
  };
}

/** The rows as the form sent them, so a refused form shows them again as typed. */
function rowsAsTyped(form: FormData, saved: ReadonlyMap<string, number>): VariantFormRow[] {
  const rows: VariantFormRow[] = [];
  for (let index = 0; index < MAX_VARIANTS; index++) {
    const key = form.get(`variants[${index}].key`);
    if (typeof key !== "string") break;
    const text = (name: string) => {
      const value = form.get(`variants[${index}].${name}`);
      return typeof value === "string" ? value : "";
    };
    rows.push({
      key,
      values: key.split(" / "),
      itemId: saved.get(key) ?? null,
      sku: text("sku"),
      barcode: text("barcode"),
      price: text("price"),
      cost: text("cost"),
    });
  }
  return rows;
}

const SAVE_REFUSALS = {
  notFound: "storehub.variants.error.notFound",
  nameTaken: "storehub.variants.error.nameTaken",
  valueRemoved: "storehub.variants.error.valueRemoved",
  optionCountChanged: "storehub.variants.error.optionCountChanged",
  rowsMismatch: "storehub.variants.error.generateFirst",
} as const satisfies Record<
  Exclude<Extract<SaveVariantGroupResult, { ok: false }>["error"], "sku-taken" | "barcode-taken">,
  MessageKey
>;

export const action = keepFormOnShopChange(async function action({
  request,
  context,
}: Route.ActionArgs) {
  const { shopId } = await storehubOf(context, request);
  const { db, logger } = context.get(appContext);
  const form = await request.formData();

  // The group being changed, read in this shop: its saved rows keep their fields.
  const options = readForm(form, variantOptionsSchema);
  const groupId = options.ok ? options.data.groupId : null;
  const group = groupId === null ? null : await findVariantGroup(db, shopId, groupId);
  if (groupId !== null && !group) {
    return data<ActionResult>(
      { values: options.values, errors: { form: SAVE_REFUSALS.notFound }, rows: [] },
      { status: 404 },
    );
  }
  const saved = new Map(
    (group?.variants ?? []).map((variant) => [variantKey(variant.values), variant.itemId]),
  );
  const typed = rowsAsTyped(form, saved);
  const fail = (values: FormValues, errors: FieldErrors, rows = typed, status = 400) =>
    data<ActionResult>({ values, errors, rows }, { status });

  if (form.get("intent") === "generate") {
    if (!options.ok) return fail(options.values, options.errors);
    const known = new Map(typed.map(({ key, values: _values, ...row }) => [key, row]));
    const rows = variantFormRows(
      options.data.options,
      {
        skuPrefix: options.data.skuPrefix,
        price: satangToBahtInput(options.data.price),
        cost: satangToBahtInput(options.data.cost),
      },
      known,
    ).map((row) => ({ ...row, itemId: saved.get(row.key) ?? null }));
    // Nothing is written: the rows come back to be checked and saved.
    return { values: options.values, errors: {}, rows } satisfies ActionResult;
  }

  const parsed = readForm(form, variantGroupSchema);
  if (!parsed.ok) return fail(parsed.values, parsed.errors);
  const { name, category, unit, variants } = parsed.data;
  const result = await saveVariantGroup(db, {
    shopId,
    groupId,
    name,
    category,
    unit,
    options: parsed.data.options,
    rows: variants.map((row) => ({
      values: row.key.split(" / "),
      sku: row.sku,
      barcode: row.barcode,
      priceSatang: row.price,
      costSatang: row.cost,
    })),
  });
  if (!result.ok) {
    switch (result.error) {
      case "sku-taken":
        return fail(parsed.values, {
          [`variants[${result.row}].sku`]: DUPLICATE_FIELD_TEXTS[result.error],
        });
      case "barcode-taken":
        return fail(parsed.values, {
          [`variants[${result.row}].barcode`]: DUPLICATE_FIELD_TEXTS[result.error],
        });
      case "nameTaken":
        return fail(parsed.values, { name: SAVE_REFUSALS.nameTaken });
      case "valueRemoved":
      case "optionCountChanged":
        return fail(parsed.values, { options: SAVE_REFUSALS[result.error] });
      case "rowsMismatch":
        return fail(parsed.values, { form: SAVE_REFUSALS.rowsMismatch });
      case "notFound":
        return fail(parsed.values, { form: SAVE_REFUSALS.notFound }, typed, 404);
    }
  }
  logger.info(
    { shopId, groupId: result.groupId, created: result.created, updated: result.updated },
    "variant group saved",
  );
  return redirect(`/storehub/variants?group=${result.groupId}&saved=1`);
});

export const meta: Route.MetaFunction = ({ matches, location }) =>
  storehubMeta(matches, location.pathname, "storehub.variants.title");

export default function VariantGroups({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const result = actionData as ActionResult | undefined;
  const { groups, group, saved } = loaderData;
  const values: FormValues = result?.values ?? group?.values ?? {};
  const errors = result?.errors ?? {};
  const rows = result?.rows ?? group?.rows ?? [];
  const errorText = (field: string) => {
    const key = errors[field];
    return key ? t(key) : undefined;
  };
  const optionsError = errorText("options");
  return (
    <>
      <h1 className="h2">{t("storehub.variants.title")}</h1>
      <p className="text-secondary">{t("storehub.variants.intro")}</p>
      <ShopChangedNotice />
      {groups.length > 0 && (
        <nav aria-label={t("storehub.variants.listLabel")} className="mb-3">
          <ul className="list-inline mb-0" data-testid="variant-groups">
            {groups.map((each) => (
              <li key={each.id} className="list-inline-item mb-1">
                <Link
                  to={`/storehub/variants?group=${each.id}`}
                  className={`btn btn-sm ${each.id === group?.id ? "btn-primary" : "btn-outline-primary"}`}
                  aria-current={each.id === group?.id ? "page" : undefined}
                >
                  {t("storehub.variants.groupLink", {
                    name: each.name,
                    options: each.optionNames.join(", "),
                    count: each.variantCount,
                  })}
                </Link>
              </li>
            ))}
            <li className="list-inline-item mb-1">
              <Link to="/storehub/variants" className="btn btn-sm btn-outline-success">
                {t("storehub.variants.new")}
              </Link>
            </li>
          </ul>
        </nav>
      )}
      {saved && !result && (
        <Notice variant="success" testId="variants-saved">
          {t("storehub.variants.saved", { name: group?.values.name ?? "" })}
        </Notice>
      )}
      {Object.keys(errors).length > 0 && (
        <Notice variant="danger" testId="form-error">
          {errors.form ? t(errors.form) : t("storehub.form.fixErrors")}
        </Notice>
      )}
      <Form method="post" noValidate className="storehub-form" key={group?.id ?? "new"}>
        <ShopIdField />
        {group && <input type="hidden" name="groupId" value={group.id} />}
        <div className="row g-3">
          <div className="col-md-6">
            <TextField
              idPrefix="variants"
              name="name"
              label={t("storehub.variants.name")}
              hint={t("storehub.variants.nameHint")}
              defaultValue={values.name ?? ""}
              error={errorText("name")}
              autoComplete="off"
            />
          </div>
          <div className="col-md-3">
            <TextField
              idPrefix="variants"
              name="category"
              label={t("storehub.field.category")}
              defaultValue={values.category ?? ""}
              error={errorText("category")}
            />
          </div>
          <div className="col-md-3">
            <TextField
              idPrefix="variants"
              name="unit"
              label={t("storehub.field.unit")}
              defaultValue={values.unit ?? ""}
              error={errorText("unit")}
            />
          </div>
          <div className="col-md-6">
            <label htmlFor="variants-options" className="form-label">
              {t("storehub.variants.options")}
            </label>
            <textarea
              id="variants-options"
              name="options"
              rows={3}
              className={`form-control${optionsError ? " is-invalid" : ""}`}
              defaultValue={values.options ?? ""}
              placeholder={t("storehub.variants.optionsExample")}
              aria-invalid={optionsError ? true : undefined}
              aria-describedby={optionsError ? "variants-options-error" : "variants-options-hint"}
            />
            <FieldNotes
              id="variants-options"
              name="options"
              hint={t("storehub.variants.optionsHint")}
              error={optionsError}
            />
          </div>
          <div className="col-md-6">
            <div className="row g-3">
              <div className="col-12">
                <TextField
                  idPrefix="variants"
                  name="skuPrefix"
                  label={t("storehub.variants.skuPrefix")}
                  hint={t("storehub.variants.skuPrefixHint")}
                  defaultValue={values.skuPrefix ?? ""}
                  error={errorText("skuPrefix")}
                  autoComplete="off"
                />
              </div>
              <div className="col-6">
                <TextField
                  idPrefix="variants"
                  name="price"
                  label={t("storehub.variants.price")}
                  inputMode="decimal"
                  defaultValue={values.price ?? ""}
                  error={errorText("price")}
                />
              </div>
              <div className="col-6">
                <TextField
                  idPrefix="variants"
                  name="cost"
                  label={t("storehub.variants.cost")}
                  inputMode="decimal"
                  defaultValue={values.cost ?? ""}
                  error={errorText("cost")}
                />
              </div>
            </div>
          </div>
        </div>
        <Button
          type="submit"
          name="intent"
          value="generate"
          variant="outline-primary"
          disabled={busy}
          className="mb-3"
          data-testid="variants-generate"
        >
          {t("storehub.variants.generate")}
        </Button>
        {rows.length > 0 && (
          <>
            <div className="table-responsive">
              <table className="table align-middle" data-testid="variant-rows">
                <caption className="caption-top">{t("storehub.variants.rowsCaption")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("storehub.variants.variant")}</th>
                    <th scope="col">{t("storehub.field.sku")}</th>
                    <th scope="col">{t("storehub.field.barcode")}</th>
                    <th scope="col">{t("storehub.field.price")}</th>
                    <th scope="col">{t("storehub.field.cost")}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, index) => (
                    <VariantRow key={row.key} row={row} index={index} errorText={errorText} />
                  ))}
                </tbody>
              </table>
            </div>
            <Button
              type="submit"
              name="intent"
              value="save"
              disabled={busy}
              data-testid="variants-save"
            >
              {t("storehub.variants.save")}
            </Button>
          </>
        )}
      </Form>
    </>
  );
}

function VariantRow({
  row,
  index,
  errorText,
}: {
  row: VariantFormRow;
  index: number;
  errorText: (field: string) => string | undefined;
}) {
  const t = useT();
  const cell = (field: "sku" | "barcode" | "price" | "cost", label: string) => {
    const name = `variants[${index}].${field}`;
    const id = `variant-${index}-${field}`;
    const error = errorText(name);
    return (
      <td>
        <input
          id={id}
          name={name}
          className={`form-control form-control-sm${error ? " is-invalid" : ""}`}
          defaultValue={row[field]}
          inputMode={field === "price" || field === "cost" ? "decimal" : undefined}
          autoComplete="off"
          aria-label={t("storehub.variants.cellLabel", { field: label, variant: row.key })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <FieldNotes id={id} name={name} error={error} />
      </td>
    );
  };
  return (
    <tr data-testid="variant-row" data-variant={row.key}>
      <th scope="row">
        <input type="hidden" name={`variants[${index}].key`} value={row.key} />
        {row.key}
        {row.itemId !== null && (
          <Link to={`/storehub/edit?id=${row.itemId}`} className="ms-2 small">
            {t("storehub.variants.openItem")}
          </Link>
        )}
      </th>
      {cell("sku", t("storehub.field.sku"))}
      {cell("barcode", t("storehub.field.barcode"))}
      {cell("price", t("storehub.field.price"))}
      {cell("cost", t("storehub.field.cost"))}
    </tr>
  );
}
