import type { FieldErrors, FormValues } from "~/lib/forms/read-form";
import type { MessageKey } from "~/lib/i18n";

/** A refused post of the option groups page, as its forms read it back. */
export interface OptionsFailure {
  errors: FieldErrors;
  values: FormValues;
  /** Which form the refusal is for (its fields keep what was typed). */
  target: string;
  unknownSkus?: string[];
}

/** What one form shows of a refusal: its typed values and its errors, when it is the target. */
export function failureFor(
  failure: OptionsFailure | undefined,
  target: string,
  t: (key: MessageKey) => string,
) {
  const mine = failure?.target === target ? failure : undefined;
  return {
    value: (name: string, fallback: string) => (mine ? (mine.values[name] ?? "") : fallback),
    /** The message key of a field's refusal. */
    errorKey: (name: string) => mine?.errors[name],
    /** The field's refusal in the reader's language. */
    error: (name: string) => {
      const key = mine?.errors[name];
      return key ? t(key as MessageKey) : undefined;
    },
  };
}
