import { useRef, useState, type KeyboardEvent, type PointerEvent } from "react";

// The seed's swipe distance (as in slide-carousel.tsx; not imported, so this page does not
// pull the home page's carousel into a shared chunk).
const SWIPE_THRESHOLD_PX = 40;

export interface GalleryPhoto {
  id: string;
  src: string;
  srcSet: string;
  thumb: string;
  width: number;
  height: number;
}

/**
 * One large photo with thumbnails under it. Arrow keys (when the photo has focus), the
 * buttons, a 40 px swipe and the thumbnails move between photos. The thumbnails are links to
 * `?photo=n`, so without JavaScript each one loads the page showing that photo.
 */
export function PhotoGallery({
  photos,
  initialIndex = 0,
  alt,
  labels,
}: {
  photos: GalleryPhoto[];
  initialIndex?: number;
  /** Alternative text of photo n (1-based). */
  alt: (n: number) => string;
  labels: {
    region: string;
    previous: string;
    next: string;
    photoOf: (n: number, total: number) => string;
    show: (n: number) => string;
  };
}) {
  const count = photos.length;
  const [active, setActive] = useState(Math.min(Math.max(0, initialIndex), count - 1));
  const swipeStart = useRef<number | null>(null);
  const go = (index: number) => setActive(((index % count) + count) % count);
  const photo = photos[active];
  if (!photo) return null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowLeft") go(active - 1);
    else if (event.key === "ArrowRight") go(active + 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(count - 1);
    else return;
    event.preventDefault();
  };
  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart.current === null) return;
    const distance = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (Math.abs(distance) >= SWIPE_THRESHOLD_PX) go(active + (distance < 0 ? 1 : -1));
  };

  return (
    <section id="gallery" aria-label={labels.region} data-testid="gallery">
      <div
        className="photo-gallery__stage"
        tabIndex={count > 1 ? 0 : undefined}
        onKeyDown={count > 1 ? onKeyDown : undefined}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeStart.current = null)}
        aria-roledescription={count > 1 ? "carousel" : undefined}
      >
        <img
          key={photo.id}
          src={photo.src}
          srcSet={photo.srcSet}
          sizes="(min-width: 992px) 640px, 100vw"
          alt={alt(active + 1)}
          width={photo.width}
          height={photo.height}
          className="photo-gallery__image"
          fetchPriority={active === initialIndex ? "high" : "auto"}
          draggable={false}
          data-testid="gallery-image"
          data-photo-id={photo.id}
        />
        {count > 1 && (
          <>
            <button
              type="button"
              className="photo-gallery__nav photo-gallery__nav--prev"
              onClick={() => go(active - 1)}
              aria-label={labels.previous}
            >
              ‹
            </button>
            <button
              type="button"
              className="photo-gallery__nav photo-gallery__nav--next"
              onClick={() => go(active + 1)}
              aria-label={labels.next}
              data-testid="gallery-next"
            >
              ›
            </button>
            <p
              className="photo-gallery__counter mb-0"
              aria-live="polite"
              data-testid="gallery-counter"
            >
              {labels.photoOf(active + 1, count)}
            </p>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="photo-gallery__thumbs">
          {photos.map((item, index) => (
            <li key={item.id}>
              <a
                href={`?photo=${index + 1}#gallery`}
                aria-label={labels.show(index + 1)}
                aria-current={index === active ? "true" : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  setActive(index);
                }}
              >
                <img
                  src={item.thumb}
                  alt=""
                  width={80}
                  height={60}
                  loading="lazy"
                  decoding="async"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
