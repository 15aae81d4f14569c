import type { ReactNode } from "react";
import { Link } from "react-router";

/** The fields a listing card shows (prepared by the loader, see listings.server.ts toCard). */
export interface ListingCardData {
  id: string;
  title: string;
  priceText: string;
  provinceName: string;
  cover: { thumb: string; cardSrcSet: string } | null;
}

// Cards sit four to a row on wide screens, two on tablets, one on phones.
const CARD_SIZES = "(min-width: 1200px) 300px, (min-width: 768px) 45vw, 100vw";

/**
 * A listing as a card: cover photo (responsive, lazy unless it is in the first row), title,
 * price and province. Server-rendered markup only, no script of its own.
 */
export function ListingCard({
  listing,
  noPhotoLabel,
  eager = false,
  title,
  badges,
  children,
  headingLevel = 3,
}: {
  listing: ListingCardData;
  noPhotoLabel: string;
  eager?: boolean;
  /** The title as shown (e.g. with search matches marked); the plain title otherwise. */
  title?: ReactNode;
  badges?: ReactNode;
  children?: ReactNode;
  /** 2 where the cards follow the page's h1 directly, 3 under a section's h2. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="card h-100 listing-card" data-testid="listing-card">
      {listing.cover ? (
        <img
          src={listing.cover.thumb}
          srcSet={listing.cover.cardSrcSet}
          sizes={CARD_SIZES}
          alt=""
          width={640}
          height={480}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="card-img-top listing-card__image"
        />
      ) : (
        <div className="card-img-top listing-card__image listing-card__no-photo">
          {noPhotoLabel}
        </div>
      )}
      <div className="card-body d-flex flex-column">
        {badges}
        <Heading className="h6 card-title listing-card__title">
          <Link to={`/asset/${listing.id}`} className="stretched-link text-reset">
            {title ?? listing.title}
          </Link>
        </Heading>
        {children}
        <p className="listing-card__price mb-1 mt-auto">{listing.priceText}</p>
        <p className="small text-secondary mb-0">{listing.provinceName}</p>
      </div>
    </article>
  );
}
