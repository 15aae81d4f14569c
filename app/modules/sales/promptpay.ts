import { checksum, parse } from "promptparse";
import { anyId } from "promptparse/generate";
import { anyId as readAnyId } from "promptparse/validate";
import { renderSVG } from "uqr";
import { normalizeThaiTaxId } from "~/modules/shops";

/**
 * PromptPay "AnyID" QR codes (Bank of Thailand Thai QR Payment standard, EMVCo merchant-
 * presented mode): tag 29 carries the shop's PromptPay ID, tag 54 the amount, tag 63 the
 * CRC-16/CCITT-FALSE of everything before it. promptparse builds and reads the TLV and the
 * CRC; this file decides which IDs a shop may type and keeps the amount in integer satang.
 * Client-safe: the till builds the QR in the browser.
 */

/** The three kinds of PromptPay ID a shop can receive money on. */
export type PromptPayIdKind = "mobile" | "nationalId" | "eWallet";

/**
 * A PromptPay ID as stored: `value` is the canonical form ("0812345678", 13 digits of a
 * national or tax ID, 15 digits of an e-wallet).
 */
export interface PromptPayId {
  kind: PromptPayIdKind;
  value: string;
}

export type PromptPayIdError =
  /** Nothing typed. */
  | "empty"
  /** Digits in a shape that is none of the three kinds. */
  | "notAnId"
  /** Ten digits starting with 0 that are not a Thai mobile number (06, 08, 09). */
  | "notMobile"
  /** Thirteen digits whose last digit is not the national/tax ID checksum. */
  | "idChecksum";

export type PromptPayIdResult =
  { ok: true; id: PromptPayId } | { ok: false; error: PromptPayIdError };

const THAI_MOBILE = /^0[689]\d{8}$/;

/**
 * Reads the PromptPay ID a shop owner types: a mobile number (081-234-5678, +66 81 234 5678,
 * 66812345678), a 13-digit national or tax ID (dashes allowed, checksum verified) or a
 * 15-digit e-wallet ID. Spaces, dashes, dots and brackets are ignored.
 */
export function normalizePromptPayId(input: string): PromptPayIdResult {
  const trimmed = input.trim();
  if (trimmed === "") return { ok: false, error: "empty" };
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return { ok: false, error: "notAnId" };
  let digits = trimmed.replace(/\D/g, "");
  // A Thai mobile written the international way: +66 8x…, 66 8x… (country code, no 0).
  if (digits.length === 11 && digits.startsWith("66")) digits = `0${digits.slice(2)}`;
  else if (trimmed.startsWith("+")) return { ok: false, error: "notAnId" };
  if (digits.length === 10) {
    return THAI_MOBILE.test(digits)
      ? { ok: true, id: { kind: "mobile", value: digits } }
      : { ok: false, error: "notMobile" };
  }
  if (digits.length === 13) {
    const id = normalizeThaiTaxId(digits);
    return id
      ? { ok: true, id: { kind: "nationalId", value: id } }
      : { ok: false, error: "idChecksum" };
  }
  if (digits.length === 15) return { ok: true, id: { kind: "eWallet", value: digits } };
  return { ok: false, error: "notAnId" };
}

/**
 * The ID the way Thai people write it: 081-234-5678, 0-1055-12345-67-1; an e-wallet ID as
 * its digits. For settings pages and the payment screen ("pay to …").
 */
export function formatPromptPayId(id: PromptPayId): string {
  const v = id.value;
  switch (id.kind) {
    case "mobile":
      return `${v.slice(0, 3)}-${v.slice(3, 6)}-${v.slice(6)}`;
    case "nationalId":
      return `${v[0]}-${v.slice(1, 5)}-${v.slice(5, 10)}-${v.slice(10, 12)}-${v[12]}`;
    case "eWallet":
      return v;
  }
}

const PROXY_TYPE = { mobile: "MSISDN", nationalId: "NATID", eWallet: "EWALLETID" } as const;

/**
 * The largest amount the payload can carry: EMVCo tag 54 holds at most 13 characters
 * ("9999999999.99").
 */
export const PROMPTPAY_MAX_SATANG = 999_999_999_999;

/** Satang as the payload's amount text, "1234.50": integer arithmetic, no float. */
export function satangToPayloadAmount(satang: number): string {
  return `${Math.floor(satang / 100)}.${String(satang % 100).padStart(2, "0")}`;
}

/**
 * The Thai QR payload for paying `amountSatang` to `id`: a dynamic QR (point of initiation
 * "12") valid for this amount only. promptparse's generator formats the amount with
 * `Number(x).toFixed(2)`; for integer satang up to PROMPTPAY_MAX_SATANG that equals the exact
 * decimal (the satang test checks every case against `satangToPayloadAmount`).
 */
export function promptPayPayload(id: PromptPayId, amountSatang: number): string {
  if (!Number.isSafeInteger(amountSatang) || amountSatang <= 0) {
    throw new RangeError("A PromptPay QR needs a positive amount in whole satang");
  }
  if (amountSatang > PROMPTPAY_MAX_SATANG) {
    throw new RangeError("The amount is larger than a Thai QR payload can carry");
  }
  return anyId({
    type: PROXY_TYPE[id.kind],
    target: id.value,
    amount: amountSatang / 100,
  });
}

/** What a PromptPay payload says, read back. */
export interface PromptPayPayloadContent {
  id: PromptPayId;
  /** Null for a static QR (the payer types the amount). */
  amountSatang: number | null;
}

const KIND_OF_PROXY: Record<string, PromptPayIdKind | undefined> = {
  MSISDN: "mobile",
  NATID: "nationalId",
  EWALLETID: "eWallet",
};

/**
 * Reads a PromptPay AnyID payload back (CRC verified): used by tests and by anyone checking
 * what a printed QR asks for. Null when the text is not a valid PromptPay AnyID payload.
 */
export function readPromptPayPayload(payload: string): PromptPayPayloadContent | null {
  const read = readAnyId(payload);
  const kind = read ? KIND_OF_PROXY[read.type] : undefined;
  if (!read || !kind) return null;
  // The amount is read from its text, not from promptparse's parseFloat, to stay exact.
  const amountText = parse(payload, true)?.getTagValue("54");
  let amountSatang: number | null = null;
  if (amountText !== undefined) {
    const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(amountText);
    if (!match) return null;
    amountSatang = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  }
  return { id: { kind, value: read.target }, amountSatang };
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) as four upper-case hex digits. */
export function emvCrc(text: string): string {
  return checksum(text);
}

/**
 * The QR as an SVG string for the payment screen. Error correction M survives a glare spot
 * on a tablet; the 4-module quiet zone is what the QR standard asks for and what phone
 * cameras need to find the code on a busy counter. The width and height default to 320 CSS
 * pixels (about 8 cm on a tablet, readable by a phone at arm's length); CSS may make it
 * larger, the viewBox keeps it sharp.
 */
export function promptPayQrSvg(payload: string, sizePx = 320): string {
  const svg = renderSVG(payload, { ecc: "M", border: 4, pixelSize: 10 });
  return svg.replace(
    "<svg ",
    // The space before uqr's own attributes keeps the SVG well-formed XML: an <img> or a file
    // refuses `"crispEdges"xmlns=`, which only inline HTML parsing forgives.
    `<svg width="${sizePx}" height="${sizePx}" shape-rendering="crispEdges" `,
  );
}
