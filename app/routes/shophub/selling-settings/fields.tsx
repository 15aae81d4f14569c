import type { ReactNode } from "react";
import { Form as BsForm } from "react-bootstrap";
import type { MessageKey } from "~/lib/i18n";
import { useT } from "~/lib/i18n/use-translation";
import { ACCEPTED_IMAGE_TYPES } from "~/lib/image-signature";
import { RECEIPT_TEXT_MAX_CHARS } from "~/modules/sales";
import { usePictureFileCheck } from "~/ui/use-picture-file-check";

// The selling settings page's field markup: switches, radio groups and a textarea with their
// hint and their Thai error tied to them for screen readers, and the logo's file input.

/** The logo's file input; a file that is not a picture by its first bytes is refused at once. */
export function LogoField({ label, error }: { label: string; error?: MessageKey }) {
  const t = useT();
  const picture = usePictureFileCheck();
  const shown: MessageKey | undefined = picture.rejected ? "media.error.notImage" : error;
  return (
    <div className="mb-3">
      <label htmlFor="field-logo" className="form-label">
        {label}
      </label>
      <input
        id="field-logo"
        type="file"
        name="logo"
        accept={ACCEPTED_IMAGE_TYPES}
        onChange={picture.onChange}
        className={`form-control${shown ? " is-invalid" : ""}`}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? "field-logo-error" : "field-logo-hint"}
      />
      {shown ? (
        <div id="field-logo-error" className="invalid-feedback d-block" data-error-for="logo">
          {t(shown)}
        </div>
      ) : (
        <div id="field-logo-hint" className="form-text">
          {t("shops.sellingSettings.receipt.logoHint")}
        </div>
      )}
    </div>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="mb-4">
      <legend className="h5">{title}</legend>
      {children}
    </fieldset>
  );
}

export function SwitchField({
  name,
  label,
  hint,
  checked,
  error,
  errorLink,
  onChange,
}: {
  name: string;
  label: string;
  hint: string;
  checked: boolean;
  error?: string;
  errorLink?: ReactNode;
  onChange?: (checked: boolean) => void;
}) {
  const id = `field-${name}`;
  return (
    <div className="mb-3">
      <BsForm.Check
        type="switch"
        id={id}
        name={name}
        label={label}
        defaultChecked={checked}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
        onChange={onChange ? (event) => onChange(event.currentTarget.checked) : undefined}
      />
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block" data-error-for={name}>
          {error} {errorLink}
        </div>
      )}
      <BsForm.Text id={`${id}-hint`} muted>
        {hint}
      </BsForm.Text>
    </div>
  );
}

export function RadioGroup({
  name,
  legend,
  hint,
  checked,
  error,
  choices,
  inline,
  onChange,
}: {
  name: string;
  legend: string;
  hint?: string;
  checked: string;
  error?: string;
  choices: (readonly [string, string])[];
  inline?: boolean;
  onChange?: (value: string) => void;
}) {
  const id = `field-${name}`;
  return (
    <fieldset
      className="mb-3"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
    >
      <legend className="form-label fs-6 mb-1">{legend}</legend>
      {choices.map(([choice, label]) => (
        <BsForm.Check
          key={choice}
          type="radio"
          inline={inline}
          id={`${id}-${choice}`}
          name={name}
          value={choice}
          label={label}
          defaultChecked={checked === choice}
          isInvalid={Boolean(error)}
          onChange={onChange ? () => onChange(choice) : undefined}
        />
      ))}
      {hint && !error && (
        <BsForm.Text id={`${id}-hint`} muted className="d-block">
          {hint}
        </BsForm.Text>
      )}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block" data-error-for={name}>
          {error}
        </div>
      )}
    </fieldset>
  );
}

export function TextArea({
  name,
  label,
  hint,
  value,
  error,
}: {
  name: string;
  label: string;
  hint: string;
  value: string;
  error?: string;
}) {
  const id = `field-${name}`;
  return (
    <BsForm.Group className="mb-3" controlId={id}>
      <BsForm.Label>{label}</BsForm.Label>
      <BsForm.Control
        as="textarea"
        rows={3}
        name={name}
        // A little room over the limit, so that a pasted text is cut by the message, not silently.
        maxLength={RECEIPT_TEXT_MAX_CHARS + 100}
        defaultValue={value}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
      />
      {error ? (
        <BsForm.Control.Feedback
          type="invalid"
          id={`${id}-error`}
          className="d-block"
          data-error-for={name}
        >
          {error}
        </BsForm.Control.Feedback>
      ) : (
        <BsForm.Text id={`${id}-hint`} muted>
          {hint}
        </BsForm.Text>
      )}
    </BsForm.Group>
  );
}
