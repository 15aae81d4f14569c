import { describe, expect, it } from "vitest";
import { AREAS } from "./areas";
import { en } from "./en";
import { FALLBACK_MESSAGES } from "./fallback-messages";
import { createTranslate, langFromCookieHeader } from "./index";
import { bundleText, serverTranslate } from "./messages.server";
import { th } from "./th";

describe("interface text", () => {
  it("names the same picture formats in every upload hint as in the error (sharp reads AVIF, not HEIC)", () => {
    const hints = [
      "storehub.hint.image",
      "account.profile.photoField",
      "media.error.notImage",
    ] as const;
    for (const messages of [th, en])
      for (const key of hints) {
        expect(messages[key], key).toMatch(/AVIF/);
        expect(messages[key], key).not.toMatch(/HEIC/);
      }
  });

  it("names a till once: the till's own name already says เครื่อง / Till", () => {
    // "เครื่อง เครื่อง 1 ยังไม่ได้เปิดกะ" was a template that put a word before the till's name.
    for (const [lang, messages] of [
      ["th", th],
      ["en", en],
    ] as const) {
      const t = serverTranslate(lang);
      const till = messages["shops.sell.till.defaultName"];
      const keys = (Object.keys(messages) as (keyof typeof messages)[]).filter((key) =>
        messages[key].includes("{till}"),
      );
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) {
        const words = t(key, { till }).split(/[\s:]+/);
        const doubled = words.filter((word, i) => word !== "" && word === words[i + 1]);
        expect(doubled, `${lang} ${key}: ${t(key, { till })}`).toEqual([]);
      }
    }
  });

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
    expect(serverTranslate("th")("home.callUs", { phone: "02 114 7788" })).toBe("โทร 02 114 7788");
    expect(serverTranslate("en")("error.notFound")).toBe("This page could not be found");
  });

  it("reads an area's text before the frame's, and the frame's for the rest", () => {
    const translate = createTranslate(
      { "nav.contact": "ติดต่อเรา", "error.notFound": "ไม่พบหน้านี้" },
      { "nav.contact": "ติดต่อฝ่ายคลังสินค้า" },
      "th",
    );
    expect(translate("nav.contact")).toBe("ติดต่อฝ่ายคลังสินค้า");
    expect(translate("error.notFound")).toBe("ไม่พบหน้านี้");
  });

  it("falls back to the bundled Thai frame text when the messages are missing", () => {
    expect(createTranslate(undefined, undefined, "th")("error.notFound")).toBe(
      th["error.notFound"],
    );
    expect(createTranslate(undefined, undefined, "th")("nav.contact")).toBe(th["nav.contact"]);
  });

  it("bundles the frame and error texts as the fallback", () => {
    for (const key of [
      "error.notFound",
      "error.backHome",
      "nav.contact",
      "status.offline",
    ] as const) {
      expect(FALLBACK_MESSAGES[key]).toBe(th[key]);
    }
  });

  it("reads the language cookie, Thai by default", () => {
    expect(langFromCookieHeader(null)).toBe("th");
    expect(langFromCookieHeader("a=1; lang=en")).toBe("en");
    expect(langFromCookieHeader("lang=fr")).toBe("th");
  });

  it("sends area text only with that area's pages", () => {
    const frame = bundleText("th", "frame");
    expect(frame["nav.contact"]).toBe(th["nav.contact"]);
    expect(
      Object.keys(frame).some((key) => /^(admin|shops|storehub|listings|shophubPage)\./.test(key)),
    ).toBe(false);
    // The account pages' text comes with those pages; the header's member menu keeps its own.
    expect(
      Object.keys(frame)
        .filter((key) => key.startsWith("account."))
        .sort(),
    ).toEqual(["account.signOut", "account.signedInAs"]);
    expect(Object.keys(frame).some((key) => key.startsWith("home."))).toBe(false);
    expect(bundleText("th", "account")["account.signIn.title"]).toBe(th["account.signIn.title"]);
    const admin = bundleText("en", "admin");
    expect(admin["admin.nav.users"]).toBe(en["admin.nav.users"]);
    expect(Object.keys(admin).every((key) => key.startsWith("admin."))).toBe(true);
    // Together the pieces are the whole dictionary.
    const pieces = [frame, ...AREAS.map((area) => bundleText("th", area))];
    expect(pieces.reduce((sum, piece) => sum + Object.keys(piece).length, 0)).toBe(
      Object.keys(th).length,
    );
  });
});
