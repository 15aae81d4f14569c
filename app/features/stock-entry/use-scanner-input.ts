import {
  useCallback,
  useRef,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type KeyboardEvent,
} from "react";
import { scannedCode, shouldReclaimFocus } from "./scanner";

/**
 * A field a scanner types into: Enter hands the code to `onScan` and empties the field, and
 * never submits the form around it. With `keepFocus` (a till's entry line) the field takes
 * focus back whenever focus goes nowhere, so the next scan lands in it.
 */
export function useScannerInput({
  onScan,
  keepFocus = false,
}: {
  onScan: (code: string) => void;
  keepFocus?: boolean;
}) {
  const [value, setValue] = useState("");
  const ref = useRef<HTMLInputElement>(null);
  const focus = useCallback(() => ref.current?.focus(), []);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    // Enter is the scanner's end of code, never the form's submit.
    event.preventDefault();
    // The field's own text, not the last render's: a scanner types the code and Enter faster
    // than a busy page renders, and the code must not be lost.
    const code = scannedCode(event.key, event.currentTarget.value);
    if (code === null) return;
    setValue("");
    onScan(code);
  };
  const onBlur = keepFocus
    ? (event: FocusEvent<HTMLInputElement>) => {
        const next = event.relatedTarget as HTMLElement | null;
        // After the blur has finished; focusing inside it is ignored by browsers.
        if (shouldReclaimFocus(next)) setTimeout(focus, 0);
      }
    : undefined;
  return {
    value,
    setValue,
    focus,
    /** Spread on the <input>. */
    inputProps: {
      ref,
      value,
      onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(event.target.value),
      onKeyDown,
      onBlur,
    },
  };
}

/** For the other fields of a scripted form: a scanner's Enter there moves and posts nothing. */
export function ignoreEnter(event: KeyboardEvent<HTMLInputElement>): void {
  if (event.key === "Enter") event.preventDefault();
}
