import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { containsPattern } from "~/db/escape-like";
import type { Lang } from "~/lib/i18n";
import { PAGE_SIZE, toPage, type Page } from "~/lib/paging";
import type { FileStorage } from "~/modules/media/index.server";
import { highlightParts, snippetAround, type TextPart } from "./highlight";
import { KEYWORD_MAX } from "./limits";
import {
  cardColumns,
  coverJoin,
  isListed,
  MAX_LISTED_RESULTS,
  newestFirst,
  toCard,
  type ListingCard,
} from "./listings.server";
import { listing, listingPhoto, listingSearchWord } from "./schema";
import { normalizeSearchText, queryWords } from "./search-tokens";
import { truncateText } from "~/lib/truncate-text";

// Trigrams need three characters; shorter words match whole words and word beginnings only.
const MIN_PARTIAL_LENGTH = 3;
// A part of a word found inside more words than this is too vague to widen the search further.
const MAX_EXPANSIONS = 300;
// How many of the newest listings a common word's page is looked for in, first in the newest
// 3,000, then in 15,000 (see pageOfMatches).
const WINDOWS = [3_000, 15_000];
// Matches PostgreSQL expects beyond which a word counts as common (see measureMatches); up to
// this many are collected and sorted.
const COMMON = 5_000;

export interface SearchResult extends ListingCard {
  titleParts: TextPart[];
  snippetParts: TextPart[];
  /** Every word of the keyword is a whole word of the listing. */
  exact: boolean;
}

export type SearchPage = Page<SearchResult> & {
  words: string[];
  /** The total is at least this many (counting stops at MAX_LISTED_RESULTS + 1). */
  capped: boolean;
};

/** A word as a tsquery operand. Our words hold only letters, marks, digits and "."; quote anyway. */
const operand = (word: string, prefix = false) =>
  `'${word.replace(/['\\]/g, "")}'${prefix ? ":*" : ""}`;

/**
 * What may match one word of the keyword, as a tsquery: the word itself and, from three
 * characters on, every known word that contains it (found through the trigram index of
 * listing_search_word); a shorter word also matches words beginning with it. Naming the words
 * keeps the full-text index on its fast path: a prefix search (`:*`) over several words was
 * about six times slower on 100,000 listings.
 */
async function widenWord(db: Database, word: string): Promise<string> {
  if ([...word].length < MIN_PARTIAL_LENGTH) return operand(word, true);
  const containing = await db
    .select({ word: listingSearchWord.word })
    .from(listingSearchWord)
    .where(sql`${listingSearchWord.word} like ${containsPattern(word)}`)
    .limit(MAX_EXPANSIONS);
  const alternatives = new Set([word, ...containing.map((found) => found.word)]);
  return `(${[...alternatives].map((w) => operand(w)).join(" | ")})`;
}

/**
 * The keyword as a tsquery of what may match: every word (widened as above) of every
 * space-separated part, where a part cut into several words may also match as one piece
 * ("คอนโ" is cut into "คอน" and "โ", yet is part of "คอนโด").
 */
async function matchQuery(db: Database, keyword: string): Promise<string> {
  const parts = keyword.split(/\s+/).filter((part) => queryWords(part).length > 0);
  const groups = await Promise.all(
    parts.map(async (part) => {
      const words = queryWords(part);
      const all = (await Promise.all(words.map((word) => widenWord(db, word)))).join(" & ");
      const whole = normalizeSearchText(part);
      if (words.length === 1 || !/^[\p{L}\p{M}\p{N}]+$/u.test(whole)) return `(${all})`;
      return `((${all}) | ${await widenWord(db, whole)})`;
    }),
  );
  return groups.join(" & ");
}

/** How many listings match, as far as paging needs to know. */
interface MatchCount {
  total: number;
  /** More than MAX_LISTED_RESULTS match. */
  capped: boolean;
  /**
   * Every match, newest first (ids), when there are at most COMMON; null for a common word,
   * whose page is read from the newest listings instead (see pageOfMatches).
   */
  ids: string[] | null;
}

const matchingListings = (query: SQL) => and(isListed, sql`${listing.searchVector} @@ ${query}`);

/**
 * Finds out how many listings match `query`. PostgreSQL's statistics know the frequent words
 * well: when it expects more than COMMON matches, nothing is counted (a bitmap of tens of
 * thousands of rows), the total shows as "more than 1,000", and pages are read from the newest
 * listings. Otherwise the matches' ids and dates are collected once from the full-text index
 * (bitmap scans forced: with a LIMIT, an estimate that is off can make PostgreSQL read
 * listings one by one instead) and sorted here; pages are then fetched by id.
 */
async function measureMatches(db: Database, query: SQL): Promise<MatchCount> {
  const common = { total: MAX_LISTED_RESULTS, capped: true, ids: null };
  const plan = await db.execute<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }>(
    sql`explain (format json) ${db
      .select({ one: sql`1` })
      .from(listing)
      .where(matchingListings(query))}`,
  );
  const expected = plan.rows[0]?.["QUERY PLAN"][0]?.Plan["Plan Rows"] ?? 0;
  if (expected > COMMON) return common;
  const found = await db.transaction(
    async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_indexscan = off`);
      return tx
        .select({ id: listing.id, publishedAt: listing.publishedAt })
        .from(listing)
        .where(matchingListings(query))
        .limit(COMMON + 1);
    },
    { accessMode: "read only" },
  );
  if (found.length > COMMON) return common;
  // The order of newestFirst: date descending (none last), then id (uuids compare as text).
  const time = (date: Date | null) => date?.getTime() ?? Number.NEGATIVE_INFINITY;
  found.sort(
    (a, b) => time(b.publishedAt) - time(a.publishedAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return {
    total: Math.min(found.length, MAX_LISTED_RESULTS),
    capped: found.length > MAX_LISTED_RESULTS,
    ids: found.map((row) => row.id),
  };
}

/**
 * One page of the listings matching `query` (a tsquery over search_vector), newest first, at
 * a bounded cost whatever the query: by id when the matches were collected, else, for a
 * common word, from the newest listings read in date order (listing_public_idx) and checked
 * one by one within the newest WINDOWS only; should a deep page not be complete inside them,
 * the matches are sorted by PostgreSQL after all.
 */
async function pageOfMatches(
  db: Database,
  query: SQL,
  count: MatchCount,
  limit: number,
  offset: number,
) {
  const columns = { ...cardColumns, description: listing.description };
  if (count.ids) {
    const ids = count.ids.slice(offset, offset + limit);
    if (ids.length === 0) return [];
    const rows = await db
      .select(columns)
      .from(listing)
      .leftJoin(listingPhoto, coverJoin)
      .where(inArray(listing.id, ids));
    return ids.flatMap((id) => rows.filter((row) => row.id === id));
  }
  // Every match outside a window is older than those inside: a full page is the right page.
  for (const size of WINDOWS) {
    const windowed = await newestMatching(db, query, size, limit, offset);
    if (windowed.length === limit) return windowed;
  }
  // Sorting by an expression no index provides makes PostgreSQL collect the matches from the
  // full-text index first instead of walking the newest-first index to the very end.
  return db
    .select(columns)
    .from(listing)
    .leftJoin(listingPhoto, coverJoin)
    .where(matchingListings(query))
    .orderBy(sql`${listing.publishedAt} + interval '0 seconds' desc nulls last`, listing.id)
    .limit(limit)
    .offset(offset);
}

/** The page among the `size` newest listings only, read in date order and checked one by one. */
function newestMatching(db: Database, query: SQL, size: number, limit: number, offset: number) {
  const recent = db
    .select({
      id: listing.id,
      title: listing.title,
      category: listing.category,
      status: listing.status,
      priceSatang: listing.priceSatang,
      province: listing.province,
      publishedAt: listing.publishedAt,
      description: listing.description,
      searchVector: listing.searchVector,
    })
    .from(listing)
    .where(isListed)
    .orderBy(...newestFirst)
    .limit(size)
    .as("recent");
  return db
    .select({
      id: recent.id,
      title: recent.title,
      category: recent.category,
      status: recent.status,
      priceSatang: recent.priceSatang,
      province: recent.province,
      publishedAt: recent.publishedAt,
      description: recent.description,
      coverId: listingPhoto.id,
      coverKey: listingPhoto.storageKey,
      coverWidth: listingPhoto.width,
      coverHeight: listingPhoto.height,
    })
    .from(recent)
    .leftJoin(
      listingPhoto,
      and(eq(listingPhoto.listingId, recent.id), eq(listingPhoto.isCover, true)),
    )
    .where(sql`${recent.searchVector} @@ ${query}`)
    .orderBy(sql`${recent.publishedAt} desc nulls last`, asc(recent.id))
    .limit(limit)
    .offset(offset);
}

/**
 * Listings whose title or description contain the keyword's words. Thai has no spaces, so the
 * keyword is cut into words the same way the listings were (search-tokens.ts). Listings that
 * hold every word as a whole word come first, then those where a word is only part of a
 * longer one ("บ้าน" in "หมู่บ้าน"); each group newest first. Totals are counted up to
 * MAX_LISTED_RESULTS, and a common word costs no more than a rare one.
 */
export async function searchListings(
  db: Database,
  storage: FileStorage,
  lang: Lang,
  keyword: string,
  requestedPage: number,
): Promise<SearchPage> {
  const typed = truncateText(keyword.trim(), KEYWORD_MAX);
  const words = queryWords(typed);
  // Only punctuation or spaces: nothing can match.
  if (words.length === 0) return { ...toPage([], 0, 1), words, capped: false };

  const exactTerms = words.map((w) => operand(w)).join(" & ");
  const exactQuery = sql`to_tsquery('simple', ${exactTerms})`;
  // Matches that are not whole-word matches, as one tsquery the index answers by itself.
  const partialQuery = sql`to_tsquery('simple', ${`(${await matchQuery(db, typed)}) & !(${exactTerms})`})`;
  // Counted from the full-text index alone: with LIMIT in the count, a planner estimate that
  // is off can otherwise choose to read listings one by one until a thousand have matched.
  const exactCount = await measureMatches(db, exactQuery);
  // With a thousand whole-word matches the other group is never reached.
  const partialCount = exactCount.capped
    ? { total: 0, capped: false, ids: [] }
    : await measureMatches(db, partialQuery);
  const sum = exactCount.total + partialCount.total;
  const capped = exactCount.capped || partialCount.capped || sum > MAX_LISTED_RESULTS;
  const total = Math.min(sum, MAX_LISTED_RESULTS);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(requestedPage, pageCount);
  const offset = (page - 1) * PAGE_SIZE;

  const rows: { row: Awaited<ReturnType<typeof pageOfMatches>>[number]; exact: boolean }[] = [];
  if (offset < exactCount.total) {
    const found = await pageOfMatches(
      db,
      exactQuery,
      exactCount,
      Math.min(PAGE_SIZE, exactCount.total - offset),
      offset,
    );
    rows.push(...found.map((row) => ({ row, exact: true })));
  }
  if (rows.length < PAGE_SIZE && partialCount.total > 0) {
    const found = await pageOfMatches(
      db,
      partialQuery,
      partialCount,
      PAGE_SIZE - rows.length,
      Math.max(0, offset - exactCount.total),
    );
    rows.push(...found.map((row) => ({ row, exact: false })));
  }

  return {
    ...toPage(
      rows.map(({ row, exact }) => ({
        ...toCard(row, storage, lang),
        titleParts: highlightParts(row.title, words),
        snippetParts: highlightParts(snippetAround(row.description, words), words),
        exact,
      })),
      total,
      page,
    ),
    pageCount,
    words,
    capped,
  };
}
