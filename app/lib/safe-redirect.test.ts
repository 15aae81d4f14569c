import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it.each(["/", "/contact", "/article/ai?x=1#top"])("accepts the same-site path %s", (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });
  it.each([
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "",
    "/\nx",
  ])("refuses %j", (path) => {
    expect(safeRedirectPath(path)).toBe("/");
  });
  it("refuses missing values", () => {
    expect(safeRedirectPath(null)).toBe("/");
  });
});
