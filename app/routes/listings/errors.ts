import { data } from "react-router";
import type { MessageKey } from "~/lib/i18n";
import { ListingError, type ListingRefusal } from "~/modules/listings";
import type { ListingUploadRefusal } from "~/modules/listings/index.server";

/**
 * Every refusal of the listings module as the listings pages show it: the status, and the
 * text where the page says more than the error page of that status does.
 */
export const LISTING_REFUSALS = {
  "not-found": { status: 404, message: null },
  "not-owner": { status: 403, message: null },
  hidden: { status: 400, message: "listings.error.hidden" },
} as const satisfies Record<ListingRefusal, { status: number; message: MessageKey | null }>;

/**
 * For `.catch()` after a listing command: a ListingError becomes the error page of its status
 * (the Thai or English 404 and 403 pages); anything else is thrown on unchanged.
 */
export function listingErrorPage(error: unknown): never {
  if (error instanceof ListingError) {
    throw data(null, { status: LISTING_REFUSALS[error.refusal].status });
  }
  throw error;
}

/** A post/edit request refused before its fields were read: the status and the text. */
export const UPLOAD_REFUSALS = {
  "upload-too-large": { status: 413, message: "listings.error.uploadTooLarge" },
  "photo-too-large": { status: 413, message: "listings.error.photoTooLarge" },
  "too-many-photos": { status: 413, message: "listings.error.tooManyPhotos" },
  "bad-request": { status: 400, message: "listings.error.badRequest" },
} as const satisfies Record<ListingUploadRefusal, { status: number; message: MessageKey }>;
