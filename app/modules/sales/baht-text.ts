import { bahttext } from "bahttext";

/**
 * An amount in Thai words as printed on receipts and tax invoices
 * ("หนึ่งร้อยยี่สิบบาทห้าสิบสตางค์", "ศูนย์บาทถ้วน"), from integer satang. The amount goes to
 * bahttext as an exact decimal string, so no float ever decides a satang.
 *
 * One change to bahttext 2.4: it reads a final 1 after a 0 as "หนึ่ง" (101 → หนึ่งร้อยหนึ่ง).
 * The Royal Institute dictionary ("๑๐๑ ว่า ร้อยเอ็ดหรือหนึ่งร้อยเอ็ด") and Excel's BAHTTEXT,
 * which Thai accounting software prints, write "เอ็ด" in the ones place of every number above
 * ten: 101 หนึ่งร้อยเอ็ด, 2,001 สองพันเอ็ด, 1,000,001 หนึ่งล้านเอ็ด. bahttext already does so
 * for the ones place of the millions (5,001,000,000 ห้าพันเอ็ดล้าน) and in the satang
 * (0.21 ยี่สิบเอ็ดสตางค์, 0.01 หนึ่งสตางค์).
 */
export function bahtText(satang: number): string {
  if (!Number.isSafeInteger(satang)) throw new RangeError("Amounts are whole satang");
  const abs = Math.abs(satang);
  const baht = Math.floor(abs / 100);
  let words = bahttext(`${baht}.${String(abs % 100).padStart(2, "0")}`);
  // "หนึ่งบาท" occurs only where the baht part ends in a 1 read as หนึ่ง.
  if (baht > 10 && baht % 100 === 1) words = words.replace("หนึ่งบาท", "เอ็ดบาท");
  return satang < 0 ? `ลบ${words}` : words;
}
