/** What the shophub layout's loader says about the guided first sale on the dashboard. */
export interface GuideOfferData {
  shopId: string;
  /** Owner or manager: may add and take back sample items. */
  canSample: boolean;
  newShop: boolean;
  samples: number;
  activeSamples: number;
  running: boolean;
  /** What the last sample command did (?samples= after its redirect), when it is one we know. */
  outcome: SampleOutcome | null;
}

export const SAMPLE_OUTCOMES = [
  "added",
  "removed",
  "archived",
  "sold",
  "moved",
  "notNew",
  "taken",
  "opening",
] as const;
export type SampleOutcome = (typeof SAMPLE_OUTCOMES)[number];

/** Should the dashboard show the card at all (a new shop, samples for sale, or a fresh outcome)? */
export function offersGuide(offer: Omit<GuideOfferData, "outcome" | "shopId">, outcome: unknown) {
  return offer.newShop || (offer.canSample && offer.activeSamples > 0) || outcome !== null;
}
