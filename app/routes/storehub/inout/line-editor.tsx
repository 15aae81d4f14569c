import type { KeyboardEvent, ReactNode } from "react";
import type { Lookup } from "~/features/stock-entry/item-lookup";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht } from "~/lib/money";
import { formatQuantityMilli } from "~/lib/quantity";
import {
  lineFieldName,
  parseLineQuantity,
  REASON_MAX,
  type FormMessage,
  type InoutKind,
  type LineField,
  type LineValues,
} from "~/modules/stock";
import type { LinePreview, LocationOption } from "~/modules/stock/index.server";
import { say, signed } from "../stock-text";

/** One line of the form as the page holds it. */
export interface LineState {
  key: number;
  values: LineValues;
  errors: Partial<Record<LineField, FormMessage>>;
  /** The server's look-up when the form came back (valid while item and place are unchanged). */
  preview?: LinePreview & { location: string };
}

/** One document line: item, place(s), quantity and what the kind asks, with what is known. */
export function LineEditor({
  kind,
  index,
  line,
  fields,
  locations,
  lookup,
  canRemove,
  onChange,
  onRemove,
  onKeyDown,
}: {
  kind: InoutKind;
  index: number;
  line: LineState;
  fields: readonly LineField[];
  locations: LocationOption[];
  lookup: Lookup | undefined;
  canRemove: boolean;
  onChange: (field: LineField, value: string) => void;
  onRemove: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
}) {
  const t = useT();
  const lang = useLang();
  const { values, errors } = line;
  const id = (field: LineField) => `line-${index}-${field}`;
  const control = (field: LineField) => ({
    id: id(field),
    name: lineFieldName(field, index),
    value: values[field],
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `${id(field)}-error` : undefined,
  });
  const className = (base: string, field: LineField) =>
    `${base}${errors[field] ? " is-invalid" : ""}`;
  const errorOf = (field: LineField) =>
    errors[field] ? (
      <div
        id={`${id(field)}-error`}
        className="invalid-feedback d-block"
        data-error-for={lineFieldName(field, index)}
      >
        {say(t, lang, errors[field])}
      </div>
    ) : null;

  // What is known about the item: the browser's look-up, else the server's when unchanged.
  const text = values.item.trim().toLowerCase();
  let info: {
    name: string;
    sku: string;
    unit: string;
    costSatang: number;
    current: number;
    archived: boolean;
  } | null = null;
  if (lookup && lookup !== "notFound") {
    info = {
      ...lookup,
      // The in/out page is for writers, who always see costs.
      costSatang: lookup.costSatang ?? 0,
      current: lookup.balances[values.location] ?? 0,
      archived: lookup.status === "archived",
    };
  } else if (
    !lookup &&
    line.preview &&
    line.preview.text.trim().toLowerCase() === text &&
    line.preview.location === values.location
  ) {
    info = line.preview;
  }
  const counted = kind === "count" ? parseLineQuantity(values.counted, { zero: true }) : null;

  const locationSelect = (field: "location" | "to", label: string, placeholder?: string) => (
    <div className="col-6 col-md-3">
      <label htmlFor={id(field)} className="form-label small mb-1">
        {label}
      </label>
      <select
        {...control(field)}
        className={className("form-select", field)}
        onChange={(event) => onChange(field, event.target.value)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {locations.map((location) => (
          <option key={location.id} value={location.id}>
            {location.path}
          </option>
        ))}
      </select>
      {errorOf(field)}
    </div>
  );

  let detail: ReactNode = null;
  if (info) {
    detail =
      kind === "count" && counted !== null
        ? `${info.name} · ${info.sku} · ${t("storehub.inout.difference", {
            current: formatQuantityMilli(info.current, lang),
            unit: info.unit,
            difference: signed(counted - info.current, lang),
          })}`
        : t("storehub.inout.preview", {
            name: info.name,
            sku: info.sku,
            current: formatQuantityMilli(info.current, lang),
            unit: info.unit,
          });
  } else if (lookup === "notFound" && !errors.item) {
    detail = <span className="text-warning-emphasis">{t("storehub.error.itemNotFound")}</span>;
  }
  if (info?.archived) {
    // Archived stock may still arrive or leave, but it is hidden from selling: say so first.
    detail = (
      <>
        {detail}{" "}
        <span className="text-warning-emphasis fw-semibold" data-testid="inout-line-archived">
          {t("storehub.inout.archivedItem")}
        </span>
      </>
    );
  }

  return (
    <fieldset className="border rounded px-3 pb-2 mb-3 position-relative" data-testid="inout-line">
      <legend className="float-none w-auto fs-6 fw-semibold px-1 mb-0">
        {t("storehub.inout.line", { n: index + 1 })}
      </legend>
      {canRemove && (
        <button
          type="button"
          className="btn btn-sm btn-light border text-danger position-absolute end-0 me-2 py-0"
          style={{ top: "-0.8rem" }}
          onClick={onRemove}
          aria-label={t("storehub.inout.removeLine", { n: index + 1 })}
          data-testid="inout-remove-line"
        >
          ×
        </button>
      )}
      <div className="row g-2 align-items-start">
        <div className="col-12 col-md-4">
          <label htmlFor={id("item")} className="form-label small mb-1">
            {t("storehub.inout.field.item")}
          </label>
          <input
            {...control("item")}
            className={className("form-control", "item")}
            list="inout-item-options"
            autoComplete="off"
            onChange={(event) => onChange("item", event.target.value)}
            onKeyDown={onKeyDown}
          />
          {errorOf("item")}
        </div>
        {locationSelect(
          "location",
          t(kind === "transfer" ? "storehub.inout.field.from" : "storehub.inout.field.location"),
        )}
        {fields.includes("to") &&
          locationSelect("to", t("storehub.inout.field.to"), t("storehub.inout.chooseTo"))}
        {(["qty", "counted"] as const)
          .filter((field) => fields.includes(field))
          .map((field) => (
            <div key={field} className="col-6 col-md-2">
              <label htmlFor={id(field)} className="form-label small mb-1">
                {t(`storehub.inout.field.${field}`)}
              </label>
              <input
                {...control(field)}
                className={className("form-control", field)}
                inputMode="decimal"
                autoComplete="off"
                onChange={(event) => onChange(field, event.target.value)}
                onKeyDown={onKeyDown}
              />
              {errorOf(field)}
            </div>
          ))}
        {fields.includes("cost") && (
          <div className="col-6 col-md-3">
            <label htmlFor={id("cost")} className="form-label small mb-1">
              {t("storehub.inout.field.cost")}
            </label>
            <input
              {...control("cost")}
              className={className("form-control", "cost")}
              inputMode="decimal"
              autoComplete="off"
              placeholder={info ? formatBaht(info.costSatang, lang) : undefined}
              onChange={(event) => onChange("cost", event.target.value)}
              onKeyDown={onKeyDown}
            />
            {errorOf("cost")}
            {info && !errors.cost && (
              <div className="form-text">
                {t("storehub.inout.costDefault", { cost: formatBaht(info.costSatang, lang) })}
              </div>
            )}
          </div>
        )}
        {fields.includes("reason") && (
          <div className="col-6 col-md-3">
            <label htmlFor={id("reason")} className="form-label small mb-1">
              {t("storehub.inout.field.reason")}
            </label>
            <input
              {...control("reason")}
              className={className("form-control", "reason")}
              list="inout-reasons"
              maxLength={REASON_MAX}
              placeholder={t("storehub.inout.optional")}
              onChange={(event) => onChange("reason", event.target.value)}
              onKeyDown={onKeyDown}
            />
            {errorOf("reason")}
          </div>
        )}
      </div>
      {detail && (
        <div className="small text-secondary mt-1" data-testid="inout-line-info">
          {detail}
        </div>
      )}
    </fieldset>
  );
}
