import type { Lang, Translate } from "~/lib/i18n";
import { formatBaht } from "~/lib/money";
import { formatQuantityMilli } from "~/modules/sales";
import type { TillBill } from "./cart";
import { SCALE_LABEL_ERROR_TEXT } from "~/routes/shophub/sell-text";
import { BILL_DISCOUNT, type LineError, type Notice } from "./till-state";
import type { TillItem } from "./till-data";

/** The words of what the shop has of an item (the cart may already hold some of it). */
export function stockText(t: Translate, lang: Lang, item: TillItem): string {
  return t("shops.sell.stock.notEnough", {
    name: item.name,
    qty: formatQuantityMilli(Math.max(0, item.onHandMilli), lang),
    unit: item.unit,
  });
}

/** A notice of the till's state in the cashier's language. */
export function noticeText(t: Translate, lang: Lang, notice: Notice): string {
  switch (notice.kind) {
    case "added":
      return t("shops.sell.scan.added", { name: notice.name });
    case "parked":
      return t("shops.sell.park.done", { label: notice.label });
    case "recalled": {
      const text = t("shops.sell.parked.recalled", { label: notice.label });
      return notice.currentParkedAs === null
        ? text
        : `${text} · ${t("shops.sell.parked.currentParked", { label: notice.currentParkedAs })}`;
    }
    case "notEnoughStock":
      return stockText(t, lang, notice.item);
    case "unknownCode":
      return t("shops.sell.scan.unknown", { code: notice.code });
    case "scaleLabel":
      return t(SCALE_LABEL_ERROR_TEXT[notice.error]);
  }
}

/** What each discount field says is wrong, by line key or BILL_DISCOUNT. */
export function discountErrorTexts(
  t: Translate,
  lang: Lang,
  unreadable: readonly string[],
  refused: TillBill["refused"],
): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [key, max] of Object.entries(refused.lines)) {
    texts[key] = t("shops.sell.cart.discountOverLine", { max: formatBaht(max, lang) });
  }
  if (refused.bill !== null) {
    texts[BILL_DISCOUNT] = t("shops.sell.cart.discountOverBill", {
      max: formatBaht(refused.bill, lang),
    });
  }
  for (const key of unreadable) texts[key] = t("shops.sell.cart.discountError");
  return texts;
}

/** Why a quantity typed on a line, or asked, was not taken. */
export function lineErrorText(t: Translate, lang: Lang, error: LineError): string {
  switch (error.kind) {
    case "badQuantity":
      return t("shops.sell.bill.error.badQuantity");
    case "wholeUnits":
      return t("shops.sell.cart.wholeUnits", { unit: error.unit });
    case "notEnoughStock":
      return stockText(t, lang, error.item);
  }
}
