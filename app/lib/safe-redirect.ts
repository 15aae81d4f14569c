/**
 * Only same-site paths are accepted as a place to return to; anything else (another
 * host, a protocol-relative `//evil`, a backslash trick) falls back to the home page.
 */
export function safeRedirectPath(
  value: FormDataEntryValue | string | null | undefined,
  fallback = "/",
): string {
  if (typeof value !== "string") return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (/\p{Cc}/u.test(value)) return fallback;
  return value;
}
