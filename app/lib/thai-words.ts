/**
 * Thai has no spaces between words, so the browser finds line breaks with a dictionary. Words
 * missing from it are cut anywhere: Chrome ends a line with "ดูสต็" and starts the next with
 * "อก". These words are held whole with word joiners (U+2060, no width, no break) between
 * their letters. Joiners go between grapheme clusters only: one before a tone mark or vowel
 * sign would detach it from its consonant.
 */
export const WHOLE_THAI_WORDS = ["สต็อก", "พร้อมเพย์", "บาร์โค้ด", "คิวอาร์"] as const;

const WORD_JOINER = "\u2060";
const graphemes = new Intl.Segmenter("th", { granularity: "grapheme" });
const joined = WHOLE_THAI_WORDS.map(
  (word) =>
    [word, Array.from(graphemes.segment(word), (part) => part.segment).join(WORD_JOINER)] as const,
);

/** The text with each of WHOLE_THAI_WORDS held on one line. */
export function keepThaiWordsWhole(text: string): string {
  let out = text;
  for (const [word, held] of joined) out = out.replaceAll(word, held);
  return out;
}
