import type { ReactNode } from "react";
import { useLocation, useNavigation } from "react-router";

/** The key of the location this document was loaded at (set by the first render in the browser). */
let loadedLocationKey: string | undefined;

/**
 * The seed's "out-in" page transition: the old page fades out while the next one loads,
 * then the new page fades in. Keyed by path so only real page changes animate.
 *
 * The page the browser loads does not fade in, on the server or at hydration: it would be
 * painted transparent and shown a quarter of a second after its first paint, which is when
 * the browser counts the page's largest paint (issue 15). Only pages reached by a client-side
 * navigation (another location key) do.
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigation = useNavigation();
  const leaving =
    navigation.state === "loading" && navigation.location.pathname !== location.pathname;
  if (typeof document !== "undefined") loadedLocationKey ??= location.key;
  const entering = loadedLocationKey !== undefined && location.key !== loadedLocationKey;
  return (
    <div
      key={location.pathname}
      className={leaving ? "page page--leaving" : entering ? "page page--entering" : "page"}
    >
      {children}
    </div>
  );
}
