/*
 * The shophub text the till page needs: its own, the shift panel's, the expense categories a
 * pay-out may be booked as, and the frame around it (the way back, the tools row). The shophub
 * layout sends only these with the till, not the whole area's (invoices, reports, settings...),
 * which were half of the till's HTML; it sends the rest when the member leaves the till.
 * till-messages.test.ts checks that every key the till's files name is covered.
 */
export const TILL_PATH = "/shophub/sell";

export const TILL_MESSAGE_PREFIXES = [
  "shops.sell.",
  "shops.shifts.",
  "shops.finance.category.expense.",
  "shops.nav.",
  // The tools row's help entry restarts the guided first sale (its steps' text comes resolved).
  "shops.guide.help",
  "shops.backToShophub",
] as const;

export function isTillMessage(key: string): boolean {
  return TILL_MESSAGE_PREFIXES.some((prefix) => key.startsWith(prefix));
}
