import { useEffect, useRef, type ReactNode } from "react";

/**
 * Bootstrap's responsive offcanvas (`offcanvas-xl`): inline on extra-large screens, a 320 px
 * side panel below that. Hand-made instead of react-bootstrap's Offcanvas because that pulls
 * its whole modal and transition machinery into every page's JavaScript (see
 * docs/decisions/0004). It keeps the behaviour that matters: Escape and the backdrop close
 * it, focus moves into the panel and back to the toggle, and the page behind is inert.
 */
export function OffcanvasMenu({
  id,
  open,
  onClose,
  title,
  closeLabel,
  children,
}: {
  id: string;
  open: boolean;
  onClose: () => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previousFocus = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    document.body.style.overflow = "hidden";
    // Everything outside the panel is inert while it is open, so it is truly modal.
    const outside = Array.from(document.querySelectorAll<HTMLElement>("#main, footer"));
    for (const element of outside) element.setAttribute("inert", "");
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
      if (event.key === "Tab" && panel.current) trapTab(event, panel.current);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.body.style.overflow = "";
      for (const element of outside) element.removeAttribute("inert");
      previousFocus?.focus();
    };
  }, [open, onClose]);

  return (
    <>
      <div
        id={id}
        ref={panel}
        className={`offcanvas-xl offcanvas-end site-offcanvas${open ? " show" : ""}`}
        tabIndex={-1}
        // Only a dialog may be named: closed (or inline on wide screens) the panel is a plain
        // box, and a name on a plain <div> is invalid ARIA that screen readers ignore.
        {...(open ? { role: "dialog", "aria-modal": true, "aria-labelledby": `${id}-title` } : {})}
      >
        <div className="offcanvas-header">
          <p className="offcanvas-title h5 mb-0" id={`${id}-title`}>
            {title}
          </p>
          <button type="button" className="btn-close" aria-label={closeLabel} onClick={onClose} />
        </div>
        <div className="offcanvas-body">{children}</div>
      </div>
      {open && (
        <div
          className="offcanvas-backdrop fade show d-xl-none"
          onClick={onClose}
          aria-hidden="true"
        />
      )}
    </>
  );
}

const FOCUSABLE =
  "a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex='-1'])";

/** Keeps Tab and Shift+Tab inside the open panel (the rest of the header is not inert). */
function trapTab(event: KeyboardEvent, panel: HTMLElement) {
  const focusable = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.getClientRects().length > 0,
  );
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const current = document.activeElement;
  if (event.shiftKey && (current === first || current === panel)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (current === last || !panel.contains(current))) {
    event.preventDefault();
    first.focus();
  }
}
