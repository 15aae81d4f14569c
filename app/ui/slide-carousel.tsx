import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "./use-hydrated";

// The seed's carousel constants (Bootstrap's defaults).
export const CAROUSEL_INTERVAL_MS = 5_000;
export const CAROUSEL_SWIPE_THRESHOLD_PX = 40;

export interface Slide {
  id: string;
  content: ReactNode;
}

/**
 * Auto-advancing slides on Bootstrap's carousel classes. Pauses while hovered or focused,
 * arrow keys and swipes (40 px) move between slides, and a visible pause button stops the
 * motion for good (WCAG 2.2.2). Hand-made rather than react-bootstrap's Carousel to keep the
 * home page inside its JavaScript budget (docs/decisions/0004).
 */
export function SlideCarousel({
  slides,
  label,
  prevLabel,
  nextLabel,
  pauseLabel,
  playLabel,
  slideLabel,
}: {
  slides: Slide[];
  label: string;
  prevLabel: string;
  nextLabel: string;
  pauseLabel: string;
  playLabel: string;
  /** e.g. "สไลด์ {n} จาก {total}" with {n} and {total} filled in. */
  slideLabel: (n: number, total: number) => string;
}) {
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const swipeStart = useRef<number | null>(null);
  const count = slides.length;
  // Until the page's JavaScript runs nothing advances, so the other slides' pictures are
  // not fetched (app.scss): they would share the line with what the first paint needs.
  const live = useHydrated();

  const go = useCallback((index: number) => setActive(((index % count) + count) % count), [count]);
  const next = useCallback(() => go(active + 1), [go, active]);
  const prev = useCallback(() => go(active - 1), [go, active]);

  useEffect(() => {
    if (paused || hovered || focused || count < 2) return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const timer = setTimeout(next, CAROUSEL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [paused, hovered, focused, count, next, active]);

  return (
    <section
      className={`carousel slide slide-carousel position-relative${live ? " slide-carousel--live" : ""}`}
      aria-roledescription="carousel"
      aria-label={label}
      data-testid="home-carousel"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={(event) => {
        if (event.key === "ArrowRight") next();
        else if (event.key === "ArrowLeft") prev();
        else return;
        event.preventDefault();
      }}
      onPointerDown={(event) => {
        swipeStart.current = event.clientX;
      }}
      onPointerUp={(event) => {
        if (swipeStart.current === null) return;
        const distance = event.clientX - swipeStart.current;
        swipeStart.current = null;
        if (Math.abs(distance) < CAROUSEL_SWIPE_THRESHOLD_PX) return;
        if (distance < 0) next();
        else prev();
      }}
      // The section itself is focusable so the arrow keys work once it has focus.
      tabIndex={0}
    >
      <div className="carousel-indicators">
        {slides.map((slide, index) => (
          <button
            key={slide.id}
            type="button"
            className={index === active ? "active" : undefined}
            aria-current={index === active ? true : undefined}
            aria-label={slideLabel(index + 1, count)}
            onClick={() => go(index)}
          />
        ))}
      </div>
      <div className="carousel-inner" aria-live={paused || focused ? "polite" : "off"}>
        {slides.map((slide, index) => (
          <div
            key={slide.id}
            className={`carousel-item${index === active ? " active" : ""}`}
            role="group"
            aria-roledescription="slide"
            aria-label={slideLabel(index + 1, count)}
            aria-hidden={index === active ? undefined : true}
            inert={index === active ? undefined : true}
            data-slide={slide.id}
          >
            {slide.content}
          </div>
        ))}
      </div>
      <button type="button" className="carousel-control-prev" onClick={prev}>
        <Chevron d={PREVIOUS} />
        <span className="visually-hidden">{prevLabel}</span>
      </button>
      <button type="button" className="carousel-control-next" onClick={next}>
        <Chevron d={NEXT} />
        <span className="visually-hidden">{nextLabel}</span>
      </button>
      <button
        type="button"
        className="btn btn-sm btn-dark slide-carousel__pause"
        aria-pressed={paused}
        onClick={() => setPaused((value) => !value)}
      >
        {paused ? playLabel : pauseLabel}
      </button>
    </section>
  );
}

// Bootstrap's chevrons, drawn in the page: its icon classes paint them as SVG images, each an
// isolated document on the main thread while the page loads (decision 0049).
const PREVIOUS =
  "M11.354 1.646a.5.5 0 0 1 0 .708L5.707 8l5.647 5.646a.5.5 0 0 1-.708.708l-6-6a.5.5 0 0 1 0-.708l6-6a.5.5 0 0 1 .708 0z";
const NEXT =
  "M4.646 1.646a.5.5 0 0 1 .708 0l6 6a.5.5 0 0 1 0 .708l-6 6a.5.5 0 0 1-.708-.708L10.293 8 4.646 2.354a.5.5 0 0 1 0-.708z";

function Chevron({ d }: { d: string }) {
  return (
    <svg className="slide-carousel__icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={d} />
    </svg>
  );
}
