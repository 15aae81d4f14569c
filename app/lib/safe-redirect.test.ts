import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it.each(["/", "/contact", "/article/ai?x=1#top", "/shophub/members?page=2"])(
    "accepts the same-site path %s",
    (path) => {
      expect(safeRedirectPath(path)).toBe(path);
    },
  );
  it.each([
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "",
    "/\nx",
    "/\t/evil.example",
    // Paths that only become protocol-relative once normalised (dot segments, also encoded).
    "/.//evil.example",
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
    "/a/..//evil.example/steal?x=1",
  ])("refuses %j", (path) => {
    expect(safeRedirectPath(path)).toBe("/");
  });
  it("answers the normalised path, so a caller's own parse sees the same place", () => {
    expect(safeRedirectPath("/shophub/./x/../members")).toBe("/shophub/members");
    expect(safeRedirectPath("/search/ค้นหา")).toBe(new URL("/search/ค้นหา", "http://x").pathname);
  });
  it("refuses missing values", () => {
    expect(safeRedirectPath(null)).toBe("/");
  });
});
