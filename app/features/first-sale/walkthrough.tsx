import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useSubmit } from "react-router";
import { SHOP_FORM_FIELD } from "~/modules/shops";
import { STEP_PAGES, stepHref } from "./step-pages";
import type { WalkthroughData } from "./walkthrough-data";

// Loaded only while a walkthrough runs (guide-mount.tsx imports it on demand): nothing here
// weighs on a page's first load, the till's included.

const GAP = 10;
const MARGIN = 8;

interface Placement {
  /** The popover's top-left corner in the viewport, or null: docked at the bottom. */
  top: number | null;
  left: number | null;
  width: number;
  /** The outline drawn around the control, in the viewport. */
  ring: { top: number; left: number; width: number; height: number } | null;
}

/**
 * Is one of the page's own dialogs open (the till's shift or pay dialog, a native modal
 * <dialog>; or a Bootstrap modal)? It holds focus and Escape, and covers the page.
 */
function modalOpen(): boolean {
  return (
    document.querySelector("dialog[open]") !== null ||
    document.body.classList.contains("modal-open")
  );
}

/**
 * The step's control on the page, visible (a hidden tile in a closed drawer does not count):
 * the first of several (the first item of the till's grid).
 */
function findTarget(selector: string): HTMLElement | null {
  for (const element of document.querySelectorAll<HTMLElement>(selector)) {
    if (element.getClientRects().length > 0) return element;
  }
  return null;
}

function place(target: HTMLElement | null, box: HTMLElement | null): Placement {
  const width = Math.min(340, window.innerWidth - 2 * MARGIN);
  if (!target) return { top: null, left: null, width, ring: null };
  const rect = target.getBoundingClientRect();
  const height = box?.offsetHeight ?? 200;
  const below = rect.bottom + GAP;
  const above = rect.top - GAP - height;
  let top: number | null;
  if (below + height <= window.innerHeight - MARGIN) top = below;
  else if (above >= MARGIN) top = above;
  else top = null; // no room beside it (a phone): docked at the bottom, the ring still shows it
  const left = Math.min(
    Math.max(MARGIN, rect.left + rect.width / 2 - width / 2),
    window.innerWidth - width - MARGIN,
  );
  return {
    top,
    left: top === null ? null : left,
    width,
    ring: {
      top: rect.top - 4,
      left: rect.left - 4,
      width: rect.width + 8,
      height: rect.height + 8,
    },
  };
}

/**
 * The walkthrough's popover: the step's text next to the real control it is about (outlined),
 * with Back, Next (Finish at the end) and Skip. Focus moves to the step's title on each step;
 * Escape closes it (restart from the Help button); it hides while one of the page's own dialogs
 * is open so that it never covers or fights that dialog. Progress is the server's: each button
 * is a form post that saves the step and goes to its page.
 */
export default function Walkthrough({ data }: { data: WalkthroughData }) {
  const { shopId, step, steps, texts } = data;
  const location = useLocation();
  const submit = useSubmit();
  const titleId = useId();
  const bodyId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const page = STEP_PAGES[step];
  const onPage = location.pathname === page.path;
  const index = steps.indexOf(step);
  const previous = index > 0 ? steps[index - 1] : undefined;
  const next = steps[index + 1];
  const [hidden, setHidden] = useState(false);
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const [placement, setPlacement] = useState<Placement | null>(null);
  const action = `/shophub/guide?shop=${encodeURIComponent(shopId)}`;
  const back = `${location.pathname}${location.search}`;

  // Follow the page: its control may appear later (the print button after a sale), dialogs open
  // and close, the page scrolls or turns.
  useEffect(() => {
    let frame = 0;
    // Done only if it happens while the step is shown: coming Back to "sell" with a bill
    // already open does not bounce the member forward again.
    const doneWhen = onPage && next ? page.doneWhen : undefined;
    let pending = doneWhen !== undefined && document.querySelector(doneWhen) === null;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        setHidden(modalOpen());
        setTarget(onPage ? findTarget(page.target) : null);
        if (pending && doneWhen && next && document.querySelector(doneWhen)) {
          pending = false;
          const form = new FormData();
          form.set("intent", "step");
          form.set("step", next);
          form.set(SHOP_FORM_FIELD, shopId);
          void submit(form, { method: "post", action });
        }
      });
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ["class", "open"],
    });
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [onPage, page.target, page.doneWhen, next, shopId, submit, action]);

  useLayoutEffect(() => {
    if (hidden) return;
    const reposition = () => setPlacement(place(target, boxRef.current));
    reposition();
    window.addEventListener("resize", reposition);
    window.addEventListener("scroll", reposition, { capture: true, passive: true });
    return () => {
      window.removeEventListener("resize", reposition);
      window.removeEventListener("scroll", reposition, { capture: true });
    };
  }, [target, hidden]);

  // The control is brought into view once per step, not on every change of the page.
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    if (!target || scrolledFor.current === step) return;
    scrolledFor.current = step;
    target.scrollIntoView({ block: "center", inline: "nearest" });
  }, [target, step]);

  // Each step's text takes focus, so a screen reader reads it and Tab reaches its buttons next.
  useEffect(() => {
    if (!hidden) titleRef.current?.focus();
  }, [step, hidden]);

  const close = useCallback(() => {
    const form = new FormData();
    form.set("intent", "close");
    form.set("back", back);
    form.set(SHOP_FORM_FIELD, shopId);
    void submit(form, { method: "post", action });
  }, [action, back, shopId, submit]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // A page dialog's own Escape closes that dialog, not the walkthrough.
      if (event.key !== "Escape" || event.defaultPrevented || modalOpen()) return;
      event.preventDefault();
      close();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [close]);

  if (hidden) return null;
  const docked = !placement || placement.top === null;
  const style: React.CSSProperties = docked
    ? {
        position: "fixed",
        zIndex: 1040,
        left: MARGIN,
        right: MARGIN,
        bottom: MARGIN,
        maxWidth: 420,
        marginInline: "auto",
      }
    : {
        position: "fixed",
        zIndex: 1040,
        top: placement.top ?? 0,
        left: placement.left ?? 0,
        width: placement.width,
      };
  const stepField = (to: string) => (
    <>
      <input type="hidden" name="intent" value="step" />
      <input type="hidden" name="step" value={to} />
      <input type="hidden" name={SHOP_FORM_FIELD} value={shopId} />
    </>
  );

  return (
    <>
      {placement?.ring && (
        <div
          aria-hidden="true"
          data-testid="guide-ring"
          style={{
            position: "fixed",
            zIndex: 1039,
            pointerEvents: "none",
            borderRadius: 8,
            boxShadow: "0 0 0 3px var(--bs-warning), 0 0 0 6px rgba(0, 0, 0, 0.35)",
            ...placement.ring,
          }}
        />
      )}
      <div
        ref={boxRef}
        role="dialog"
        aria-modal="false"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        className="card shadow border-warning"
        style={style}
        data-testid="guide-popover"
        data-step={step}
        data-anchored={target ? "yes" : "no"}
      >
        <div className="card-body p-3">
          <p className="small text-body-secondary mb-1">
            {texts.dialog} · <span data-testid="guide-progress">{texts.progress}</span>
          </p>
          <h2
            id={titleId}
            ref={titleRef}
            tabIndex={-1}
            className="h6 mb-2"
            data-testid="guide-title"
          >
            {texts[`${step}.title`]}
          </h2>
          <div id={bodyId}>
            <p className="mb-2">{texts[`${step}.body`]}</p>
            {!onPage && (
              <p className="mb-2">
                {texts.elsewhere}{" "}
                <Link to={stepHref(step, shopId)} data-testid="guide-go">
                  {texts.goThere}
                </Link>
              </p>
            )}
            {onPage && !target && <p className="small mb-2">{texts.notShown}</p>}
            <p className="small text-body-secondary mb-2">{texts.escape}</p>
          </div>
          <div className="d-flex flex-wrap gap-2">
            {previous && (
              <Form method="post" action={action}>
                {stepField(previous)}
                <button
                  type="submit"
                  className="btn btn-sm btn-outline-secondary"
                  data-testid="guide-back"
                >
                  {texts.back}
                </button>
              </Form>
            )}
            {next ? (
              <Form method="post" action={action}>
                {stepField(next)}
                <button type="submit" className="btn btn-sm btn-primary" data-testid="guide-next">
                  {texts.next}
                </button>
              </Form>
            ) : (
              <Form method="post" action={action}>
                <input type="hidden" name="intent" value="finish" />
                <input type="hidden" name="back" value={back} />
                <input type="hidden" name={SHOP_FORM_FIELD} value={shopId} />
                <button type="submit" className="btn btn-sm btn-primary" data-testid="guide-finish">
                  {texts.finish}
                </button>
              </Form>
            )}
            <Form method="post" action={action} className="ms-auto">
              <input type="hidden" name="intent" value="close" />
              <input type="hidden" name="back" value={back} />
              <input type="hidden" name={SHOP_FORM_FIELD} value={shopId} />
              <button type="submit" className="btn btn-sm btn-link" data-testid="guide-skip">
                {texts.skip}
              </button>
            </Form>
          </div>
        </div>
      </div>
    </>
  );
}
