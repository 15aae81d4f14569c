import { describe, expect, it } from "vitest";
import { en } from "./en";
import { langFromCookieHeader, translator } from "./index";
import { th } from "./th";

describe("interface text", () => {
  it("has an English text for every Thai key and no extra ones", () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(th).sort());
  });

  it("has no empty Thai text", () => {
    expect(
      Object.entries(th)
        .filter(([, text]) => text.trim() === "")
        .map(([key]) => key),
    ).toEqual([
      // Only shown in English: a note that articles are written in Thai.
      "articles.contentLanguage",
    ]);
  });

  it("fills placeholders", () => {
    expect(translator("th")("home.callUs", { phone: "02 114 7788" })).toBe("โทร 02 114 7788");
    expect(translator("en")("error.notFound")).toBe("This page could not be found");
  });

  it("reads the language cookie, Thai by default", () => {
    expect(langFromCookieHeader(null)).toBe("th");
    expect(langFromCookieHeader("a=1; lang=en")).toBe("en");
    expect(langFromCookieHeader("lang=fr")).toBe("th");
  });
});
