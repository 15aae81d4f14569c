/** A piece of text, marked when it matched the search. Rendered as text, never as HTML. */
export interface TextPart {
  text: string;
  mark: boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Splits `text` into parts, marking every occurrence of any of `words` (case-insensitive,
 * longest word first, so "คอนโดมิเนียม" wins over "คอนโด"). The page renders the parts as text
 * inside <mark>, so whatever a listing contains is escaped like any other text.
 */
export function highlightParts(original: string, words: readonly string[]): TextPart[] {
  const text = original.normalize("NFC");
  const terms = [...new Set(words.filter((w) => w.length > 0))].sort((a, b) => b.length - a.length);
  if (terms.length === 0) return [{ text, mark: false }];
  const pattern = new RegExp(terms.map(escapeRegExp).join("|"), "giu");
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start), mark: false });
    const previous = parts.at(-1);
    // Words found side by side ("หมอน" + "ทอง") make one mark.
    if (previous?.mark && start === last) previous.text += match[0];
    else parts.push({ text: match[0], mark: true });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), mark: false });
  return parts;
}

/**
 * About `length` characters of `text` around its first match, with "…" where it was cut, so a
 * long description shows why it was found.
 */
export function snippetAround(text: string, words: readonly string[], length = 220): string {
  const flat = text.normalize("NFC").replace(/\s+/g, " ").trim();
  if (flat.length <= length) return flat;
  const lower = flat.toLowerCase();
  const first = Math.min(
    ...words.map((w) => lower.indexOf(w.toLowerCase())).filter((i) => i >= 0),
    Number.MAX_SAFE_INTEGER,
  );
  const center = first === Number.MAX_SAFE_INTEGER ? 0 : first;
  const start = Math.max(0, Math.min(center - Math.floor(length / 3), flat.length - length));
  const end = Math.min(flat.length, start + length);
  return `${start > 0 ? "…" : ""}${flat.slice(start, end).trim()}${end < flat.length ? "…" : ""}`;
}
