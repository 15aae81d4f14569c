import type { MessageKey } from "~/lib/i18n";

/** Why the server refused a queued sale for good, as the till says it (decision 0071). */
export const QUEUE_REFUSAL_KEYS: Partial<Record<string, MessageKey>> = {
  totalChanged: "shops.sell.queue.reason.totalChanged",
  itemUnavailable: "shops.sell.queue.reason.itemUnavailable",
  notEnoughStock: "shops.sell.queue.reason.notEnoughStock",
  shiftRequired: "shops.sell.queue.reason.shiftRequired",
  tillNotRegistered: "shops.sell.queue.reason.tillNotRegistered",
  outOfSequence: "shops.sell.queue.reason.outOfSequence",
  discountNeedsApproval: "shops.sell.queue.reason.discountNeedsApproval",
  priceNeedsApproval: "shops.sell.queue.reason.priceNeedsApproval",
  dayClosed: "shops.sell.queue.reason.dayClosed",
  cashierSwitchInvalid: "shops.sell.queue.reason.cashierSwitchInvalid",
};
