import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/**
 * Normalises a phone number to E.164. Thai numbers may be typed the local way
 * (08x-xxx-xxxx, 02-xxx-xxxx); numbers starting with + may be from any country.
 * Returns null when the input is not a valid number.
 */
export function toE164(input: string, defaultCountry: "TH" = "TH"): string | null {
  const trimmed = input.trim();
  if (!/^[+\d][\d\s().-]*$/.test(trimmed)) return null;
  const parsed = parsePhoneNumberFromString(trimmed, defaultCountry);
  if (!parsed || !parsed.isValid()) return null;
  return parsed.number;
}

// Parsing a number costs about 0.1 ms, and the company's number is shown on every page the
// server renders: the texts already made are kept (a few hundred numbers at most).
const DISPLAYED_MAX = 500;
const displayed = new Map<string, string>();

/**
 * Shows an E.164 number the way people in its country write it. Thai numbers are written
 * with dashes (089-765-4321, 02-114-7788), as on Thai business cards and forms; the same
 * text goes back into forms, where toE164 reads it again.
 */
export function formatPhoneForDisplay(e164: string): string {
  const found = displayed.get(e164);
  if (found !== undefined) return found;
  const parsed = parsePhoneNumberFromString(e164);
  const text = !parsed
    ? e164
    : parsed.country === "TH"
      ? parsed.formatNational().replace(/\s+/g, "-")
      : parsed.formatInternational();
  if (displayed.size >= DISPLAYED_MAX) displayed.clear();
  displayed.set(e164, text);
  return text;
}
