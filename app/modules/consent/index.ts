// The visitor's consent choice (PDPA), as the `consent` cookie holds it: `1.<a>.<n>`, the format's
// version (1), then analytics and notifications, each 0 (no) or 1 (yes), e.g. `1.1.0`. Pure: the
// server (root loader, the analytics endpoint, the /consent page) and the browser read the same
// format here (docs/decisions/0076-consent-and-first-party-analytics.md).

/** The cookie's name; the Web Push work reads the same cookie. */
export const CONSENT_COOKIE = "consent";

/** The format's version, the first part of the value. */
export const CONSENT_VERSION = 1;

/** A year, then the banner asks again (the cookie is gone). */
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** What the visitor allowed. Necessary cookies need no consent and are not part of it. */
export interface Consent {
  analytics: boolean;
  notifications: boolean;
}

const VALUE = /^1\.([01])\.([01])$/;

/** The choice a cookie value holds, or null when the value is missing or of another format. */
export function parseConsent(value: string | null | undefined): Consent | null {
  const match = VALUE.exec(value?.trim() ?? "");
  if (!match) return null;
  return { analytics: match[1] === "1", notifications: match[2] === "1" };
}

/** The cookie value for a choice, e.g. `1.1.0`. */
export function serializeConsent(consent: Consent): string {
  return `${CONSENT_VERSION}.${consent.analytics ? 1 : 0}.${consent.notifications ? 1 : 0}`;
}

/** The choice in a Cookie header (its first `consent` cookie), or null when none was made. */
export function consentFromCookieHeader(header: string | null | undefined): Consent | null {
  for (const pair of header?.split(";") ?? []) {
    const at = pair.indexOf("=");
    if (at > 0 && pair.slice(0, at).trim() === CONSENT_COOKIE) {
      return parseConsent(pair.slice(at + 1));
    }
  }
  return null;
}

/** The cookie's attributes, for a Set-Cookie header (not HttpOnly: the browser reads it too). */
export function consentSetCookie(consent: Consent, options: { secure: boolean }): string {
  return [
    `${CONSENT_COOKIE}=${serializeConsent(consent)}`,
    "Path=/",
    `Max-Age=${CONSENT_MAX_AGE_SECONDS}`,
    "SameSite=Lax",
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}

/** Whether a request's headers ask not to be tracked: `Sec-GPC: 1` (Global Privacy Control) or `DNT: 1`. */
export function asksNotToBeTracked(headers: { get(name: string): string | null }): boolean {
  return headers.get("sec-gpc")?.trim() === "1" || headers.get("dnt")?.trim() === "1";
}

/**
 * Whether analytics may be recorded for a request: the visitor opted in, and the browser does not
 * send Global Privacy Control or Do Not Track, which count as no whatever the cookie says.
 */
export function analyticsAllowed(headers: { get(name: string): string | null }): boolean {
  return (
    consentFromCookieHeader(headers.get("cookie"))?.analytics === true &&
    !asksNotToBeTracked(headers)
  );
}
