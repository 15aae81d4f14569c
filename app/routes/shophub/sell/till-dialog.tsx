import { useLayoutEffect, useRef, type ReactNode } from "react";

/**
 * A modal dialog on the browser's own <dialog>: focus is trapped and Esc closes it without
 * any script of ours, and it weighs nothing (the till's JavaScript budget is tight).
 */
export function TillDialog({
  open,
  onClose,
  title,
  children,
  testId,
  wide = false,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  testId?: string;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // Opened before the content's own effects run, so a part that takes the focus as it appears
  // (the payment panel, loaded on demand) keeps it.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // showModal gives the focus to the first button (the close ×): the field a dialog is
      // for takes it instead, so a cashier types straight into it (issue 32.3). React's
      // autoFocus runs before the dialog is open, when nothing in it can take the focus.
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const titleId = `${testId ?? "till-dialog"}-title`;
  return (
    <dialog
      ref={ref}
      className={`till-dialog${wide ? " till-dialog-wide" : ""}`}
      aria-labelledby={titleId}
      data-testid={testId}
      // Esc (the browser's "cancel") and the close button both end up here.
      onClose={() => {
        if (open) onClose();
      }}
    >
      {open && (
        <>
          <div className="d-flex align-items-start justify-content-between gap-2 mb-3">
            <h2 id={titleId} className="h4 mb-0">
              {title}
            </h2>
            <button type="button" className="btn-close p-3" aria-label="×" onClick={onClose} />
          </div>
          {children}
        </>
      )}
    </dialog>
  );
}
