import type { InputHTMLAttributes } from "react";
import { Form as BsForm } from "react-bootstrap";

/**
 * A labelled input with its error shown right under it (and tied to it for screen readers).
 * `defaultValue` is what the visitor typed, so a failed submission keeps it.
 */
export function TextField({
  name,
  label,
  error,
  hint,
  idPrefix = "field",
  ...input
}: {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  idPrefix?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "size" | "value">) {
  const id = `${idPrefix}-${name}`;
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <BsForm.Group className="mb-3" controlId={id}>
      <BsForm.Label>{label}</BsForm.Label>
      <BsForm.Control
        name={name}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      <FieldNotes id={id} name={name} hint={hint} error={error} />
    </BsForm.Group>
  );
}

/**
 * Under a field: its hint, or its error (tied to the field by `${id}-error` and named by
 * `data-error-for`, which the pages and tests use to find a field's message).
 */
export function FieldNotes({
  id,
  name,
  hint,
  error,
}: {
  id: string;
  name: string;
  hint?: string;
  error?: string;
}) {
  return (
    <>
      {hint && !error && (
        <BsForm.Text id={`${id}-hint`} muted>
          {hint}
        </BsForm.Text>
      )}
      {error && (
        <BsForm.Control.Feedback
          type="invalid"
          id={`${id}-error`}
          className="d-block"
          data-error-for={name}
        >
          {error}
        </BsForm.Control.Feedback>
      )}
    </>
  );
}
