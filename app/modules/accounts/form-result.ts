import type { MessageKey } from "~/lib/i18n";
import type { FieldErrors } from "~/lib/forms/read-form";

/** What an account action sends back to its page when something is wrong. */
export interface FormFailure {
  values: Record<string, string>;
  errors: FieldErrors;
  /** A problem with the whole form (wrong credentials, too many attempts, a bad link). */
  formError?: MessageKey;
  retryMinutes?: number;
}
