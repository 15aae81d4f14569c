import { Carousel } from "react-bootstrap";
import { useState, type ReactNode } from "react";

// The seed's carousel constants (Bootstrap's defaults, stated here so they stay put).
export const CAROUSEL_INTERVAL_MS = 5_000;
export const CAROUSEL_SWIPE_THRESHOLD_PX = 40;

export interface Slide {
  id: string;
  content: ReactNode;
}

/**
 * Auto-advancing slides: pauses on hover and while focused, arrow keys move between
 * slides, and a visible pause button stops the motion for good (WCAG 2.2.2).
 */
export function SlideCarousel({
  slides,
  label,
  prevLabel,
  nextLabel,
  pauseLabel,
  playLabel,
}: {
  slides: Slide[];
  label: string;
  prevLabel: string;
  nextLabel: string;
  pauseLabel: string;
  playLabel: string;
}) {
  const [paused, setPaused] = useState(false);
  return (
    <section
      className="slide-carousel position-relative"
      aria-roledescription="carousel"
      aria-label={label}
    >
      <Carousel
        interval={paused ? null : CAROUSEL_INTERVAL_MS}
        pause="hover"
        keyboard
        touch
        prevLabel={prevLabel}
        nextLabel={nextLabel}
        data-testid="home-carousel"
      >
        {slides.map((slide, index) => (
          <Carousel.Item
            key={slide.id}
            aria-roledescription="slide"
            aria-label={`${index + 1} / ${slides.length}`}
            data-slide={slide.id}
          >
            {slide.content}
          </Carousel.Item>
        ))}
      </Carousel>
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
