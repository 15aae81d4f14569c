import { describe, expect, it } from "vitest";
import { MAX_PAGE, PAGE_SIZE, pageWindow, readPageNumber } from "./paging";

const pageOf = (query: string) => readPageNumber(new URLSearchParams(query));

describe("readPageNumber", () => {
  it("reads an ordinary page", () => {
    expect(pageOf("page=3")).toBe(3);
  });

  it("gives page 1 for a missing, empty, negative, zero or non-numeric page", () => {
    for (const query of ["", "page=", "page=abc", "page=-5", "page=0", "page=1e9", "page=2.5"]) {
      expect(pageOf(query)).toBe(1);
    }
    expect(pageOf("page=99999999999")).toBe(1);
  });

  it("never asks the database for an offset deeper than MAX_PAGE pages", () => {
    expect(pageOf("page=999999")).toBe(MAX_PAGE);
    const { offset } = pageWindow(pageOf("page=999999"));
    expect(offset).toBe((MAX_PAGE - 1) * PAGE_SIZE);
    expect(offset).toBeLessThanOrEqual(10_000);
  });
});
