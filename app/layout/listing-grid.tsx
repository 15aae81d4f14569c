import type { ReactNode } from "react";
import type { MessageKey } from "~/lib/i18n";
import { useT } from "~/lib/i18n/use-translation";
import type { PaginationLabels } from "~/ui/pagination";
import { ListingCard, type ListingCardData } from "./listing-card";

/** Cards of the listings area (four to a row on wide screens); the first row loads eagerly. */
export function ListingGrid<T extends ListingCardData & { category: string }>({
  listings,
  title,
  extra,
  headingLevel,
}: {
  listings: T[];
  /** The cards' heading level (see ListingCard): 2 right under the page's h1. */
  headingLevel?: 2 | 3;
  title?: (listing: T) => ReactNode;
  extra?: (listing: T) => ReactNode;
}) {
  const t = useT();
  return (
    <div className="row g-3 g-lg-4" data-testid="listing-grid">
      {listings.map((listing, index) => (
        <div key={listing.id} className="col-sm-6 col-lg-4 col-xl-3">
          <ListingCard
            listing={listing}
            noPhotoLabel={t("listings.noPhoto")}
            eager={index < 4}
            headingLevel={headingLevel}
            title={title?.(listing)}
            badges={
              <p className="small text-secondary mb-1">
                {t(`listings.category.${listing.category}` as MessageKey)}
              </p>
            }
          >
            {extra?.(listing)}
          </ListingCard>
        </div>
      ))}
    </div>
  );
}

export function useListingPaginationLabels(): PaginationLabels {
  const t = useT();
  return {
    nav: t("listings.pagination.nav"),
    previous: t("listings.pagination.previous"),
    next: t("listings.pagination.next"),
    page: (n) => t("listings.pagination.page", { n }),
  };
}
