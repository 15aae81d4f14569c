import { lazy, Suspense } from "react";
import type { GuideOfferData } from "./guide-offer";
import type { WalkthroughData } from "./walkthrough-data";

// The walkthrough's code is a chunk of its own, fetched only when a walkthrough runs: pages
// without one (nearly all, the till's included) load nothing more than this file.
const Walkthrough = lazy(() => import("./walkthrough"));
// The dashboard's offer shows on a new shop's dashboard only: the till does not carry it either.
// The server renders it in the page (forms that work before any JavaScript).
const GuideCard = lazy(() => import("./guide-card"));

/** Mounts the running walkthrough, if any (an area layout passes its loader's data). */
export function GuideMount({ data }: { data: WalkthroughData | null }) {
  if (!data) return null;
  return (
    <Suspense fallback={null}>
      <Walkthrough data={data} />
    </Suspense>
  );
}

/** The dashboard's offer of a guided first sale, if the layout's loader made one. */
export function GuideCardMount({ offer }: { offer: GuideOfferData | null }) {
  if (!offer) return null;
  return (
    <Suspense fallback={null}>
      <GuideCard offer={offer} />
    </Suspense>
  );
}
