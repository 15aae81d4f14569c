import { describe, expect, it } from "vitest";
import { planPhotos } from "./photo-plan";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};
const stored = [
  { id: "a", isCover: true },
  { id: "b", isCover: false },
];

describe("photo plan", () => {
  it("appends new photos and keeps the cover when the form says nothing (no JavaScript)", () => {
    expect(planPhotos(stored, 2, form([]))).toEqual({
      ok: true,
      plan: {
        order: [
          { kind: "existing", id: "a" },
          { kind: "existing", id: "b" },
          { kind: "new", index: 0 },
          { kind: "new", index: 1 },
        ],
        cover: { kind: "existing", id: "a" },
        removed: [],
      },
    });
  });

  it("follows the order fields, the removals and the chosen cover", () => {
    const result = planPhotos(
      stored,
      1,
      form([
        ["photoPos.n-0", "0"],
        ["photoPos.e-b", "1"],
        ["photoRemove", "e-a"],
        ["cover", "e-b"],
      ]),
    );
    expect(result).toEqual({
      ok: true,
      plan: {
        order: [
          { kind: "new", index: 0 },
          { kind: "existing", id: "b" },
        ],
        cover: { kind: "existing", id: "b" },
        removed: ["a"],
      },
    });
  });

  it("makes the first photo the cover of a new listing and refuses a thirteenth photo", () => {
    const fresh = planPhotos([], 3, form([]));
    expect(fresh.ok && fresh.plan.cover).toEqual({ kind: "new", index: 0 });
    expect(planPhotos(stored, 11, form([]))).toEqual({
      ok: false,
      error: "too-many-photos",
    });
  });
});
