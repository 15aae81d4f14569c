/**
 * The first `max` characters of `text`, counted in code points: `String.slice` counts UTF-16
 * units and can cut an emoji in half, leaving a lone surrogate that `encodeURIComponent`
 * refuses (a URIError, found by the form fuzzer on the search box).
 */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  return Array.from(text).slice(0, max).join("");
}
