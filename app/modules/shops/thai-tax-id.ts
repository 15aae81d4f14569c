/**
 * A Thai 13-digit tax ID (the same number as a citizen ID for individuals) is valid when its
 * last digit is the checksum of the first twelve: (11 - Σ digit × (13 - position)) mod 11, mod 10.
 * Dashes and spaces as people type them (0-1055-12345-67-1) are ignored.
 */
export function normalizeThaiTaxId(input: string): string | null {
  const digits = input.replace(/[\s-]/g, "");
  if (!/^\d{13}$/.test(digits)) return null;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * (13 - i);
  const check = (11 - (sum % 11)) % 10;
  return check === Number(digits[12]) ? digits : null;
}
