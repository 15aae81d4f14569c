import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { bangkokYear, BUDDHIST_ERA_OFFSET } from "~/lib/dates";

/*
 * How guessable a new password is, by zxcvbn (decision 0062): dictionaries of common
 * passwords, English words and names, keyboard walks, repeats, sequences, dates and l33t
 * spellings, plus what a Thai member is likely to type (below). Server only: its dictionaries
 * are megabytes, and the hint under the field (features/accounts/password-strength.tsx) stays
 * a small estimate in the browser.
 */

/** The lowest zxcvbn score (0–4) a new password needs: 3 is "safely unguessable" online. */
export const MIN_PASSWORD_SCORE = 3;

// Longer passwords are judged by their first 64 characters, and l33t spellings are tried with
// at most 4 substitutions: zxcvbn's time grows quickly with both, and a crafted string of l33t
// symbols is slow with its defaults (256, 100); decision 0062 has the measurements.
const MAX_LENGTH = 64;
const L33T_MAX_SUBSTITUTIONS = 4;

// The site's own names: the first words someone guessing a member's password here would try.
const SITE_WORDS = ["dptech", "dp tech", "ดีพีเทค", "ดีพี เทค", "shophub", "storehub"];

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * Built on first use (the dictionaries are decompressed then), so a server that never sees a
 * password form never pays for them.
 */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-en"),
    ]);
    return new ZxcvbnFactory({
      dictionary: {
        ...common.dictionary,
        ...english.dictionary,
        "buddhist-era-years": buddhistEraYears(new Date()),
      },
      graphs: common.adjacencyGraphs,
      maxLength: MAX_LENGTH,
      l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
    });
  })();
  return estimator;
}

/**
 * Years of the Buddhist era, nearest first: Thai birthdays and "this year" are written that way
 * (2530, 2569), and zxcvbn's own date rules know only years up to 2050.
 */
export function buddhistEraYears(today: Date): string[] {
  const thisYear = bangkokYear(today) + BUDDHIST_ERA_OFFSET;
  const years: string[] = [];
  for (let back = 0; back <= 120; back++) {
    years.push(String(thisYear - back));
    if (back >= 1 && back <= 10) years.push(String(thisYear + back));
  }
  return years;
}

// The Thai Kedmanee keyboard, key by key over the US layout (unshifted, then shifted).
const QWERTY_KEYS =
  "1234567890-=qwertyuiop[]\\asdfghjkl;'zxcvbnm,./" +
  '!@#$%^&*()_+QWERTYUIOP{}|ASDFGHJKL:"ZXCVBNM<>?';
const KEDMANEE_KEYS =
  "ๅ/-ภถุึคตจขชๆไำพะัีรนยบลฃฟหกดเ้่าสวงผปแอิืทมใฝ" + '+๑๒๓๔ู฿๕๖๗๘๙๐"ฎฑธํ๊ณฯญฐ,ฅฤฆฏโฌ็๋ษศซ.()ฉฮฺ์?ฒฬฦ';
const THAI = /[\u0E00-\u0E7F]/u;

const keyOfThaiCharacter = new Map(
  [...KEDMANEE_KEYS].map((character, index) => [character, QWERTY_KEYS.charAt(index)]),
);

/**
 * The keys pressed to type a password on the Thai layout, as the same keys give on the US
 * layout: "ๅ/-ภถุึคตจขช" is the top row (1234567890-=), "ยฟหหไนพก" is "password". Null when the
 * password has no Thai letter (it was not typed in Thai mode).
 */
export function keysOnUsLayout(password: string): string | null {
  if (!THAI.test(password)) return null;
  return [...password].map((character) => keyOfThaiCharacter.get(character) ?? character).join("");
}

const segmenter = new Intl.Segmenter("th", { granularity: "word" });

/**
 * The member's own words for the estimator (matched inside the password, in any case): each
 * text whole, its words (Thai written without spaces is cut by ICU's Thai dictionary) and the
 * letter and digit runs of an e-mail's local part ("somchai", "1990" in somchai1990@…).
 */
export function personalInputs(texts: readonly string[]): string[] {
  const words = new Set<string>();
  const add = (text: string) => {
    const word = text.trim().toLowerCase();
    if ([...word].length >= 2) words.add(word);
  };
  for (const text of [...texts, ...SITE_WORDS]) {
    add(text);
    const [local, domain] = text.split("@");
    if (domain !== undefined) {
      add(local ?? "");
      for (const run of (local ?? "").match(/\p{L}+|\p{N}+/gu) ?? []) add(run);
      add(domain.split(".")[0] ?? "");
      continue;
    }
    for (const segment of segmenter.segment(text)) if (segment.isWordLike) add(segment.segment);
  }
  return [...words];
}

/**
 * zxcvbn's score (0–4) of a new password, with the member's own texts (e-mail, name, shop
 * names) as words an attacker would try first. A password with Thai letters is also scored as
 * the keys that typed it, and the lower score counts.
 */
export async function passwordScore(password: string, personal: readonly string[]) {
  const zxcvbn = await loadEstimator();
  const inputs = personalInputs(personal);
  const typed = keysOnUsLayout(password);
  const scores = [password, ...(typed === null ? [] : [typed])].map(
    (each) => zxcvbn.check(each, inputs).score,
  );
  return Math.min(...scores);
}
