/**
 * Fills a message's placeholders. Two forms exist:
 *
 * - `{name}`: replaced by `values.name` as given.
 * - `{count, plural, =0 {no listings} one {# listing} other {# listings}}`: the ICU plural
 *   form. The branch is chosen by an exact `=N` match first, then by the language's plural
 *   category (`Intl.PluralRules`: English has `one` and `other`, Thai only `other`), then
 *   `other`; `#` in the branch is the number with the language's grouping ("1,250").
 *
 * Only this subset of ICU is read: it covers every count phrase of the site and keeps the
 * browser bundle free of a message-format library.
 */

/** The locale whose plural rules and digit grouping a language uses. */
const LOCALES = { th: "th-TH", en: "en-GB" } as const;
type Locale = keyof typeof LOCALES;

// Building Intl objects is costly; one of each per language is enough.
const pluralRules = new Map<Locale, Intl.PluralRules>();
const numberFormats = new Map<Locale, Intl.NumberFormat>();

function rulesFor(lang: Locale): Intl.PluralRules {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(LOCALES[lang]);
    pluralRules.set(lang, rules);
  }
  return rules;
}

function numberFormatFor(lang: Locale): Intl.NumberFormat {
  let format = numberFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 0 });
    numberFormats.set(lang, format);
  }
  return format;
}

export type MessageValues = Record<string, string | number>;

/** The index of the `}` that closes the `{` at `open`, or -1. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return i;
  }
  return -1;
}

const PLURAL_HEAD = /^\s*(\w+)\s*,\s*plural\s*,/;
const SELECTOR = /^\s*(=\d+|zero|one|two|few|many|other)\s*\{/;

/** A message read into text, `{name}` placeholders and plural arguments. */
type Part = string | { name: string } | { name: string; branches: Map<string, Part[]> };

/** The branches of a plural argument's body (`one {…} other {…}`), or null if malformed. */
function parseBranches(body: string): Map<string, Part[]> | null {
  const branches = new Map<string, Part[]>();
  let i = 0;
  while (i < body.length) {
    const selector = SELECTOR.exec(body.slice(i));
    if (!selector) return body.slice(i).trim() === "" ? branches : null;
    const open = i + selector[0].length - 1;
    const close = closingBrace(body, open);
    if (close < 0) return null;
    branches.set(selector[1] ?? "other", parse(body.slice(open + 1, close)));
    i = close + 1;
  }
  return branches;
}

/** Reads a message; anything that is neither a placeholder nor a plural stays text. */
function parse(text: string): Part[] {
  const parts: Part[] = [];
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf("{", i);
    const close = open < 0 ? -1 : closingBrace(text, open);
    if (close < 0) break;
    if (open > i) parts.push(text.slice(i, open));
    const inner = text.slice(open + 1, close);
    const head = PLURAL_HEAD.exec(inner);
    const branches = head ? parseBranches(inner.slice(head[0].length)) : null;
    if (head && branches) parts.push({ name: head[1] ?? "", branches });
    else if (/^\w+$/.test(inner)) parts.push({ name: inner });
    else parts.push(text.slice(open, close + 1));
    i = close + 1;
  }
  if (i < text.length) parts.push(text.slice(i));
  return parts;
}

// Messages are few and fixed (the dictionaries), so each is read once.
const parsed = new Map<string, Part[]>();

function partsOf(text: string): Part[] {
  let parts = parsed.get(text);
  if (!parts) {
    parts = parse(text);
    parsed.set(text, parts);
  }
  return parts;
}

function render(parts: Part[], values: MessageValues, lang: Locale, hash: string | null): string {
  let out = "";
  for (const part of parts) {
    if (typeof part === "string") {
      // `#` is the plural's number only inside a plural branch.
      out += hash === null ? part : part.replaceAll("#", hash);
    } else if (!("branches" in part)) {
      out += part.name in values ? String(values[part.name]) : `{${part.name}}`;
    } else {
      const raw = values[part.name];
      // A count may arrive already formatted ("12,500", from formatQuantity): it is shown as
      // given, and its grouping is dropped only to choose the form.
      const count = typeof raw === "number" ? raw : Number(String(raw).replaceAll(",", ""));
      const branch = Number.isFinite(count)
        ? (part.branches.get(`=${count}`) ??
          part.branches.get(rulesFor(lang).select(count)) ??
          part.branches.get("other"))
        : part.branches.get("other");
      const number =
        typeof raw === "number" ? numberFormatFor(lang).format(raw) : String(raw ?? "#");
      if (branch) out += render(branch, values, lang, number);
    }
  }
  return out;
}

/** The message with its placeholders filled; a placeholder without a value is left as it is. */
export function formatMessage(text: string, values: MessageValues, lang: Locale): string {
  // Most messages have no plural: the quick replace keeps a table of texts cheap to render.
  if (!text.includes("plural")) {
    return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );
  }
  return render(partsOf(text), values, lang, null);
}

/** Every plural argument of a message: its name and the selectors of its branches. */
export function pluralsOf(text: string): { name: string; selectors: string[] }[] {
  const found: { name: string; selectors: string[] }[] = [];
  const walk = (parts: Part[]) => {
    for (const part of parts) {
      if (typeof part === "string" || !("branches" in part)) continue;
      found.push({ name: part.name, selectors: [...part.branches.keys()] });
      for (const branch of part.branches.values()) walk(branch);
    }
  };
  walk(partsOf(text));
  return found;
}

/**
 * The names of a message's placeholders, plural arguments included (`{count, plural, …}`
 * names `count`), for checking that both languages ask for the same values.
 */
export function placeholderNames(text: string): string[] {
  const names = new Set<string>();
  const walk = (parts: Part[]) => {
    for (const part of parts) {
      if (typeof part === "string") continue;
      names.add(part.name);
      if ("branches" in part) for (const branch of part.branches.values()) walk(branch);
    }
  };
  walk(partsOf(text));
  return [...names].sort();
}
