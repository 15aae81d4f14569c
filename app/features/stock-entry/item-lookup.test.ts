import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { debounce, lookupKey, suggestionQuery, textsToLookUp } from "./item-lookup";

describe("which typed texts are looked up", () => {
  it("asks each text once, whatever its case or spaces, and never a blank one", () => {
    expect(textsToLookUp(["  SKU-1 ", "sku-1", "", "   ", "น้ำดื่ม"], 1, () => false)).toEqual([
      "SKU-1",
      "น้ำดื่ม",
    ]);
  });

  it("skips texts already known or asked for this version of the page's data", () => {
    const known = new Set([lookupKey(1, "SKU-1")]);
    expect(textsToLookUp(["sku-1 ", "SKU-2"], 1, (key) => known.has(key))).toEqual(["SKU-2"]);
    // After a live stock event the data is new: quantities looked up before are stale.
    expect(textsToLookUp(["sku-1"], 2, (key) => known.has(key))).toEqual(["sku-1"]);
  });

  it("keys a text by its version and its trimmed lower case", () => {
    expect(lookupKey(7, "  AbC ")).toBe("7|abc");
    expect(lookupKey(7, "abc")).not.toBe(lookupKey(8, "abc"));
  });
});

describe("suggestions while typing", () => {
  it("start at two characters", () => {
    expect(suggestionQuery("a")).toBeNull();
    expect(suggestionQuery("  a  ")).toBeNull();
    expect(suggestionQuery(" ab ")).toBe("ab");
    expect(suggestionQuery("น้ำ")).toBe("น้ำ");
  });

  describe("are asked once typing pauses", () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it("runs once with the last text, and not at all when cancelled", () => {
      const asked: string[] = [];
      const ask = debounce((q: string) => asked.push(q), 250);
      ask.call("na");
      vi.advanceTimersByTime(100);
      ask.call("nam");
      vi.advanceTimersByTime(249);
      expect(asked).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(asked).toEqual(["nam"]);

      ask.call("namt");
      ask.cancel();
      vi.runAllTimers();
      expect(asked).toEqual(["nam"]);
    });
  });
});
