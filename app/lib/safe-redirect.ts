// Any origin would do: it only anchors the parse, and a value that leaves it is refused.
const ANCHOR = "http://same-site.invalid";

/**
 * Only same-site paths are accepted as a place to return to; anything else (another
 * host, a protocol-relative `//evil`, a backslash trick) falls back to `fallback`.
 * The answer is the path as a URL parser normalises it, checked after normalising: a
 * browser (or `new URL()` in a caller) resolves `/.//evil.example` or `/%2e//evil.example`
 * to `//evil.example`, which would leave the site when written out again as a path.
 */
export function safeRedirectPath(
  value: FormDataEntryValue | string | null | undefined,
  fallback = "/",
): string {
  if (typeof value !== "string") return fallback;
  // The parser drops tabs and line breaks silently ("/\t/evil" is "//evil"): refuse them first.
  if (!value.startsWith("/") || /\p{Cc}/u.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, ANCHOR);
  } catch {
    return fallback;
  }
  if (url.origin !== ANCHOR) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith("//") ? fallback : path;
}
