import { describe, expect, it } from "vitest";
import { pageHref, pageNumbers } from "./pagination";

describe("pagination", () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, 3, 4, 5]],
    [3, 10, [1, 2, 3, 4, 5]],
    [4, 10, [2, 3, 4, 5, 6]],
    [9, 10, [6, 7, 8, 9, 10]],
    [10, 10, [6, 7, 8, 9, 10]],
    [50, 10, [6, 7, 8, 9, 10]],
    [0, 10, [1, 2, 3, 4, 5]],
  ])("page %i of %i links %j", (current, count, expected) => {
    expect(pageNumbers(current, count)).toEqual(expected);
  });

  it("keeps the other query parameters and drops page=1", () => {
    expect(pageHref("/admin/users", "?q=som&page=2", 3)).toBe("/admin/users?q=som&page=3");
    expect(pageHref("/admin/users", "?q=som&page=2", 1)).toBe("/admin/users?q=som");
    expect(pageHref("/admin/outbox", "", 1)).toBe("/admin/outbox");
  });
});
