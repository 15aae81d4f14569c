import type { GuideStep } from "~/modules/guide";

/**
 * Where each step of the guided first sale happens, and the real control its popover points
 * at (the page's own test ids: the walkthrough adds nothing to the pages it explains). A step
 * whose control is not on the page yet (no sale to print) shows its text without an anchor.
 */
export const STEP_PAGES: Record<GuideStep, { path: string; target: string; doneWhen?: string }> = {
  "add-item": { path: "/storehub/add", target: "[data-testid=item-save]" },
  "open-shift": { path: "/shophub/sell", target: "[data-testid=till-shift]" },
  // These two are seen done on the page itself (a line on the bill, the finished sale's panel):
  // the walkthrough moves on by itself when that appears while the step is shown.
  sell: {
    path: "/shophub/sell",
    target: "[data-testid=till-item]",
    doneWhen: "[data-testid=till-line]",
  },
  cash: {
    path: "/shophub/sell",
    target: "[data-testid=till-pay-open]",
    doneWhen: "[data-testid=till-done]",
  },
  print: { path: "/shophub/sell", target: "[data-testid=till-print]" },
  dashboard: { path: "/shophub/dashboard", target: "[data-testid=today-sales]" },
};

/** A step's page for one shop (storehub works on the active shop, it takes no ?shop=). */
export function stepHref(step: GuideStep, shopId: string): string {
  const { path } = STEP_PAGES[step];
  if (path.startsWith("/storehub")) return path;
  return `${path}?shop=${encodeURIComponent(shopId)}`;
}
