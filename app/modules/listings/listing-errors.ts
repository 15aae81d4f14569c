/**
 * Why a command on a listing was refused. The module says what happened; the routes decide
 * the status and the words (app/routes/listings/errors.ts).
 */
export type ListingRefusal = "not-found" | "not-owner" | "hidden";

/** Thrown where the listing cannot be worked on at all: unknown, or someone else's. */
export class ListingError extends Error {
  constructor(readonly refusal: Extract<ListingRefusal, "not-found" | "not-owner">) {
    super(`listing refused: ${refusal}`);
    this.name = "ListingError";
  }
}
