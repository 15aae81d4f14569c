import { useEffect, useState } from "react";

// The seed's timings: appear only after 200 ms, creep towards the end over 5000 ms,
// and disappear 500 ms after the work finishes.
export const PROGRESS_SHOW_DELAY_MS = 200;
export const PROGRESS_DURATION_MS = 5_000;
export const PROGRESS_HIDE_DELAY_MS = 500;

type Phase = "idle" | "running" | "finishing";
// Whole class names: the till's stylesheet keeps only the names its source files contain
// (scripts/purge-css.ts).
const PHASE_CLASS = {
  running: "progress-bar-top--running",
  finishing: "progress-bar-top--finishing",
} as const;

/** A thin bar at the top of the page while `active` is true. */
export function ProgressBar({ active, label }: { active: boolean; label: string }) {
  const [phase, setPhase] = useState<Phase>("idle");

  useEffect(() => {
    if (active) {
      const show = setTimeout(() => setPhase("running"), PROGRESS_SHOW_DELAY_MS);
      return () => clearTimeout(show);
    }
    // Work that ended before the bar appeared leaves it idle; otherwise complete, then hide.
    const finish = setTimeout(
      () => setPhase((current) => (current === "idle" ? "idle" : "finishing")),
      0,
    );
    const hide = setTimeout(() => setPhase("idle"), PROGRESS_HIDE_DELAY_MS);
    return () => {
      clearTimeout(finish);
      clearTimeout(hide);
    };
  }, [active]);

  if (phase === "idle") return null;
  return (
    <div
      className={`progress-bar-top ${PHASE_CLASS[phase]}`}
      role="progressbar"
      aria-label={label}
      aria-busy={phase === "running"}
      style={{ ["--progress-duration" as string]: `${PROGRESS_DURATION_MS}ms` }}
      data-testid="progress-bar"
    />
  );
}
