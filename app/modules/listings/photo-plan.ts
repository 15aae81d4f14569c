import { MAX_LISTING_PHOTOS } from "./limits";

// How the post/edit form says which photos to keep, in which order, and which is the cover.
// The same plain fields work with and without JavaScript:
//   photoPos.<token>  a number: the photo's place (lower first); new photos without one go last
//   photoRemove       tokens of stored photos to delete (checkboxes)
//   cover             the token of the cover photo (radio buttons)
// A token is "e-<photo id>" for a stored photo and "n-<i>" for the i-th uploaded file.

export type PhotoSlot = { kind: "existing"; id: string } | { kind: "new"; index: number };

export const existingToken = (id: string) => `e-${id}`;
export const newToken = (index: number) => `n-${index}`;
export const POSITION_FIELD_PREFIX = "photoPos.";
/** The name of the form's file input. */
export const PHOTO_FIELD = "photos";

function slotToken(slot: PhotoSlot): string {
  return slot.kind === "existing" ? existingToken(slot.id) : newToken(slot.index);
}

export interface PhotoPlan {
  /** Every photo the listing will have, in order. */
  order: PhotoSlot[];
  cover: PhotoSlot | null;
  /** Stored photos to delete. */
  removed: string[];
}

/**
 * Works out the listing's photos from the form: stored photos (in their current order) minus
 * the removed ones, plus `newCount` accepted uploads, ordered by the position fields; the cover
 * is the chosen photo, else the current cover, else the first.
 */
export function planPhotos(
  existing: readonly { id: string; isCover: boolean }[],
  newCount: number,
  form: FormData,
): { ok: true; plan: PhotoPlan } | { ok: false; error: "too-many-photos" } {
  const removedTokens = new Set(form.getAll("photoRemove").map(String));
  const kept = existing.filter((photo) => !removedTokens.has(existingToken(photo.id)));
  const slots: PhotoSlot[] = [
    ...kept.map((photo) => ({ kind: "existing" as const, id: photo.id })),
    ...Array.from({ length: newCount }, (_, index) => ({ kind: "new" as const, index })),
  ];
  if (slots.length > MAX_LISTING_PHOTOS) return { ok: false, error: "too-many-photos" };
  const placeOf = (slot: PhotoSlot, fallback: number) => {
    const raw = form.get(`${POSITION_FIELD_PREFIX}${slotToken(slot)}`);
    const value = typeof raw === "string" && /^\d{1,3}$/.test(raw.trim()) ? Number(raw) : NaN;
    return Number.isFinite(value) ? value : 1000 + fallback;
  };
  const order = slots
    .map((slot, index) => ({ slot, place: placeOf(slot, index), index }))
    .sort((a, b) => a.place - b.place || a.index - b.index)
    .map((entry) => entry.slot);
  const chosen = String(form.get("cover") ?? "");
  const currentCover = kept.find((photo) => photo.isCover);
  const cover =
    order.find((slot) => slotToken(slot) === chosen) ??
    order.find((slot) => slot.kind === "existing" && slot.id === currentCover?.id) ??
    order[0] ??
    null;
  return {
    ok: true,
    plan: {
      order,
      cover,
      removed: existing.filter((p) => removedTokens.has(existingToken(p.id))).map((p) => p.id),
    },
  };
}
