/**
 * Thai has no spaces between words, so the browser finds line breaks with a dictionary. Words
 * missing from it are cut anywhere: Chrome ends a line with "ดูสต็" and starts the next with
 * "อก". These words are held whole with word joiners (U+2060, no width, no break) between
 * their letters. Joiners go between grapheme clusters only: one before a tone mark or vowel
 * sign would detach it from its consonant.
 */
export const WHOLE_THAI_WORDS = ["สต็อก", "พร้อมเพย์", "บาร์โค้ด", "คิวอาร์"] as const;

const WORD_JOINER = "\u2060";
// Thai's marks that belong to the grapheme of the letter before them: the vowel signs above and
// below a consonant (ั ิ ี ึ ื ุ ู ฺ), sara am ำ (a spacing mark that still extends the cluster),
// the shortener ็, the tone marks ่ ้ ๊ ๋, the silencer ์ and ํ ๎. Written out rather than with Intl.Segmenter (which gives the same
// clusters for these words, thai-words.test.ts), whose first use costs a browser tab 35-50 ms
// of main thread while the page hydrates (decision 0049).
const COMBINING = /[\u0E31\u0E33-\u0E3A\u0E47-\u0E4E]/;

/** The word's grapheme clusters: a letter with the marks that follow it. */
export function thaiGraphemes(word: string): string[] {
  const clusters: string[] = [];
  for (const char of word) {
    if (COMBINING.test(char) && clusters.length > 0) clusters[clusters.length - 1] += char;
    else clusters.push(char);
  }
  return clusters;
}

const joined = WHOLE_THAI_WORDS.map(
  (word) => [word, thaiGraphemes(word).join(WORD_JOINER)] as const,
);

/** The text with each of WHOLE_THAI_WORDS held on one line. */
export function keepThaiWordsWhole(text: string): string {
  let out = text;
  for (const [word, held] of joined) out = out.replaceAll(word, held);
  return out;
}
