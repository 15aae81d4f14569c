import type { ReactNode } from "react";
import { Form, Link } from "react-router";

/**
 * The second step of a destructive action (delete, remove, reverse): the question, then a
 * plain form that posts the action again with `confirmed=1`, so it works without JavaScript,
 * and a way back.
 */
export function ConfirmPanel({
  id,
  testId,
  submitTestId = "confirm-submit",
  tone = "danger",
  action,
  message,
  fields,
  confirmLabel,
  cancelLabel,
  cancelTo,
  children,
}: {
  /** The panel's anchor (the first step links to `#id`); also labels the panel. */
  id?: string;
  testId: string;
  submitTestId?: string;
  tone?: "danger" | "warning";
  action: string;
  message: ReactNode;
  /** Hidden fields that say what is confirmed. */
  fields: Record<string, string>;
  confirmLabel: string;
  cancelLabel: string;
  cancelTo: string;
  /** More to read or fill in before confirming (e.g. a reason). */
  children?: ReactNode;
}) {
  const messageId = id ? `${id}-message` : undefined;
  return (
    <section
      id={id}
      className={`alert alert-${tone} mb-0`}
      aria-labelledby={messageId}
      data-testid={testId}
    >
      <p id={messageId} className="mb-2">
        {message}
      </p>
      <Form method="post" action={action} noValidate>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirmed" value="1" />
        {children}
        <div className="d-flex flex-wrap gap-2">
          <button type="submit" className="btn btn-sm btn-danger" data-testid={submitTestId}>
            {confirmLabel}
          </button>
          <Link to={cancelTo} className="btn btn-sm btn-outline-secondary" replace>
            {cancelLabel}
          </Link>
        </div>
      </Form>
    </section>
  );
}
