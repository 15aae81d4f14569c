import type { ReactNode } from "react";
import type { useScannerInput } from "./use-scanner-input";

/**
 * The labelled scanner field with its hint, or its error in place of the hint. The texts come
 * from the page (storehub and the till each say their own). Without JavaScript the field is a
 * plain input named `name` that arrives with the form.
 */
export function ScannerField({
  id,
  name,
  label,
  hint,
  error,
  scanner,
  testId,
}: {
  id: string;
  name: string;
  label: ReactNode;
  hint: ReactNode;
  error: ReactNode | undefined;
  scanner: ReturnType<typeof useScannerInput>;
  testId?: string;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        {...scanner.inputProps}
        id={id}
        name={name}
        className={`form-control${error ? " is-invalid" : ""}`}
        autoComplete="off"
        inputMode="search"
        aria-describedby={error ? errorId : hintId}
        data-testid={testId}
      />
      {error ? (
        <div id={errorId} className="invalid-feedback d-block" data-error-for={name}>
          {error}
        </div>
      ) : (
        <div id={hintId} className="form-text">
          {hint}
        </div>
      )}
    </>
  );
}
