import { useState, type ChangeEvent } from "react";

/*
 * The text under a date or month input that spells out what is picked (see
 * app/lib/date-text.ts), kept in step as the visitor changes the input, and read out by screen
 * readers as part of the input's description.
 */

/** The input's value as it changes; back to `initial` when the page brings a new one. */
export function usePicked(initial: string) {
  const [value, setValue] = useState(initial);
  const [from, setFrom] = useState(initial);
  if (from !== initial) {
    // A new period from the server (the form was submitted): show what it brought.
    setFrom(initial);
    setValue(initial);
  }
  return {
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(event.currentTarget.value),
  };
}

export function DateShown({ id, text }: { id: string; text: string | null }) {
  return (
    <div className="form-text" id={id} aria-live="polite" data-testid={id}>
      {text}
    </div>
  );
}
