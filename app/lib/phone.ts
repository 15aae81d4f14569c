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

/**
 * Shows an E.164 number the way people in its country write it. Thai numbers are written
 * with dashes (089-765-4321, 02-114-7788), as on Thai business cards and forms; the same
 * text goes back into forms, where toE164 reads it again.
 */
export function formatPhoneForDisplay(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return parsed.country === "TH"
    ? parsed.formatNational().replace(/\s+/g, "-")
    : parsed.formatInternational();
}
