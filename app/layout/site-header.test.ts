import { describe, expect, it } from "vitest";
import { illustrationImage } from "~/lib/illustrations";
import { LOGO_MARK_PICTURE } from "./site-header";

describe("the header's logo mark", () => {
  it("is written out as the pictures the build makes of public/images/brand/logo-mark.svg", () => {
    expect(LOGO_MARK_PICTURE).toEqual(illustrationImage("/images/brand/logo-mark.svg"));
  });
});
