import { useEffect, useState, type ReactNode } from "react";
import { useLocation, useNavigation, useViewTransitionState } from "react-router";

/** Whether the page the document was loaded with has been shown (set once it has mounted). */
let loadedPageShown = false;

/**
 * The seed's "out-in" page transition: the old page fades out while the next one loads,
 * then the new page fades in. Keyed by path so only real page changes animate.
 *
 * The page the browser loads does not fade in, on the server or at hydration: it would be
 * painted transparent and shown a quarter of a second after its first paint, which is when
 * the browser counts the page's largest paint (issue 15). Only a page mounted by a later
 * navigation to another path does; the same page answering a form or a new query string
 * keeps its element and does not fade in again. A navigation by a link with `viewTransition`
 * (the frame's links) runs as the browser's view transition, which fades the old page out and
 * the new one in (app.scss): the page does not fade in a second time inside it.
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigation = useNavigation();
  const leaving =
    navigation.state === "loading" && navigation.location.pathname !== location.pathname;
  const inViewTransition = useViewTransitionState(location.pathname);
  return (
    <Page key={location.pathname} leaving={leaving} inViewTransition={inViewTransition}>
      {children}
    </Page>
  );
}

function Page({
  leaving,
  inViewTransition,
  children,
}: {
  leaving: boolean;
  inViewTransition: boolean;
  children: ReactNode;
}) {
  // Decided when the element mounts: false on the server and at hydration.
  const [entering] = useState(
    () => typeof document !== "undefined" && loadedPageShown && !inViewTransition,
  );
  useEffect(() => {
    loadedPageShown = true;
  }, []);
  return (
    <div className={leaving ? "page page--leaving" : entering ? "page page--entering" : "page"}>
      {children}
    </div>
  );
}
