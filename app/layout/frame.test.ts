import { describe, expect, it } from "vitest";
import { frameOf } from "./frame";

describe("a page's frame", () => {
  it("is the site's unless a matched route asks for another, the deepest one winning", () => {
    expect(frameOf([{ handle: undefined }, { handle: { stylesheet: "till" } }])).toBe("site");
    expect(frameOf([{ handle: undefined }, { handle: { frame: "counter" } }])).toBe("counter");
    expect(frameOf([{ handle: { frame: "counter" } }, { handle: { frame: "none" } }])).toBe("none");
  });
});
