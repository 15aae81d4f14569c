import type { GuideStep } from "~/modules/guide";

/** What an area layout hands the walkthrough (app/routes/shophub/guide-data.server.ts). */
export interface WalkthroughData {
  shopId: string;
  step: GuideStep;
  steps: GuideStep[];
  /** Its text in the page's language, by short name ("next", "sell.title"...). */
  texts: Record<string, string>;
}
