import { describe, expect, it } from "vitest";
import { langFromCookieHeader } from "./lang-cookie";
import { chooseLang, langCookie, langOfRequest } from "./lang.server";

const requestWith = (cookie?: string) =>
  new Request("http://localhost/", { headers: cookie ? { cookie } : {} });

/** The name=value pair of a Set-Cookie value, as the browser sends it back. */
const pairOf = (setCookie: string) => setCookie.split(";")[0]!;

describe("the language cookie", () => {
  it("is written through createCookie: a year, HttpOnly, Lax, Secure only on an HTTPS site", async () => {
    const plain = await chooseLang("en", "http://localhost:3000");
    expect(plain).toBe(await langCookie.serialize("en"));
    expect(plain).toMatch(/^lang=[^;]+; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/);
    // Not the bare value of before: what createCookie writes (base64 of the JSON text).
    expect(pairOf(plain)).not.toBe("lang=en");
    expect(await chooseLang("th", "https://www.dptech.co.th")).toMatch(/; Secure(;|$)/);
  });

  it("reads back the language it wrote, among other cookies", async () => {
    for (const lang of ["en", "th"] as const) {
      const pair = pairOf(await chooseLang(lang, "http://localhost"));
      expect(await langOfRequest(requestWith(`a=1; ${pair}; shop=x`))).toBe(lang);
      // The pages Express answers itself read the same value with the small parser.
      expect(langFromCookieHeader(`a=1; ${pair}; shop=x`)).toBe(lang);
    }
  });

  it("still reads the bare value the switch wrote before, so nobody's language flips", async () => {
    expect(await langOfRequest(requestWith("lang=en"))).toBe("en");
    expect(await langOfRequest(requestWith("x=1; lang=th"))).toBe("th");
    expect(langFromCookieHeader("x=1; lang=en")).toBe("en");
  });

  it("falls back to Thai on no cookie, an unknown language or a malformed value", async () => {
    expect(await langOfRequest(requestWith())).toBe("th");
    expect(await langOfRequest(requestWith("lang=fr"))).toBe("th");
    expect(await langOfRequest(requestWith("lang=%E0%A4%A"))).toBe("th");
    const french = pairOf(await langCookie.serialize("fr"));
    expect(await langOfRequest(requestWith(french))).toBe("th");
    expect(langFromCookieHeader(french)).toBe("th");
    expect(langFromCookieHeader("lang=%E0%A4%A")).toBe("th");
    expect(langFromCookieHeader("xlang=en")).toBe("th");
  });
});
