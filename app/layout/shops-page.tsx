import type { ReactNode, SelectHTMLAttributes } from "react";
import { Form as BsForm } from "react-bootstrap";
import { NavLink } from "react-router";
import type { MessageKey } from "~/lib/i18n";
import { useT } from "~/lib/i18n/use-translation";
import { privatePageMeta } from "~/lib/area-meta";
import { BUSINESS_TYPES } from "~/modules/shops";
import { FieldNotes, TextField } from "~/ui/text-field";
import type { PaginationLabels } from "~/ui/pagination";

/** Title tags of a shop management page (private: never indexed), in the area's language. */
export const shopsMeta = privatePageMeta;

export function useShopsPaginationLabels(): PaginationLabels {
  const t = useT();
  return {
    nav: t("shops.pagination.nav"),
    previous: t("shops.pagination.previous"),
    next: t("shops.pagination.next"),
    page: (n) => t("shops.pagination.page", { n }),
  };
}

/** The owner's tabs between a shop's members, its details and how it sells. */
export function ShopTabs({ shopId }: { shopId: string }) {
  const t = useT();
  const query = `?shop=${encodeURIComponent(shopId)}`;
  return (
    <nav aria-label={t("shops.tabs.label")}>
      <ul className="nav nav-tabs mb-4">
        <li className="nav-item">
          <NavLink to={`/shophub/members${query}`} className="nav-link">
            {t("shops.tabs.members")}
          </NavLink>
        </li>
        <li className="nav-item">
          {/* `end`: the selling tab's address starts with this one's. */}
          <NavLink to={`/shophub/settings${query}`} end className="nav-link">
            {t("shops.tabs.settings")}
          </NavLink>
        </li>
        <li className="nav-item">
          <NavLink to={`/shophub/settings/selling${query}`} className="nav-link">
            {t("shops.tabs.selling")}
          </NavLink>
        </li>
        <li className="nav-item">
          <NavLink to={`/shophub/settings/etax${query}`} className="nav-link">
            {t("shops.tabs.etax")}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}

export function StatusAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="alert alert-success" role="status" data-testid="shops-done">
      {message}
    </div>
  );
}

export function ErrorAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div className="alert alert-danger" role="alert" data-testid="shops-error">
      {message}
    </div>
  );
}

/** A labelled select with its error under it, like TextField. */
export function SelectField({
  name,
  label,
  error,
  hint,
  idPrefix = "field",
  children,
  ...select
}: {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  idPrefix?: string;
  children: ReactNode;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id" | "size" | "value">) {
  const id = `${idPrefix}-${name}`;
  return (
    <BsForm.Group className="mb-3" controlId={id}>
      <BsForm.Label>{label}</BsForm.Label>
      <BsForm.Select
        name={name}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        {...select}
      >
        {children}
      </BsForm.Select>
      <FieldNotes id={id} name={name} hint={hint} error={error} />
    </BsForm.Group>
  );
}

/**
 * The fields of the new-shop form and of the settings: what was typed (or is saved) and the
 * Thai message of each field's problem.
 */
export function ShopFields({
  values,
  errors,
}: {
  values: Record<string, string>;
  errors: Partial<Record<string, MessageKey>>;
}) {
  const t = useT();
  const error = (field: string) => {
    const key = errors[field];
    return key ? t(key) : undefined;
  };
  return (
    <>
      <TextField
        name="name"
        type="text"
        autoComplete="organization"
        label={t("shops.field.name")}
        hint={t("shops.field.nameHint")}
        defaultValue={values.name}
        error={error("name")}
        maxLength={120}
        required
      />
      <SelectField
        name="businessType"
        label={t("shops.field.businessType")}
        defaultValue={values.businessType ?? ""}
        error={error("businessType")}
        required
      >
        <option value="" disabled>
          {t("shops.field.businessTypeChoose")}
        </option>
        {BUSINESS_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`shops.businessType.${type}`)}
          </option>
        ))}
      </SelectField>
      <BsForm.Group className="mb-3" controlId="field-address">
        <BsForm.Label>{t("shops.field.address")}</BsForm.Label>
        <BsForm.Control
          as="textarea"
          rows={3}
          name="address"
          autoComplete="street-address"
          maxLength={500}
          required
          defaultValue={values.address}
          isInvalid={Boolean(error("address"))}
          aria-invalid={error("address") ? true : undefined}
          aria-describedby={error("address") ? "field-address-error" : "field-address-hint"}
        />
        {error("address") ? (
          <BsForm.Control.Feedback
            type="invalid"
            id="field-address-error"
            className="d-block"
            data-error-for="address"
          >
            {error("address")}
          </BsForm.Control.Feedback>
        ) : (
          <BsForm.Text id="field-address-hint" muted>
            {t("shops.field.addressHint")}
          </BsForm.Text>
        )}
      </BsForm.Group>
      <TextField
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        label={t("shops.field.phone")}
        hint={t("shops.field.phoneHint")}
        defaultValue={values.phone}
        error={error("phone")}
        required
      />
      <TextField
        name="taxId"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        label={t("shops.field.taxId")}
        hint={t("shops.field.taxIdHint")}
        defaultValue={values.taxId}
        error={error("taxId")}
        maxLength={20}
      />
    </>
  );
}
