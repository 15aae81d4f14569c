import type { Lang } from "~/lib/i18n";
import { formatBaht } from "~/lib/money";
import { formatQuantityMilli, qtyFromSql } from "~/lib/quantity";
import type { PushEventKind } from "./schema";

/** What the service worker shows (public/sw.js): a title, a line of text, where a click goes. */
export interface PushPayload {
  title: string;
  body: string;
  /** A path of this site; the worker opens (or focuses) it on a click. */
  url: string;
  /** Notifications with the same tag replace each other on the device. */
  tag: string;
}

export interface PushEventRow {
  id: number;
  kind: PushEventKind;
  shopId: string | null;
  shopName: string | null;
  payload: Record<string, unknown>;
}

const str = (value: unknown) => (typeof value === "string" ? value : String(value ?? ""));
const num = (value: unknown) => Number(value ?? 0);

/**
 * The notification an event becomes in one language. Written here rather than in the interface
 * text files: the server sends it, the browser never looks it up (like the e-mails' texts).
 */
export function pushPayloadOf(event: PushEventRow, lang: Lang): PushPayload {
  const th = lang === "th";
  const shop = event.shopName ?? "";
  const p = event.payload;
  const shopQuery = event.shopId ? `shop=${encodeURIComponent(event.shopId)}` : "";
  switch (event.kind) {
    case "notice": {
      const title = th ? str(p.title) : str(p.titleEn || p.title);
      const body = th ? str(p.body) : str(p.bodyEn || p.body);
      return { title, body: body.slice(0, 300), url: "/", tag: `notice-${num(p.noticeId)}` };
    }
    case "low_stock": {
      const onHand = formatQuantityMilli(qtyFromSql(str(p.onHand)), lang);
      const level = formatQuantityMilli(qtyFromSql(str(p.reorderLevel)), lang);
      const unit = str(p.unit);
      return {
        title: th ? `สินค้าใกล้หมด · ${shop}` : `Low stock · ${shop}`,
        body: th
          ? `${str(p.name)} เหลือ ${onHand} ${unit} (จุดสั่งซื้อ ${level} ${unit})`
          : `${str(p.name)}: ${onHand} ${unit} left (reorder level ${level} ${unit})`,
        url: `/shophub/stock?${shopQuery}&low=1`,
        tag: `low-${num(p.itemId)}`,
      };
    }
    case "daily_summary": {
      const sales = formatBaht(num(p.salesSatang), lang);
      const bills = num(p.bills);
      const average = formatBaht(num(p.averageSatang), lang);
      const cash = formatBaht(num(p.cashSatang), lang);
      return {
        title: th ? `สรุปยอดขายวันนี้ · ${shop}` : `Today's sales · ${shop}`,
        body: th
          ? `ยอดขาย ${sales} · ${bills} บิล · เฉลี่ย ${average} ต่อบิล · เงินสด ${cash}`
          : `Sales ${sales} · ${bills} bills · average ${average} · cash ${cash}`,
        url: `/shophub/dashboard?${shopQuery}`,
        tag: `summary-${event.shopId ?? ""}-${str(p.day)}`,
      };
    }
    case "void":
    case "refund": {
      const amount = formatBaht(num(p.totalSatang), lang);
      const doc = str(p.documentNumber);
      const isVoid = event.kind === "void";
      return {
        title: th
          ? `${isVoid ? "ยกเลิกบิล" : "คืนเงิน"} ${amount} · ${shop}`
          : `${isVoid ? "Sale voided" : "Refund"} ${amount} · ${shop}`,
        body: th
          ? `${isVoid ? "ยกเลิกเอกสาร" : "ใบลดหนี้"} ${doc} ยอด ${amount}`
          : `${isVoid ? "Voided" : "Credit note"} ${doc}, ${amount}`,
        url: `/shophub/invoices/${num(p.saleId)}?${shopQuery}`,
        tag: `${event.kind}-${event.id}`,
      };
    }
    case "shift_difference": {
      const difference = num(p.differenceSatang);
      const amount = formatBaht(Math.abs(difference), lang);
      const who = str(p.closedByName);
      return {
        title: th ? `ปิดกะเงินสดไม่ตรง · ${shop}` : `Shift closed with a cash difference · ${shop}`,
        body: th
          ? `${who} ปิดกะ เงินสด${difference < 0 ? "ขาด" : "เกิน"} ${amount}`
          : `${who} closed a shift: cash ${difference < 0 ? "short" : "over"} by ${amount}`,
        url: `/shophub/shifts/${num(p.shiftId)}?${shopQuery}`,
        tag: `shift-${num(p.shiftId)}`,
      };
    }
  }
}
