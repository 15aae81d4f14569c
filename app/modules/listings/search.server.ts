import { and, count, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { containsPattern } from "~/db/escape-like";
import type { Lang } from "~/lib/i18n";
import { pageWindow, toPage, type Page } from "~/lib/paging";
import type { FileStorage } from "~/modules/media/local-storage.server";
import { highlightParts, snippetAround, type TextPart } from "./highlight";
import { cardColumns, coverJoin, isListed, toCard, type ListingCard } from "./listings.server";
import { listing, listingPhoto } from "./schema";
import { normalizeSearchText, queryWords } from "./search-tokens";

/** Longest keyword we look at (longer input is cut). */
export const KEYWORD_MAX = 100;
// Trigrams need three characters; shorter words match whole words and word beginnings only.
const MIN_PARTIAL_LENGTH = 3;

export interface SearchResult extends ListingCard {
  titleParts: TextPart[];
  snippetParts: TextPart[];
  /** Every word of the keyword is a whole word of the listing. */
  exact: boolean;
}

/** A word as a tsquery literal: our words hold only letters, marks, digits and ".", but quote anyway. */
const tsLiteral = (word: string) => `'${word.replace(/['\\]/g, "")}'`;

/**
 * Listings whose title or description contain the keyword's words. Thai has no spaces, so the
 * keyword is cut into words the same way the listings were (search-tokens.ts): each word must
 * match a whole word of the listing (full-text index), the beginning of one, or (three
 * characters or more) any part of the text (trigram index). Whole-word matches come first,
 * then better full-text rank, then the newest.
 */
export async function searchListings(
  db: Database,
  storage: FileStorage,
  lang: Lang,
  keyword: string,
  page: number,
): Promise<Page<SearchResult> & { words: string[] }> {
  const trimmed = keyword.trim().slice(0, KEYWORD_MAX);
  const words = queryWords(trimmed);
  // Only punctuation or spaces: nothing can match.
  if (words.length === 0) return { ...toPage([], 0, 1), words };
  const wordMatches = words.map((word): SQL => {
    const prefix = sql`${listing.searchVector} @@ to_tsquery('simple', ${`${tsLiteral(word)}:*`})`;
    return [...word].length >= MIN_PARTIAL_LENGTH
      ? sql`(${prefix} or ${listing.searchText} like ${containsPattern(word)})`
      : prefix;
  });
  // The keyword as typed also counts as a part of the text ("โตโยต้า" in "รถโตโยต้า"), even
  // when the segmenter cut it differently from the listing's text.
  const phrase = normalizeSearchText(trimmed).replace(/\s+/g, " ");
  const matches =
    [...phrase].length >= MIN_PARTIAL_LENGTH
      ? or(and(...wordMatches), sql`${listing.searchText} like ${containsPattern(phrase)}`)
      : and(...wordMatches);
  const where = and(isListed, matches);
  const exactQuery = sql`to_tsquery('simple', ${words.map(tsLiteral).join(" & ")})`;
  const exact = sql<boolean>`${listing.searchVector} @@ ${exactQuery}`;
  const { limit, offset } = pageWindow(page);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ ...cardColumns, description: listing.description, exact })
      .from(listing)
      .leftJoin(listingPhoto, coverJoin)
      .where(where)
      .orderBy(
        sql`${exact} desc`,
        sql`ts_rank(${listing.searchVector}, ${exactQuery}) desc`,
        sql`${listing.publishedAt} desc nulls last`,
        listing.id,
      )
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(listing).where(where),
  ]);
  const marks = [...words, phrase];
  return {
    ...toPage(
      rows.map((row) => ({
        ...toCard(row, storage, lang),
        titleParts: highlightParts(row.title, marks),
        snippetParts: highlightParts(snippetAround(row.description, marks), marks),
        exact: row.exact,
      })),
      totals?.total ?? 0,
      page,
    ),
    words,
  };
}
