import { expect, it } from "vitest";
import { truncateText } from "./truncate-text";

it("cuts at whole characters, never inside an emoji", () => {
  const cut = truncateText("ab😀😀", 3);
  expect(cut).toBe("ab😀");
  expect(() => encodeURIComponent(cut)).not.toThrow();
  expect(truncateText("บ้าน", 10)).toBe("บ้าน");
});
