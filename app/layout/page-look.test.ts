import { describe, expect, it } from "vitest";
import { fontsCachedIn, fontsLaterOf, fontsLaterScript, stylesheetOf } from "./page-look";

const till = {
  handle: { stylesheet: "till", fontsLater: true },
  loaderData: { fontsCached: false },
};

describe("a page's look", () => {
  it("is the site's stylesheet and preloaded fonts unless a matched route asks otherwise", () => {
    const plain = [{ handle: undefined }, { handle: { frame: "none" } }];
    expect([stylesheetOf(plain), fontsLaterOf(plain)]).toEqual(["site", false]);
    const tillPage = [{}, { handle: {} }, till];
    expect([stylesheetOf(tillPage), fontsLaterOf(tillPage)]).toEqual(["till", true]);
  });

  it("loads the fonts later only while the device has not said it has them", () => {
    expect(fontsLaterOf([{}, { ...till, loaderData: { fontsCached: true } }])).toBe(false);
    // An error page in place of the till (no loader data): the fonts as everywhere else.
    expect(fontsLaterOf([{}, { ...till, loaderData: undefined }])).toBe(false);
  });

  it("reads the browser's fonts cookie among the others", () => {
    expect(fontsCachedIn(null)).toBe(false);
    expect(fontsCachedIn("lang=th")).toBe(false);
    expect(fontsCachedIn("fonts=1")).toBe(true);
    expect(fontsCachedIn("lang=th; fonts=1; dptech.session_token=abc")).toBe(true);
    expect(fontsCachedIn("myfonts=1; fonts=0")).toBe(false);
  });

  it("fetches exactly the faces it is given, and writes the cookie the server reads", () => {
    const script = fontsLaterScript(["/assets/a.woff2", "/assets/b.woff2"]);
    expect(script).toContain('["/assets/a.woff2","/assets/b.woff2"]');
    const cookie = /document\.cookie = "([^"]+)"/.exec(script)?.[1] ?? "";
    expect(fontsCachedIn(cookie.split(";")[0]!)).toBe(true);
    expect(cookie).toContain("max-age=31536000");
  });
});
