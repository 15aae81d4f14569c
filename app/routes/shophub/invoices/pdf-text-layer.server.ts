/*
 * What a PDF viewer finds, copies and reads aloud from the printed documents, and what
 * `pdftotext` gives: the text layer. pdfkit writes it per embedded font as a ToUnicode map, one
 * text per glyph, and takes that text from fontkit's glyph, which keeps the characters of the
 * first layout that made it (fontkit's glyph cache, foliojs/fontkit#154). Sarabun draws sara am
 * (ำ) as nikhahit + the glyph of sara aa (า), so whichever of "ำ" or "า" a page set first decided
 * what every sara aa of the page read as: a page whose first า stood inside an ำ lost every า
 * ("ร้ นสมช ยมินิม ร์ท"), the others read ำ as "ำา".
 *
 * Three things, all through pdfkit's public calls, put it right:
 * - Each Thai face first lays out GLYPH_TEXT_PRIMER: sara aa, nikhahit and nikhahit under each
 *   tone mark then come from their own characters, so an ำ drawn in two glyphs reads "ํา"
 *   (nikhahit + sara aa: the same text once Unicode-normalised, NFKC) and never eats an า.
 * - An ำ on a consonant with no tone mark and no tall stroke (กำ, จำ, สำ: nearly every ำ) is set
 *   with Sarabun's own precomposed ำ glyph (the ccmp feature off for that cluster), which looks
 *   the same and reads exactly "ำ". With these two, a viewer that reads only the glyphs (pdf.js
 *   in Firefox) gets every word right but น้ำ and ต่ำ, which it gets in their NFKC form.
 * - Every line is also marked with its real text (/ActualText, PDF 14.9.4), which Acrobat,
 *   pdfium (Chrome) and poppler (pdftotext, Evince) read instead of the glyphs. Poppler needs
 *   it beyond น้ำ: it breaks words where a tone mark is raised over an upper vowel (ผู้ซื้อ read
 *   as "ผู้ซ้ อ ื"). pdfkit can only open the mark outside its own text object, where poppler
 *   no longer knows the font, so poppler's places for the text are off (pdftotext -layout,
 *   Evince's highlight of a search hit); its words and their order are right.
 */

const NIKHAHIT = "\u0E4D";
const SARA_AM = "\u0E33";
const SARA_AA = "\u0E32";
const TONE_MARKS = ["\u0E48", "\u0E49", "\u0E4A", "\u0E4B"];
/** Consonants whose tall stroke moves the nikhahit aside (its .narrow form). */
const TALL_CONSONANTS = /[\u0E1B\u0E1D\u0E1F\u0E2C]/;
const THAI = /[\u0E00-\u0E7F]/;
const TONE = /[\u0E48-\u0E4B]/;

/** Laid out once in each Thai face before anything is drawn (see the comment at the top). */
export const GLYPH_TEXT_PRIMER = [
  SARA_AA,
  ...["", "\u0E1B"].flatMap((base) => ["", ...TONE_MARKS].map((tone) => base + tone + NIKHAHIT)),
].join(" ");

export interface TextRun {
  text: string;
  /** Set in the Thai file of the font (else the Latin one). */
  thai: boolean;
  /** Clusters whose ำ is drawn as the font's one precomposed glyph (ccmp off). */
  precomposedAm: boolean;
}

/** An ำ the font draws in one glyph without harm: no tone mark above it, no tall consonant. */
function onePieceAm(cluster: string): boolean {
  return cluster.includes(SARA_AM) && !TONE.test(cluster) && !TALL_CONSONANTS.test(cluster);
}

// Letter clusters: a consonant with its vowels and marks, by Unicode's rules.
const clusters = new Intl.Segmenter("th", { granularity: "grapheme" });

/**
 * Text split into runs by font file and by how its ำ is drawn; a space stays with the run
 * before it.
 */
export function textRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  for (const { segment } of clusters.segment(text)) {
    const last = runs.at(-1);
    const run =
      segment === " " && last
        ? { thai: last.thai, precomposedAm: last.precomposedAm }
        : { thai: THAI.test(segment), precomposedAm: onePieceAm(segment) };
    if (last && last.thai === run.thai && last.precomposedAm === run.precomposedAm) {
      last.text += segment;
    } else {
      runs.push({ text: segment, ...run });
    }
  }
  return runs;
}

/** The fontkit features of a run: Sarabun's precomposed ำ where it is drawn in one piece. */
export function runFeatures(run: TextRun): Record<string, boolean> | undefined {
  return run.precomposedAm ? { ccmp: false } : undefined;
}
