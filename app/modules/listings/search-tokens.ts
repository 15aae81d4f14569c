// Thai is written without spaces between words, so neither PostgreSQL's parser nor a LIKE on
// whole words can find "บ้าน" in "ขายบ้านเดี่ยว". Intl.Segmenter (ICU's Thai dictionary) cuts
// the text into words; the same function runs when a listing is saved and on the query.

const segmenter = new Intl.Segmenter("th", { granularity: "word" });
// Numbers keep their decimal point; thousands separators go ("2,500,000" is "2500000").
const NUMBER = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^\d+(?:\.\d+)?$/;
// Otherwise a segment such as "ปี2019" or "ตร.ม" mixes scripts or carries punctuation: keep
// runs of Thai, and runs of other letters and digits, as separate words.
const WORD_RUNS = /[\p{Script=Thai}\p{M}]+|(?:(?!\p{Script=Thai})[\p{L}\p{N}\p{M}])+/gu;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const THAI_DIGITS = /[๐-๙]/g;

/** Text the way it is compared: Unicode NFC, lower case, Thai digits as 0–9. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(THAI_DIGITS, (d) => String(d.charCodeAt(0) - 0x0e50));
}

/** The words of `text`, lower-case, in order (repeats kept). */
export function searchWords(text: string): string[] {
  const words: string[] = [];
  for (const { segment, isWordLike } of segmenter.segment(normalizeSearchText(text))) {
    if (!isWordLike) continue;
    if (NUMBER.test(segment)) {
      words.push(segment.replaceAll(",", ""));
      continue;
    }
    for (const [run] of segment.matchAll(WORD_RUNS)) {
      // A lone tone mark or vowel sign is not a word.
      if (HAS_LETTER_OR_DIGIT.test(run)) words.push(run);
    }
  }
  return words;
}

/** What is stored in `listing.search_tokens`: the words of the texts, space-separated. */
export function searchTokens(...texts: string[]): string {
  return texts.flatMap(searchWords).join(" ");
}

/** The distinct words of a search keyword (at most `max`; the rest are ignored). */
export function queryWords(keyword: string, max = 8): string[] {
  return [...new Set(searchWords(keyword))].slice(0, max);
}
