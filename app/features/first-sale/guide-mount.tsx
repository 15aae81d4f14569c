import { lazy, Suspense } from "react";
import type { WalkthroughData } from "./walkthrough-data";

// The walkthrough's code is a chunk of its own, fetched only when a walkthrough runs: pages
// without one (nearly all, the till's included) load nothing more than this file.
const Walkthrough = lazy(() => import("./walkthrough"));

/** Mounts the running walkthrough, if any (an area layout passes its loader's data). */
export function GuideMount({ data }: { data: WalkthroughData | null }) {
  if (!data) return null;
  return (
    <Suspense fallback={null}>
      <Walkthrough data={data} />
    </Suspense>
  );
}
