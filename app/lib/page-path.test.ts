import { describe, expect, it } from "vitest";
import { pagePath } from "./page-path";

describe("pagePath", () => {
  it.each([
    ["http://x/admin/users?q=a", "/admin/users?q=a"],
    ["http://x/admin/users.data?q=a&_routes=routes%2Fadmin%2Fusers", "/admin/users?q=a"],
    ["http://x/_root.data", "/"],
    ["http://x/user/profile.data", "/user/profile"],
  ])("%s is the page %s", (url, expected) => {
    expect(pagePath(new Request(url))).toBe(expected);
  });
});
