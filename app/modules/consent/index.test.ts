import { describe, expect, it } from "vitest";
import {
  analyticsAllowed,
  consentFromCookieHeader,
  consentSetCookie,
  parseConsent,
  serializeConsent,
} from "./index";

const headers = (values: Record<string, string>) => new Headers(values);

describe("the consent cookie", () => {
  it("reads and writes 1.<analytics>.<notifications>", () => {
    expect(parseConsent("1.1.0")).toEqual({ analytics: true, notifications: false });
    expect(parseConsent("1.0.1")).toEqual({ analytics: false, notifications: true });
    expect(parseConsent("1.0.0")).toEqual({ analytics: false, notifications: false });
    expect(parseConsent(" 1.1.1 ")).toEqual({ analytics: true, notifications: true });
    for (const analytics of [true, false])
      for (const notifications of [true, false])
        expect(parseConsent(serializeConsent({ analytics, notifications }))).toEqual({
          analytics,
          notifications,
        });
    expect(serializeConsent({ analytics: true, notifications: false })).toBe("1.1.0");
  });

  it("treats any other value as no choice", () => {
    for (const value of [
      undefined,
      null,
      "",
      "1",
      "1.1",
      "2.1.0",
      "1.2.0",
      "1.1.0.0",
      "yes",
      "1.1.x",
    ])
      expect(parseConsent(value)).toBeNull();
  });

  it("finds the cookie among others", () => {
    expect(consentFromCookieHeader("lang=en; consent=1.1.0; x=1")).toEqual({
      analytics: true,
      notifications: false,
    });
    expect(consentFromCookieHeader("myconsent=1.1.1")).toBeNull();
    expect(consentFromCookieHeader(null)).toBeNull();
  });

  it("is set for a year on the whole site, readable by the page's script", () => {
    const cookie = consentSetCookie({ analytics: false, notifications: true }, { secure: true });
    expect(cookie).toBe("consent=1.0.1; Path=/; Max-Age=31536000; SameSite=Lax; Secure");
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it("allows analytics only with the opt-in and without GPC or DNT", () => {
    expect(analyticsAllowed(headers({ cookie: "consent=1.1.0" }))).toBe(true);
    expect(analyticsAllowed(headers({ cookie: "consent=1.0.1" }))).toBe(false);
    expect(analyticsAllowed(headers({}))).toBe(false);
    expect(analyticsAllowed(headers({ cookie: "consent=1.1.1", "sec-gpc": "1" }))).toBe(false);
    expect(analyticsAllowed(headers({ cookie: "consent=1.1.1", dnt: "1" }))).toBe(false);
    expect(analyticsAllowed(headers({ cookie: "consent=1.1.1", dnt: "0" }))).toBe(true);
  });
});
