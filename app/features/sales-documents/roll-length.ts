import { useEffect, useState, type RefObject } from "react";

/**
 * How long (in mm) the printed content inside `ref` is, measured once the font has loaded:
 * a thermal roll's page is as long as what is printed on it (`pageRule`), so the printer
 * neither cuts mid-receipt nor feeds a metre of blank paper. Null until measured.
 * `remeasureOn` lists what changes the content's length (the paper width, the document).
 */
export function useRollLengthMm(
  ref: RefObject<HTMLElement | null>,
  remeasureOn: readonly unknown[],
): number | null {
  const [lengthMm, setLengthMm] = useState<number | null>(null);
  useEffect(() => {
    let cancelled = false;
    void window.document.fonts.ready.then(() => {
      const element = ref.current;
      if (cancelled || !element) return;
      setLengthMm((element.getBoundingClientRect().height * 25.4) / 96);
    });
    return () => {
      cancelled = true;
    };
    // The caller names what the length depends on; the ref itself is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, remeasureOn);
  return lengthMm;
}
