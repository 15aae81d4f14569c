import { describe, expect, it } from "vitest";
import { ILLUSTRATION_WIDTHS, illustrationImage, rasterPath } from "./illustrations";

describe("illustrationImage", () => {
  it("sends one of our SVG illustrations as its WebP pictures, widest as the fallback", () => {
    expect(illustrationImage("/images/banners/ai-camera.svg")).toEqual({
      src: "/images/banners/ai-camera.1600.webp",
      srcSet: "/images/banners/ai-camera.800.webp 800w, /images/banners/ai-camera.1600.webp 1600w",
    });
    expect(illustrationImage("/images/categories/machine-vision.svg")).toEqual({
      src: "/images/categories/machine-vision.960.webp",
      srcSet:
        "/images/categories/machine-vision.480.webp 480w, " +
        "/images/categories/machine-vision.760.webp 760w, " +
        "/images/categories/machine-vision.960.webp 960w",
    });
    // A phone's 412 CSS pixels at 1.75 device pixels take the 800, not the 1200.
    expect(illustrationImage("/images/articles/dpTechLaser.svg")).toEqual({
      src: "/images/articles/dpTechLaser.1200.webp",
      srcSet:
        "/images/articles/dpTechLaser.600.webp 600w, " +
        "/images/articles/dpTechLaser.800.webp 800w, " +
        "/images/articles/dpTechLaser.1200.webp 1200w",
    });
  });

  it("leaves every other picture as it is: uploads, other folders, other sites", () => {
    for (const src of [
      "/media/content/3d22544d.webp",
      "/images/shophub/till-th.webp",
      "/images/logo.svg",
      "/images/banners/../logo.svg",
      "/images/banners/ai camera.svg",
      "https://example.com/images/banners/ai-camera.svg",
      "/images/banners/ai-camera.svg?v=2",
    ]) {
      expect(illustrationImage(src), src).toEqual({ src });
    }
  });

  it("names each width's file after the drawing", () => {
    expect(rasterPath("articles", "ai", 600)).toBe("/images/articles/ai.600.webp");
    // Ascending: the last is the fallback, and a browser reads srcset in any order anyway.
    for (const widths of Object.values(ILLUSTRATION_WIDTHS))
      expect([...widths].sort((a, b) => a - b)).toEqual([...widths]);
  });
});
