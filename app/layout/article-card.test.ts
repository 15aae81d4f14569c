import { describe, expect, it } from "vitest";
import { articleCardOf } from "./article-card.server";

describe("articleCardOf", () => {
  const article = {
    slug: "ai",
    title: "กล้อง AI",
    description: "ตรวจชิ้นงาน",
    category: "ai-camera",
    cover: "/images/articles/ai.svg",
    // 00:30 on 12 January in Bangkok, still the 11th in UTC.
    publishedAt: new Date("2026-01-11T17:30:00Z"),
  };

  it("gives the card its picture and the Bangkok day, written in the page's language", () => {
    expect(articleCardOf(article, "th")).toEqual({
      slug: "ai",
      title: "กล้อง AI",
      description: "ตรวจชิ้นงาน",
      category: "ai-camera",
      cover: {
        src: "/images/articles/ai.1200.webp",
        srcSet:
          "/images/articles/ai.600.webp 600w, /images/articles/ai.800.webp 800w, " +
          "/images/articles/ai.1200.webp 1200w",
      },
      published: { iso: "2026-01-12", text: "12 มกราคม 2569" },
    });
    expect(articleCardOf(article, "en").published).toEqual({
      iso: "2026-01-12",
      text: "12 January 2026",
    });
  });

  it("leaves an uploaded cover's address as it is", () => {
    const uploaded = { ...article, cover: "/media/content/3d22544d.webp" };
    expect(articleCardOf(uploaded, "th").cover).toEqual({ src: "/media/content/3d22544d.webp" });
  });
});
