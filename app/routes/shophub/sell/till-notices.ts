import type { Lang, Translate } from "~/lib/i18n";
import { formatQuantityMilli } from "~/modules/sales";
import { SCALE_LABEL_ERROR_TEXT } from "~/routes/shophub/sell-text";
import type { Ask, Notice } from "./till-state";
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

/** Why the quantity asked was not taken. */
export function askErrorText(t: Translate, lang: Lang, error: NonNullable<Ask["error"]>): string {
  return error.kind === "badQuantity"
    ? t("shops.sell.bill.error.badQuantity")
    : stockText(t, lang, error.item);
}
