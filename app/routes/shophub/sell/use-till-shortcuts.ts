import { useEffect, useEffectEvent } from "react";

/*
 * The till's keys (the shortcut legend lists them): F2 search, F4 pay, F8 cash exact, F9 print
 * the last sale. Esc closes a dialog by itself (the browser's <dialog>).
 */

export interface TillShortcuts {
  search: () => void;
  pay: () => void;
  cashExact: () => void;
  print: () => void;
}

export function useTillShortcuts(shortcuts: TillShortcuts): void {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    const run = {
      F2: shortcuts.search,
      F4: shortcuts.pay,
      F8: shortcuts.cashExact,
      F9: shortcuts.print,
    }[event.key];
    if (!run) return;
    event.preventDefault();
    run();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, []);
}
