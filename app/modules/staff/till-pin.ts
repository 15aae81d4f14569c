import { isGuessablePin } from "~/modules/shops";

/*
 * The till PIN's rules (issue 37, decision 0088), shared by the PIN form, the till's PIN pad
 * and the server (client-safe).
 */

/** 4 to 6 digits: quick to type at a counter; the lockout, not the length, stops guessing. */
export const TILL_PIN_PATTERN = /^\d{4,6}$/;

/** Wrong PINs in a row that lock a member's till PIN. */
export const TILL_PIN_MAX_FAILURES = 5;

/** How long a locked PIN stays locked unless an owner or a manager unlocks it. */
export const TILL_PIN_LOCK_MINUTES = 30;

export type TillPinRuleError = "format" | "guessable";

/** Why a new till PIN is refused, or null when it may be set. */
export function tillPinRuleError(pin: string): TillPinRuleError | null {
  if (!TILL_PIN_PATTERN.test(pin)) return "format";
  return isGuessablePin(pin) ? "guessable" : null;
}
