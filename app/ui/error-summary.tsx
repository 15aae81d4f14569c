import { useEffect, useRef, type ReactNode } from "react";

/**
 * The message above a form that failed. It takes the focus when it appears (and again for
 * each new failed attempt, `attempt` being the action's result), so keyboard and screen-reader
 * users land on what went wrong instead of staying on the submit button.
 */
export function ErrorSummary({
  attempt,
  variant = "danger",
  children,
  ...rest
}: {
  attempt: unknown;
  variant?: "danger" | "warning";
  children: ReactNode;
  "data-testid"?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, [attempt]);
  return (
    <div ref={box} tabIndex={-1} role="alert" className={`alert alert-${variant}`} {...rest}>
      {children}
    </div>
  );
}
