/*
 * The approval PIN's rules, shared by the PIN form and the server (client-safe).
 */

/** 4 to 8 digits: quick to type at a counter, and the rate limit stops guessing. */
export const APPROVAL_PIN_PATTERN = /^\d{4,8}$/;

/**
 * A PIN anybody would try first: one digit repeated (0000), a run up or down on the keypad,
 * going round past 9 (1234, 9876, 7890), or a pair repeated (1212). Refused when it is set.
 */
export function isGuessablePin(pin: string): boolean {
  const digits = [...pin].map(Number);
  // Each step as a move on the ring 0-9: 1 is one up (9 → 0 too), 9 one down.
  const steps = digits.slice(1).map((digit, index) => (digit - (digits[index] ?? 0) + 10) % 10);
  const sameStep = steps.every((step) => step === steps[0]);
  if (sameStep && (steps[0] === 0 || steps[0] === 1 || steps[0] === 9)) return true;
  const pair = pin.slice(0, 2);
  return pin.length % 2 === 0 && pair.repeat(pin.length / 2) === pin;
}
