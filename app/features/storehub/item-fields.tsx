import type { MessageKey } from "~/lib/i18n";
import { useT } from "~/lib/i18n/use-translation";
import { TextField } from "~/ui/text-field";
import { ACCEPTED_IMAGE_TYPES } from "~/lib/image-signature";
import { usePictureFileCheck } from "~/ui/use-picture-file-check";

/** The item fields of the add and edit forms, with their errors and what was typed. */
export function ItemFields({
  values,
  errors,
}: {
  values: Record<string, string>;
  errors: Record<string, MessageKey | undefined>;
}) {
  const t = useT();
  const field = (name: string) => ({
    name,
    idPrefix: "item",
    defaultValue: values[name] ?? "",
    error: errors[name] ? t(errors[name]) : undefined,
  });
  return (
    <>
      <TextField
        {...field("name")}
        label={t("storehub.field.name")}
        maxLength={120}
        required
        autoComplete="off"
      />
      <div className="row">
        <div className="col-md-6">
          <TextField
            {...field("sku")}
            label={t("storehub.field.sku")}
            hint={t("storehub.hint.sku")}
            maxLength={64}
            required
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
        </div>
        <div className="col-md-6">
          <TextField
            {...field("barcode")}
            label={t("storehub.field.barcode")}
            hint={t("storehub.hint.barcode")}
            maxLength={48}
            autoComplete="off"
            inputMode="text"
            spellCheck={false}
          />
        </div>
      </div>
      <div className="row">
        <div className="col-md-6">
          <TextField
            {...field("category")}
            label={t("storehub.field.category")}
            maxLength={60}
            autoComplete="off"
          />
        </div>
        <div className="col-md-6">
          <TextField
            {...field("unit")}
            label={t("storehub.field.unit")}
            hint={t("storehub.hint.unit")}
            maxLength={20}
            required
            autoComplete="off"
          />
        </div>
      </div>
      <div className="row">
        <div className="col-sm-4">
          <TextField
            {...field("price")}
            label={t("storehub.field.price")}
            inputMode="decimal"
            autoComplete="off"
          />
        </div>
        <div className="col-sm-4">
          <TextField
            {...field("cost")}
            label={t("storehub.field.cost")}
            inputMode="decimal"
            autoComplete="off"
          />
        </div>
        <div className="col-sm-4">
          <TextField
            {...field("reorderLevel")}
            label={t("storehub.field.reorderLevel")}
            hint={t("storehub.hint.reorderLevel")}
            inputMode="decimal"
            autoComplete="off"
          />
        </div>
      </div>
      <div className="form-check mb-3">
        <input
          id="item-measured"
          type="checkbox"
          name="measured"
          defaultChecked={values.measured === "on"}
          className="form-check-input"
          aria-describedby="item-measured-hint"
        />
        <label htmlFor="item-measured" className="form-check-label">
          {t("storehub.field.measured")}
        </label>
        <div id="item-measured-hint" className="form-text">
          {t("storehub.field.measuredHint")}
        </div>
      </div>
    </>
  );
}

/**
 * ราคาตามจริง (issue 37, decision 0093): the till asks the price each time it sells the item,
 * within the optional lowest and highest price.
 */
export function OpenPriceFields({
  values,
  errors,
}: {
  values: Record<string, string>;
  errors: Record<string, MessageKey | undefined>;
}) {
  const t = useT();
  const field = (name: string) => ({
    name,
    idPrefix: "item",
    defaultValue: values[name] ?? "",
    error: errors[name] ? t(errors[name]) : undefined,
  });
  return (
    <fieldset className="mb-3" data-testid="item-open-price">
      <div className="form-check mb-2">
        <input
          id="item-openPrice"
          type="checkbox"
          name="openPrice"
          defaultChecked={values.openPrice === "on"}
          className="form-check-input"
          aria-describedby="item-openPrice-hint"
        />
        <label htmlFor="item-openPrice" className="form-check-label">
          {t("storehub.field.openPrice")}
        </label>
        <div id="item-openPrice-hint" className="form-text">
          {t("storehub.field.openPriceHint")}
        </div>
      </div>
      <div className="row">
        <div className="col-sm-6">
          <TextField
            {...field("openPriceMin")}
            label={t("storehub.field.openPriceMin")}
            inputMode="decimal"
            autoComplete="off"
          />
        </div>
        <div className="col-sm-6">
          <TextField
            {...field("openPriceMax")}
            label={t("storehub.field.openPriceMax")}
            inputMode="decimal"
            autoComplete="off"
          />
        </div>
      </div>
    </fieldset>
  );
}

/** A photo input with its error; the file is checked and resized on the server. */
export function ImageField({
  name = "image",
  label,
  error,
}: {
  name?: string;
  label: string;
  error?: MessageKey;
}) {
  const t = useT();
  const picture = usePictureFileCheck();
  // A file refused in the browser replaces the server's earlier verdict on the field.
  if (picture.rejected) error = "media.error.notImage";
  return (
    <div className="mb-3">
      <label htmlFor={`item-${name}`} className="form-label">
        {label}
      </label>
      <input
        id={`item-${name}`}
        type="file"
        name={name}
        accept={ACCEPTED_IMAGE_TYPES}
        onChange={picture.onChange}
        className={`form-control${error ? " is-invalid" : ""}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `item-${name}-error` : `item-${name}-hint`}
      />
      {error ? (
        <div id={`item-${name}-error`} className="invalid-feedback d-block" data-error-for={name}>
          {t(error)}
        </div>
      ) : (
        <div id={`item-${name}-hint`} className="form-text">
          {t("storehub.hint.image")}
        </div>
      )}
    </div>
  );
}
