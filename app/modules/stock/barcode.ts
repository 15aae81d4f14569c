/**
 * Barcodes: numeric codes of 8, 12, 13 or 14 digits are GS1 codes (EAN-8, UPC-A, EAN-13,
 * GTIN-14) and must carry the right check digit, so a mistyped digit is caught at once.
 * Other codes (letters, a shop's own short numbers) are taken as they are.
 */
export type BarcodeCheck = { ok: true; value: string } | { ok: false };

const GS1_LENGTHS = new Set([8, 12, 13, 14]);

/** The GS1 check digit of the digits before it (weights 3 and 1 from the right). */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = Number(body[body.length - 1 - i]);
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

export function checkBarcode(input: string): BarcodeCheck {
  const value = input.trim();
  if (value.length === 0 || value.length > 48 || !/^[\x21-\x7e]+$/.test(value)) {
    return { ok: false };
  }
  if (/^\d+$/.test(value)) {
    if (!GS1_LENGTHS.has(value.length)) return { ok: false };
    const body = value.slice(0, -1);
    if (gs1CheckDigit(body) !== Number(value.at(-1))) return { ok: false };
  }
  return { ok: true, value };
}
