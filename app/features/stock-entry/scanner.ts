/*
 * A barcode scanner is a keyboard: it types the code and presses Enter. These are the rules
 * of a field that takes such codes, as plain functions (use-scanner-input.ts wires them).
 */

/** The code sent by pressing `key` in a field holding `value`: Enter with a code, else null. */
export function scannedCode(key: string, value: string): string | null {
  if (key !== "Enter") return null;
  const code = value.trim();
  return code === "" ? null : code;
}

/**
 * Whether a scanner field that keeps focus takes it back after a blur: yes when focus went
 * nowhere (a tap on the page, a button that was removed); no when the person moved to
 * another field or control on purpose.
 */
export function shouldReclaimFocus(next: { tagName: string } | null): boolean {
  return next === null || next.tagName === "BODY";
}
