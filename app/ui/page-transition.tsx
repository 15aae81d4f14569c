import type { ReactNode } from "react";
import { useLocation, useNavigation } from "react-router";

/**
 * The seed's "out-in" page transition: the old page fades out while the next one loads,
 * then the new page fades in. Keyed by path so only real page changes animate.
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigation = useNavigation();
  const leaving =
    navigation.state === "loading" && navigation.location.pathname !== location.pathname;
  return (
    <div key={location.pathname} className={leaving ? "page page--leaving" : "page page--entering"}>
      {children}
    </div>
  );
}
