import { useSyncExternalStore } from "react";

const subscribeNever = () => () => {};

/**
 * False on the server and while the page hydrates, true once React runs in the browser: the
 * moment a component may swap its plain-HTML form for a scripted one without a mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
