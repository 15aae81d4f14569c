import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import type { Lang } from "~/lib/i18n";
import { PAGE_SIZE, pageWindow, toPage, type Page } from "~/lib/paging";
import { memberName } from "~/modules/accounts/index.server";
import type { FileStorage, ProcessedImage } from "~/modules/media/index.server";
import type { ListingCategory, ListingStatus } from "./categories";
import type { ListingFormData } from "./listing-form";
import {
  photoStorageKey,
  photoView,
  removePhotoFiles,
  storePhotoFiles,
  type PhotoView,
} from "./listing-photos.server";
import type { PhotoPlan } from "./photo-plan";
import { formatPrice } from "~/lib/money";
import { provinceName } from "./provinces";
import { listing, listingPhoto, listingSearchWord } from "./schema";
import { searchTokens } from "./search-tokens";
import { ListingError } from "./listing-errors";
import { announcePageChange, PAGE_TAG } from "~/modules/platform/index.server";

export type Listing = typeof listing.$inferSelect;

/** Saving a listing processes photos: a member may save 60 times an hour. */
export const LISTING_SAVE_LIMIT = { name: "listing-save", limit: 60, windowSeconds: 3600 };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Public lists and searches count and page through at most this many listings (50 pages):
 * counting every match of a common word among 100,000 listings would cost more than finding
 * the page, and nobody reads past page 50 — filters and more words narrow the list instead.
 */
export const MAX_LISTED_RESULTS = 1_000;

/** How many listings match `where`, counting no further than `limit` (+1, to know it was cut). */
export async function countCapped(
  db: DbExecutor,
  where: SQL | undefined,
  limit = MAX_LISTED_RESULTS,
): Promise<{ total: number; capped: boolean }> {
  const limited = db
    .select({ one: sql`1` })
    .from(listing)
    .where(where)
    .limit(limit + 1)
    .as("limited");
  const [row] = await db.select({ total: count() }).from(limited);
  const total = row?.total ?? 0;
  return total > limit ? { total: limit, capped: true } : { total, capped: false };
}

/** Shown in the public lists, the search and on the home page. */
export const isListed: SQL = sql`${listing.status} = 'published' and ${listing.hiddenAt} is null`;
/** The public lists' order (matches the listing_public_idx index). */
export const newestFirst = [sql`${listing.publishedAt} desc nulls last`, asc(listing.id)];

/** Who is looking: the owner sees drafts, admins see listings they took off the site. */
export interface Viewer {
  id: string;
  role: "member" | "admin";
}

// ---- reading ---------------------------------------------------------------------------

/** A listing as a card in a list: everything already formatted for the reader's language. */
export interface ListingCard {
  id: string;
  title: string;
  category: ListingCategory;
  status: ListingStatus;
  priceText: string;
  provinceName: string;
  publishedAt: Date | null;
  /** Only what a card shows of its cover photo. */
  cover: Pick<PhotoView, "thumb" | "cardSrcSet"> | null;
}

export const cardColumns = {
  id: listing.id,
  title: listing.title,
  category: listing.category,
  status: listing.status,
  priceSatang: listing.priceSatang,
  province: listing.province,
  publishedAt: listing.publishedAt,
  coverId: listingPhoto.id,
  coverKey: listingPhoto.storageKey,
  coverWidth: listingPhoto.width,
  coverHeight: listingPhoto.height,
};

type CardRow = {
  id: string;
  title: string;
  category: ListingCategory;
  status: ListingStatus;
  priceSatang: number;
  province: string;
  publishedAt: Date | null;
  coverId: string | null;
  coverKey: string | null;
  coverWidth: number | null;
  coverHeight: number | null;
};

/** The cover photo of each listing (at most one, see listing_photo_cover_idx). */
export const coverJoin = and(
  eq(listingPhoto.listingId, listing.id),
  eq(listingPhoto.isCover, true),
);

export function toCard(row: CardRow, storage: FileStorage, lang: Lang): ListingCard {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    status: row.status,
    priceText: formatPrice(row.priceSatang, lang),
    provinceName: provinceName(row.province, lang),
    publishedAt: row.publishedAt,
    cover:
      row.coverId && row.coverKey && row.coverWidth && row.coverHeight
        ? pickCardPhoto(
            photoView(storage, {
              id: row.coverId,
              isCover: true,
              storageKey: row.coverKey,
              width: row.coverWidth,
              height: row.coverHeight,
            }),
          )
        : null,
  };
}

const pickCardPhoto = ({ thumb, cardSrcSet }: PhotoView) => ({ thumb, cardSrcSet });

export interface ListingFilters {
  category?: ListingCategory;
  province?: string;
  minSatang?: number;
  maxSatang?: number;
}

/** Published listings, newest first, with the filters of /asset; one page of 20. */
export async function listPublishedListings(
  db: Database,
  storage: FileStorage,
  lang: Lang,
  filters: ListingFilters,
  page: number,
): Promise<Page<ListingCard> & { capped: boolean }> {
  const where = and(
    isListed,
    filters.category ? eq(listing.category, filters.category) : undefined,
    filters.province ? eq(listing.province, filters.province) : undefined,
    filters.minSatang !== undefined ? gte(listing.priceSatang, filters.minSatang) : undefined,
    filters.maxSatang !== undefined ? lte(listing.priceSatang, filters.maxSatang) : undefined,
  );
  const { total, capped } = await countCapped(db, where);
  const current = Math.min(page, Math.max(1, Math.ceil(total / PAGE_SIZE)));
  const { limit, offset } = pageWindow(current);
  const rows = await db
    .select(cardColumns)
    .from(listing)
    .leftJoin(listingPhoto, coverJoin)
    .where(where)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
  return {
    ...toPage(
      rows.map((row) => toCard(row, storage, lang)),
      total,
      current,
    ),
    capped,
  };
}

/** The newest published listings (home page, empty search). */
export async function listNewestListings(
  db: Database,
  storage: FileStorage,
  lang: Lang,
  limit: number,
): Promise<ListingCard[]> {
  const rows = await db
    .select(cardColumns)
    .from(listing)
    .leftJoin(listingPhoto, coverJoin)
    .where(isListed)
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.map((row) => toCard(row, storage, lang));
}

/** A member's own listings, every status, most recently changed first. */
export async function listOwnListings(
  db: Database,
  storage: FileStorage,
  lang: Lang,
  ownerId: string,
  page: number,
): Promise<Page<ListingCard & { hidden: boolean; updatedAt: Date }>> {
  const where = eq(listing.ownerId, ownerId);
  const { limit, offset } = pageWindow(page);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ ...cardColumns, hiddenAt: listing.hiddenAt, updatedAt: listing.updatedAt })
      .from(listing)
      .leftJoin(listingPhoto, coverJoin)
      .where(where)
      .orderBy(desc(listing.updatedAt), asc(listing.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(listing).where(where),
  ]);
  return toPage(
    rows.map((row) => ({
      ...toCard(row, storage, lang),
      hidden: row.hiddenAt !== null,
      updatedAt: row.updatedAt,
    })),
    totals?.total ?? 0,
    page,
  );
}

/** Photos of one listing, cover first, then in their order. */
async function photosOf(db: Database, listingId: string) {
  return db
    .select()
    .from(listingPhoto)
    .where(eq(listingPhoto.listingId, listingId))
    .orderBy(desc(listingPhoto.isCover), asc(listingPhoto.position));
}

async function findListing(db: Database, id: string): Promise<Listing | undefined> {
  if (!UUID.test(id)) return undefined;
  const [found] = await db.select().from(listing).where(eq(listing.id, id));
  return found;
}

/**
 * The listing for /asset/:id, or null (a 404) when this viewer may not see it: drafts only to
 * their owner; listings an admin took down to their owner and to admins.
 */
export async function getListingForViewer(
  db: Database,
  storage: FileStorage,
  id: string,
  viewer: Viewer | null,
): Promise<{
  listing: Listing;
  photos: PhotoView[];
  isOwner: boolean;
  sellerName: string;
} | null> {
  const found = await findListing(db, id);
  if (!found) return null;
  const isOwner = viewer?.id === found.ownerId;
  const visible =
    isOwner || (found.status !== "draft" && (found.hiddenAt === null || viewer?.role === "admin"));
  if (!visible) return null;
  const [photos, sellerName] = await Promise.all([
    photosOf(db, found.id),
    memberName(db, found.ownerId),
  ]);
  return {
    listing: found,
    photos: photos.map((photo) => photoView(storage, photo)),
    isOwner,
    sellerName: sellerName ?? "",
  };
}

/**
 * The member's own listing with its photos in their order, for editing. Someone else's
 * listing is refused with ListingError "not-owner" (only its owner may change it), an
 * unknown id with "not-found".
 */
export async function requireOwnListing(
  db: Database,
  storage: FileStorage,
  ownerId: string,
  id: string,
): Promise<{ listing: Listing; photos: PhotoView[] }> {
  const found = await findListing(db, id);
  if (!found) throw new ListingError("not-found");
  if (found.ownerId !== ownerId) throw new ListingError("not-owner");
  const photos = await db
    .select()
    .from(listingPhoto)
    .where(eq(listingPhoto.listingId, found.id))
    .orderBy(asc(listingPhoto.position));
  return { listing: found, photos: photos.map((photo) => photoView(storage, photo)) };
}

/** Every listed listing's address and last change, for sitemap.xml. */
export function listSitemapListings(db: Database) {
  return db
    .select({ id: listing.id, updatedAt: listing.updatedAt })
    .from(listing)
    .where(isListed)
    .orderBy(...newestFirst)
    .limit(45_000);
}

// ---- writing ---------------------------------------------------------------------------

export type SaveOutcome = { ok: true; id: string } | { ok: false; error: "hidden" };

/**
 * Creates or updates a member's listing with its photos. New photos' files are written
 * first (under fresh keys, so nothing visible changes yet), then the rows change in one
 * transaction, and only after it commits are removed photos' files deleted.
 */
export async function saveListing(
  db: Database,
  storage: FileStorage,
  input: {
    ownerId: string;
    /** The listing being edited (already checked to be the owner's), or null for a new one. */
    existingId: string | null;
    data: ListingFormData;
    /** Accepted uploads, in the order they arrived (PhotoSlot "new" indexes point here). */
    uploads: ProcessedImage[];
    plan: PhotoPlan;
  },
): Promise<SaveOutcome> {
  const listingId = input.existingId ?? randomUUID();
  const fresh = input.uploads.map((image) => {
    const id = randomUUID();
    return { id, image, storageKey: photoStorageKey(listingId, id) };
  });
  await Promise.all(fresh.map((photo) => storePhotoFiles(storage, photo.storageKey, photo.image)));

  let removedKeys: string[] = [];
  try {
    const outcome = await db.transaction(async (tx): Promise<SaveOutcome> => {
      const { data: form } = input;
      // What the form sets, on a new listing and on an edit alike.
      const fields = {
        title: form.title,
        description: form.description,
        category: form.category,
        priceSatang: form.price,
        province: form.province,
        contactPhone: form.contactPhone,
        status: form.status,
        searchTokens: searchTokens(form.title, form.description),
      };
      const now = new Date();
      if (input.existingId) {
        const [current] = await tx
          .select({ ownerId: listing.ownerId, hiddenAt: listing.hiddenAt })
          .from(listing)
          .where(eq(listing.id, listingId))
          .for("update");
        // Checked by the route already; checked again under the lock.
        if (!current || current.ownerId !== input.ownerId) throw new ListingError("not-owner");
        if (current.hiddenAt && form.status === "published") {
          return { ok: false, error: "hidden" };
        }
        await tx
          .update(listing)
          .set({
            ...fields,
            publishedAt:
              form.status === "draft" ? undefined : sql`coalesce(${listing.publishedAt}, now())`,
            updatedAt: now,
          })
          .where(eq(listing.id, listingId));
      } else {
        await tx.insert(listing).values({
          id: listingId,
          ownerId: input.ownerId,
          ...fields,
          publishedAt: form.status === "draft" ? null : now,
        });
      }

      // New words become findable by their parts (see listing_search_word).
      const words = [...new Set(fields.searchTokens.split(" ").filter(Boolean))];
      if (words.length > 0) {
        await tx
          .insert(listingSearchWord)
          .values(words.map((word) => ({ word })))
          .onConflictDoNothing();
      }

      if (input.plan.removed.length > 0) {
        const removed = await tx
          .delete(listingPhoto)
          .where(
            and(
              eq(listingPhoto.listingId, listingId),
              inArray(listingPhoto.id, input.plan.removed),
            ),
          )
          .returning({ storageKey: listingPhoto.storageKey });
        removedKeys = removed.map((photo) => photo.storageKey);
      }
      // At most one cover: clear it before setting the new one.
      await tx
        .update(listingPhoto)
        .set({ isCover: false })
        .where(and(eq(listingPhoto.listingId, listingId), eq(listingPhoto.isCover, true)));
      const { cover } = input.plan;
      for (const [position, slot] of input.plan.order.entries()) {
        const isCover =
          cover !== null &&
          cover.kind === slot.kind &&
          (slot.kind === "existing"
            ? cover.kind === "existing" && cover.id === slot.id
            : cover.kind === "new" && cover.index === slot.index);
        if (slot.kind === "existing") {
          await tx
            .update(listingPhoto)
            .set({ position, isCover })
            .where(and(eq(listingPhoto.id, slot.id), eq(listingPhoto.listingId, listingId)));
        } else {
          const photo = fresh[slot.index];
          if (!photo) continue;
          await tx.insert(listingPhoto).values({
            id: photo.id,
            listingId,
            position,
            isCover,
            storageKey: photo.storageKey,
            width: photo.image.width,
            height: photo.image.height,
          });
        }
      }
      return { ok: true, id: listingId };
    });
    if (!outcome.ok) {
      await Promise.all(fresh.map((photo) => removePhotoFiles(storage, photo.storageKey)));
      return outcome;
    }
  } catch (error) {
    await Promise.all(
      fresh.map((photo) => removePhotoFiles(storage, photo.storageKey).catch(() => {})),
    );
    throw error;
  }
  await Promise.all(removedKeys.map((key) => removePhotoFiles(storage, key).catch(() => {})));
  await announceListingChange(db, listingId);
  return { ok: true, id: listingId };
}

/** The rendered visitor pages that show listings, and this listing's own page, are stale. */
function announceListingChange(db: Database, id: string): Promise<void> {
  return announcePageChange(db, [PAGE_TAG.listings, PAGE_TAG.listing(id)]);
}

/** The ids of a member's listings (their pages show the member's name). */
export async function listingIdsOf(db: Database, ownerId: string): Promise<string[]> {
  const rows = await db
    .select({ id: listing.id })
    .from(listing)
    .where(eq(listing.ownerId, ownerId));
  return rows.map((row) => row.id);
}

/**
 * A member's listings changed with their account (deleted with it, or their seller name
 * changed): the rendered visitor pages showing them are stale.
 */
export function announceListingsOfAccountChanged(db: Database, ids: string[]): Promise<void> {
  return announcePageChange(db, [PAGE_TAG.listings, ...ids.map((id) => PAGE_TAG.listing(id))]);
}

/** Deletes the owner's listing and its photo files; ListingError for anyone else or an unknown id. */
export async function deleteListing(
  db: Database,
  storage: FileStorage,
  ownerId: string,
  id: string,
): Promise<void> {
  const found = await findListing(db, id);
  if (!found) throw new ListingError("not-found");
  if (found.ownerId !== ownerId) throw new ListingError("not-owner");
  const photos = await db.transaction(async (tx) => {
    const keys = await tx
      .select({ storageKey: listingPhoto.storageKey })
      .from(listingPhoto)
      .where(eq(listingPhoto.listingId, id));
    await tx.delete(listing).where(and(eq(listing.id, id), eq(listing.ownerId, ownerId)));
    return keys;
  });
  await announceListingChange(db, id);
  await Promise.all(
    photos.map((photo) => removePhotoFiles(storage, photo.storageKey).catch(() => {})),
  );
}

/** Storage keys of every photo of a member's listings (to remove the files with the account). */
export async function listingPhotoKeysOf(db: Database, ownerId: string): Promise<string[]> {
  const rows = await db
    .select({ storageKey: listingPhoto.storageKey })
    .from(listingPhoto)
    .innerJoin(listing, eq(listing.id, listingPhoto.listingId))
    .where(eq(listing.ownerId, ownerId));
  return rows.map((row) => row.storageKey);
}

/** Deletes the files of photos whose rows are already gone; a failure only leaves files behind. */
export async function removeListingPhotoFiles(
  storage: FileStorage,
  storageKeys: string[],
): Promise<void> {
  await Promise.all(storageKeys.map((key) => removePhotoFiles(storage, key).catch(() => {})));
}

/**
 * The owner moves a listing between draft, published and sold. A listing an admin took down
 * cannot be published again by its owner.
 */
export async function setListingStatus(
  db: Database,
  ownerId: string,
  id: string,
  status: ListingStatus,
): Promise<SaveOutcome> {
  const found = await findListing(db, id);
  if (!found) throw new ListingError("not-found");
  if (found.ownerId !== ownerId) throw new ListingError("not-owner");
  if (found.hiddenAt && status === "published") return { ok: false, error: "hidden" };
  await db
    .update(listing)
    .set({
      status,
      publishedAt: status === "draft" ? undefined : sql`coalesce(${listing.publishedAt}, now())`,
      updatedAt: new Date(),
    })
    .where(and(eq(listing.id, id), eq(listing.ownerId, ownerId)));
  await announceListingChange(db, id);
  return { ok: true, id };
}

/** An admin takes a listing off the site (or puts it back); returns false for an unknown id. */
export async function setListingHidden(
  db: Database,
  adminId: string,
  id: string,
  hidden: boolean,
): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const updated = await db
    .update(listing)
    .set(
      hidden
        ? { hiddenAt: new Date(), hiddenBy: adminId, updatedAt: new Date() }
        : { hiddenAt: null, hiddenBy: null, updatedAt: new Date() },
    )
    .where(hidden ? and(eq(listing.id, id), isNull(listing.hiddenAt)) : eq(listing.id, id))
    .returning({ id: listing.id });
  if (updated.length > 0) await announceListingChange(db, id);
  return updated.length > 0 || (hidden && (await findListing(db, id)) !== undefined);
}
