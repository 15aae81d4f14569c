import { describe, expect, it } from "vitest";
import { createTranslate } from "~/lib/i18n";
import { en } from "~/lib/i18n/en";
import { th } from "~/lib/i18n/th";
import { formatBaht } from "~/lib/money";
import { computeBill, normalizePromptPayId, readScaleLabel, settlePayments } from "~/modules/sales";
import {
  BILL_ERROR_TEXT,
  DOCUMENT_KIND_TEXT,
  DOCUMENT_PREFIX_ERROR_TEXT,
  PAYMENT_METHOD_TEXT,
  paymentErrorText,
  PERCENT_ERROR_TEXT,
  PROMPTPAY_ID_ERROR_TEXT,
  PROMPTPAY_ID_KIND_TEXT,
  QUANTITY_ERROR_TEXT,
  SCALE_LABEL_ERROR_TEXT,
  VAT_MODE_TEXT,
} from "./sell-text";

const tTh = createTranslate(th, undefined, "th");
const tEn = createTranslate(en, undefined, "en");

describe("the till's codes as text", () => {
  it("has a Thai text without Latin words and an English text for every code", () => {
    const keys = [
      ...Object.values(PROMPTPAY_ID_ERROR_TEXT),
      ...Object.values(PROMPTPAY_ID_KIND_TEXT),
      ...Object.values(BILL_ERROR_TEXT),
      ...Object.values(SCALE_LABEL_ERROR_TEXT),
      ...Object.values(PAYMENT_METHOD_TEXT),
      ...Object.values(VAT_MODE_TEXT),
      ...Object.values(DOCUMENT_KIND_TEXT),
      QUANTITY_ERROR_TEXT,
      PERCENT_ERROR_TEXT,
    ];
    for (const key of keys) {
      expect(tTh(key), key).toMatch(/^[\u0E00-\u0E7F\d\s,.()/{}-]+$/);
      expect(tEn(key), key).toMatch(/^[A-Z{]/);
    }
    // Document prefixes are Latin letters by rule, so the Thai text names "(-)" only.
    expect(tTh(DOCUMENT_PREFIX_ERROR_TEXT)).toMatch(/[\u0E00-\u0E7F]/);
  });

  it("turns a module's refusal into the Thai message next to the field", () => {
    const id = normalizePromptPayId("02-1234-5678");
    expect(id.ok).toBe(false);
    if (!id.ok) expect(tTh(PROMPTPAY_ID_ERROR_TEXT[id.error])).toContain("ขึ้นต้นด้วย 06, 08 หรือ 09");

    const bill = computeBill({
      lines: [
        { unitPriceSatang: 1_000, qtyMilli: 1_000, discount: { kind: "amount", satang: 2_000 } },
      ],
      vat: { mode: "none", rateBasisPoints: 0 },
    });
    expect(bill.ok).toBe(false);
    if (!bill.ok) expect(tTh(BILL_ERROR_TEXT[bill.error.code])).toBe("ส่วนลดมากกว่าราคาของรายการนี้");

    const label = readScaleLabel("2000123012557", {
      prefixes: ["20"],
      itemCodeDigits: 5,
      value: "weight",
    });
    expect(label?.ok).toBe(false);
    if (label && !label.ok) expect(tTh(SCALE_LABEL_ERROR_TEXT[label.error])).toContain("สแกนอีกครั้ง");
  });

  it("says how much is still to pay, in baht", () => {
    const short = settlePayments(16_650, [{ method: "cash", amountSatang: 10_000 }]);
    expect(short.ok).toBe(false);
    if (short.ok) return;
    expect(paymentErrorText(tTh, "th", short.error)).toBe("ยังขาดอีก ฿66.50");
    expect(paymentErrorText(tEn, "en", short.error)).toBe(
      `${formatBaht(6_650, "en")} still to pay`,
    );
    const bad = settlePayments(100, [{ method: "card", amountSatang: 0 }]);
    if (!bad.ok) expect(paymentErrorText(tTh, "th", bad.error)).toBe("กรอกจำนวนเงินที่มากกว่า 0");
  });
});
