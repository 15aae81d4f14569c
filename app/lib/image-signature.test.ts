import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { imageFormatOf, imageFormatOfFile } from "./image-signature";

async function encoded(format: "jpeg" | "png" | "webp" | "avif"): Promise<Uint8Array<ArrayBuffer>> {
  const image = sharp({ create: { width: 4, height: 4, channels: 3, background: "#0d47a1" } });
  return Uint8Array.from(await image.toFormat(format).toBuffer());
}

describe("picture format from a file's first bytes", () => {
  it.each(["jpeg", "png", "webp", "avif"] as const)("recognises real %s files", async (format) => {
    expect(imageFormatOf(await encoded(format))).toBe(format);
    expect(await imageFormatOfFile(new Blob([await encoded(format)]))).toBe(format);
  });

  it("refuses a text file named like a picture, an empty file, and formats the server cannot read", async () => {
    const text = new File(["สวัสดีครับ this is not a photo"], "photo.jpg", { type: "image/jpeg" });
    expect(await imageFormatOfFile(text)).toBeNull();
    expect(await imageFormatOfFile(new Blob([]))).toBeNull();
    const gif = new TextEncoder().encode("GIF89a\x01\x00\x01\x00");
    expect(imageFormatOf(gif)).toBeNull();
    // An iPhone HEIC photo: ftyp box with brand "heic".
    const heic = Uint8Array.from([0, 0, 0, 24, ...new TextEncoder().encode("ftypheic\0\0\0\0")]);
    expect(imageFormatOf(heic)).toBeNull();
  });
});
