import { describe, expect, it } from "vitest";
import { formatMessage, placeholderNames, pluralsOf } from "./format-message";
import { serverTranslate } from "./messages.server";

const LISTINGS = "{count, plural, one {# listing} other {# listings}}";

describe("plural messages", () => {
  it("picks the English singular for 1 and the plural for 0, 2 and thousands", () => {
    expect(formatMessage(LISTINGS, { count: 0 }, "en")).toBe("0 listings");
    expect(formatMessage(LISTINGS, { count: 1 }, "en")).toBe("1 listing");
    expect(formatMessage(LISTINGS, { count: 2 }, "en")).toBe("2 listings");
    expect(formatMessage(LISTINGS, { count: 12500 }, "en")).toBe("12,500 listings");
  });

  it("has one form in Thai, with the number grouped", () => {
    const text = "{count, plural, other {# รายการ}}";
    expect(formatMessage(text, { count: 1 }, "th")).toBe("1 รายการ");
    expect(formatMessage(text, { count: 2 }, "th")).toBe("2 รายการ");
    expect(formatMessage(text, { count: 12500 }, "th")).toBe("12,500 รายการ");
    // A Thai text read with English rules (the bundled Thai fallback) still finds its form.
    expect(formatMessage(text, { count: 1 }, "en")).toBe("1 รายการ");
  });

  it("prefers an exact =N branch and fills other placeholders inside a branch", () => {
    const text =
      "{count, plural, =0 {No accounts match “{q}”} one {# account matches “{q}”} other {# accounts match “{q}”}}";
    expect(formatMessage(text, { count: 0, q: "nid" }, "en")).toBe("No accounts match “nid”");
    expect(formatMessage(text, { count: 1, q: "nid" }, "en")).toBe("1 account matches “nid”");
    expect(formatMessage(text, { count: 3, q: "nid" }, "en")).toBe("3 accounts match “nid”");
  });

  it("keeps the text around the plural and plain placeholders as before", () => {
    expect(
      formatMessage(
        "{count, plural, one {# problem} other {# problems}} found in {file}.",
        { count: 1, file: "a.csv" },
        "en",
      ),
    ).toBe("1 problem found in a.csv.");
    expect(formatMessage("Page {n} of {total}", { n: 2 }, "en")).toBe("Page 2 of {total}");
  });

  it("shows a count that arrives already formatted as given, in its right form", () => {
    expect(formatMessage(LISTINGS, { count: "1" }, "en")).toBe("1 listing");
    expect(formatMessage(LISTINGS, { count: "1,001" }, "en")).toBe("1,001 listings");
  });

  it("names the placeholders of a message, plural arguments included", () => {
    expect(
      placeholderNames("{count, plural, one {# account matches “{q}”} other {# accounts}}"),
    ).toEqual(["count", "q"]);
    expect(placeholderNames("โทร {phone}")).toEqual(["phone"]);
    expect(pluralsOf(LISTINGS)).toEqual([{ name: "count", selectors: ["one", "other"] }]);
    // A plural written wrongly is named so that the text check reports it.
    expect(placeholderNames("{count, plural, one {# {a {b}}} other {#}}")).toContain("plural?");
  });

  it("reads the site's count phrases in both languages", () => {
    expect(serverTranslate("en")("listings.count", { count: 1 })).toBe("1 listing");
    expect(serverTranslate("en")("listings.count", { count: 2 })).toBe("2 listings");
    expect(serverTranslate("en")("listings.count", { count: 0 })).toBe("0 listings");
    expect(serverTranslate("th")("listings.count", { count: 1 })).toBe("ทั้งหมด 1 ประกาศ");
    expect(serverTranslate("th")("listings.count", { count: 2500 })).toBe("ทั้งหมด 2,500 ประกาศ");
    expect(serverTranslate("en")("storehub.import.confirm", { count: 1 })).toBe(
      "Yes, import 1 item",
    );
    expect(serverTranslate("en")("storehub.import.confirm", { count: 3 })).toBe(
      "Yes, import 3 items",
    );
  });
});

describe("plural forms and grouping, written out without Intl", () => {
  it("choose the form and group the digits as Intl does, in both languages", () => {
    const rules = { th: new Intl.PluralRules("th-TH"), en: new Intl.PluralRules("en-GB") };
    const grouping = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 });
    const message = "{n, plural, one {one #} other {other #}}";
    for (const n of [
      0, 1, 2, 3, 11, 21, 101, 999, 1000, 12_500, 1_000_000, 123_456_789, -1, -1234,
    ]) {
      for (const lang of ["th", "en"] as const) {
        expect(formatMessage(message, { n }, lang), `${lang} ${n}`).toBe(
          `${rules[lang].select(n)} ${grouping.format(n)}`,
        );
      }
    }
  });
});
