import { describe, expect, it } from "vitest";
import { isCurrent } from "./site-link";

describe("isCurrent (NavLink's rule for the frame's links)", () => {
  it("marks the link's own address, with or without a query or #fragment on the link", () => {
    expect(isCurrent("/storehub", "/storehub", true)).toBe(true);
    expect(isCurrent("/shophub/sell", "/shophub/sell?shop=abc", true)).toBe(true);
    expect(isCurrent("/article", "/article#top", false)).toBe(true);
  });

  it("marks an address below the link's unless `end`, and never a mere prefix of a segment", () => {
    expect(isCurrent("/article/ai", "/article", false)).toBe(true);
    expect(isCurrent("/article/ai", "/article", true)).toBe(false);
    expect(isCurrent("/articles", "/article", false)).toBe(false);
    expect(isCurrent("/storehub/inout", "/storehub/", false)).toBe(true);
  });

  it("treats the home page's link as current on the home page only", () => {
    expect(isCurrent("/", "/", false)).toBe(true);
    expect(isCurrent("/contact", "/", false)).toBe(false);
    expect(isCurrent("/contact", "/", true)).toBe(false);
  });

  it("ignores letter case, as React Router's matching does", () => {
    expect(isCurrent("/Article/AI", "/article", false)).toBe(true);
  });
});
