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
const THAI_LETTER = /\p{Script=Thai}/u;
const THAI_DIGITS = /[๐-๙]/g;
// Longer "words" are not words (a pasted link, a row of one letter); they are left out.
const MAX_WORD_LENGTH = 40;

/** Text the way it is compared: Unicode NFC, lower case, Thai digits as 0–9. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(THAI_DIGITS, (d) => String(d.charCodeAt(0) - 0x0e50));
}

/**
 * The words of `text`, lower-case, in order (repeats kept), each with whether it was written
 * straight after the previous Thai word (no space or punctuation between them).
 */
function* wordsWithJoins(text: string): Generator<{ word: string; joined: boolean }> {
  let previousEnd = -1;
  let previousThai = false;
  for (const { segment, index, isWordLike } of segmenter.segment(normalizeSearchText(text))) {
    if (!isWordLike) continue;
    if (NUMBER.test(segment)) {
      if (segment.length <= MAX_WORD_LENGTH)
        yield { word: segment.replaceAll(",", ""), joined: false };
      previousThai = false;
      continue;
    }
    for (const match of segment.matchAll(WORD_RUNS)) {
      const [run] = match;
      // A lone tone mark or vowel sign is not a word.
      if (!HAS_LETTER_OR_DIGIT.test(run) || run.length > MAX_WORD_LENGTH) continue;
      const start = index + match.index;
      const thai = THAI_LETTER.test(run);
      yield { word: run, joined: thai && previousThai && start === previousEnd };
      previousEnd = start + run.length;
      previousThai = thai;
    }
  }
}

/** The words of `text`, lower-case, in order (repeats kept). */
export function searchWords(text: string): string[] {
  return [...wordsWithJoins(text)].map((entry) => entry.word);
}

/**
 * What is stored in `listing.search_tokens`: the words of the texts, space-separated, followed
 * by each pair of Thai words written together joined into one. The segmenter cuts words it
 * does not know into pieces ("คอนโด" into "คอน" and "โด"); the pairs let a search for part of
 * such a word ("คอนโ") still find it.
 */
export function searchTokens(...texts: string[]): string {
  const words: string[] = [];
  const pairs: string[] = [];
  for (const text of texts) {
    let previous = "";
    for (const { word, joined } of wordsWithJoins(text)) {
      words.push(word);
      if (joined && previous.length + word.length <= MAX_WORD_LENGTH) pairs.push(previous + word);
      previous = word;
    }
  }
  return [...words, ...pairs].join(" ");
}

/** The distinct words of a search keyword (at most `max`; the rest are ignored). */
export function queryWords(keyword: string, max = 8): string[] {
  return [...new Set(searchWords(keyword))].slice(0, max);
}
