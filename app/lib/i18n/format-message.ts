/**
 * Fills a message's placeholders. Two forms exist:
 *
 * - `{name}`: replaced by `values.name` as given.
 * - `{count, plural, =0 {no listings} one {# listing} other {# listings}}`: the ICU plural
 *   form. The branch is chosen by an exact `=N` match first, then by the language's plural
 *   category (`Intl.PluralRules`: English has `one` and `other`, Thai only `other`), then
 *   `other`; `#` in the branch is the number with the language's grouping ("1,250"). A branch
 *   may hold `{name}` placeholders but no second plural.
 *
 * Only this subset of ICU is read: it covers every count phrase of the site and keeps a
 * message-format library (and its parser) out of every page's JavaScript.
 */

/** The locale whose plural rules and digit grouping a language uses. */
const LOCALES = { th: "th-TH", en: "en-GB" } as const;
type Locale = keyof typeof LOCALES;

/** `{name, plural, …branches…}`; a branch body may hold `{placeholder}`s. */
const PLURAL = /\{(\w+)\s*,\s*plural\s*,((?:[^{}]|\{(?:[^{}]|\{\w+\})*\})*)\}/g;
/** One branch of a plural: `one {# listing}`. */
const BRANCH = /(=\d+|\w+)\s*\{((?:[^{}]|\{\w+\})*)\}/g;
const PLACEHOLDER = /\{(\w+)\}/g;

// Building Intl objects is costly; one of each per language is enough.
const numberFormats = new Map<Locale, Intl.NumberFormat>();

export type MessageValues = Record<string, string | number>;

/**
 * CLDR's plural rules of our two languages, written out: Thai has only `other`, English `one`
 * for 1 and -1. Intl.PluralRules gives the same (format-message.test.ts compares them), but the
 * first Intl object a browser tab makes costs it 35-50 ms (ICU's start), during hydration.
 */
function pluralCategory(count: number, lang: Locale): string {
  return lang === "en" && Math.abs(count) === 1 ? "one" : "other";
}

/** Whole counts grouped by thousands ("12,500"), as both languages write them. */
function formatCount(count: number, lang: Locale): string {
  if (Number.isSafeInteger(count)) return groupDigits(count);
  let format = numberFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 0 });
    numberFormats.set(lang, format);
  }
  return format.format(count);
}

/** The message with its placeholders filled; a placeholder without a value is left as it is. */
export function formatMessage(text: string, values: MessageValues, lang: Locale): string {
  // Most messages have no plural; the check keeps a table of texts cheap to render.
  const chosen = !text.includes("plural")
    ? text
    : text.replace(PLURAL, (whole, name: string, body: string) => {
        const raw = values[name];
        if (raw === undefined) return whole;
        // A count may arrive already formatted ("12,500", from formatQuantity): it is shown
        // as given, and its grouping is dropped only to choose the form.
        const count = typeof raw === "number" ? raw : Number(raw.replaceAll(",", ""));
        const branches = new Map([...body.matchAll(BRANCH)].map((match) => [match[1], match[2]]));
        const branch =
          branches.get(`=${count}`) ??
          branches.get(pluralCategory(count, lang)) ??
          branches.get("other");
        if (branch === undefined) return whole;
        return branch.replaceAll("#", typeof raw === "number" ? formatCount(raw, lang) : raw);
      });
  return chosen.replace(PLACEHOLDER, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** Every plural argument of a message: its name and the selectors of its branches. */
export function pluralsOf(text: string): { name: string; selectors: string[] }[] {
  return [...text.matchAll(PLURAL)].map((match) => ({
    name: match[1] ?? "",
    selectors: [...(match[2] ?? "").matchAll(BRANCH)].map((branch) => branch[1] ?? ""),
  }));
}

/**
 * The names of a message's placeholders, plural arguments included (`{count, plural, …}`
 * names `count`), for checking that both languages ask for the same values. A text that
 * still says "plural" once its plurals are taken out has one this reader cannot read; it is
 * named `plural?` so that the check reports it.
 */
export function placeholderNames(text: string): string[] {
  const names = new Set<string>();
  const rest = text.replace(PLURAL, (_whole, name: string, body: string) => {
    names.add(name);
    for (const branch of body.matchAll(BRANCH)) {
      for (const inner of (branch[2] ?? "").matchAll(PLACEHOLDER)) names.add(inner[1] ?? "");
    }
    return "";
  });
  for (const match of rest.matchAll(PLACEHOLDER)) names.add(match[1] ?? "");
  if (/\bplural\s*,/.test(rest)) names.add("plural?");
  return [...names].sort();
}

/** An integer with its thousands grouped by commas: 2500 → "2,500", -1234567 → "-1,234,567". */
export function groupDigits(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
