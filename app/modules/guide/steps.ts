import type { ShopRole } from "../shops";

/**
 * The guided first sale's steps, in order. A step is a name: progress is stored by name, so a
 * step added later does not move members onto another one.
 */
export const GUIDE_STEPS = [
  "add-item",
  "open-shift",
  "sell",
  "cash",
  "print",
  "dashboard",
] as const;
export type GuideStep = (typeof GUIDE_STEPS)[number];

/** The steps that sell: a cashier is shown these only (they do not add items nor see profit). */
const SELLING_STEPS: readonly GuideStep[] = ["open-shift", "sell", "cash", "print"];

/** Who may follow the walkthrough: the roles that sell (a stock clerk has no till). */
export const GUIDE_ROLES: readonly ShopRole[] = ["owner", "manager", "cashier"];
/** Who may add and take back sample items (they change the shop's items and stock). */
export const SAMPLE_ROLES: readonly ShopRole[] = ["owner", "manager"];

/** The steps a member of this role is walked through. */
export function guideStepsFor(role: ShopRole): readonly GuideStep[] {
  if (SAMPLE_ROLES.includes(role)) return GUIDE_STEPS;
  if (GUIDE_ROLES.includes(role)) return SELLING_STEPS;
  return [];
}

export function isGuideStep(value: unknown): value is GuideStep {
  return typeof value === "string" && (GUIDE_STEPS as readonly string[]).includes(value);
}
