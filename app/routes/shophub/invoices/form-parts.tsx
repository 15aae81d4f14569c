import { Alert, Form as BsForm } from "react-bootstrap";
import type { MessageKey } from "~/lib/i18n";
import { useT } from "~/lib/i18n/use-translation";

// What the invoice page's three forms share: the action's answer to a refused post, and the
// pieces that show it next to the fields.

export type Intent = "void" | "return" | "full" | "etax";

/** A return form's quantity field of one sale line. */
export const qtyField = (lineId: number) => `qty-${lineId}`;

export interface Failure {
  intent: Intent;
  values: Record<string, string>;
  errors: Record<string, MessageKey>;
  /** Values for a field's message ("at most {qty}"). */
  params?: Record<string, Record<string, string>>;
  formError?: MessageKey;
}

export function FieldError({ id, failure, name }: { id: string; failure?: Failure; name: string }) {
  const t = useT();
  const key = failure?.errors[name];
  if (!key) return null;
  return (
    <BsForm.Control.Feedback type="invalid" id={id}>
      {t(key, failure?.params?.[name])}
    </BsForm.Control.Feedback>
  );
}

export function FormError({ failure }: { failure?: Failure }) {
  const t = useT();
  if (!failure?.formError) return null;
  return (
    <Alert variant="danger" data-testid="form-error">
      {t(failure.formError)}
    </Alert>
  );
}

export function TextInput({
  form,
  name,
  label,
  failure,
  as,
  maxLength,
  initial = "",
}: {
  form: Intent;
  name: string;
  label: MessageKey;
  failure?: Failure;
  as?: "textarea";
  maxLength?: number;
  /** What the field holds before anything is typed (a chosen customer's details). */
  initial?: string;
}) {
  const t = useT();
  const id = `${form}-${name}`;
  const invalid = Boolean(failure?.errors[name]);
  return (
    <BsForm.Group className="mb-3" controlId={id}>
      <BsForm.Label>{t(label)}</BsForm.Label>
      <BsForm.Control
        name={name}
        as={as}
        rows={as ? 2 : undefined}
        maxLength={maxLength}
        defaultValue={failure?.values[name] ?? initial}
        isInvalid={invalid}
        aria-describedby={invalid ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} failure={failure} name={name} />
    </BsForm.Group>
  );
}
