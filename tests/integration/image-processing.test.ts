import { crc32 } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ImageRejectedError, processSquareImage } from "~/modules/media/index.server";

/** A PNG whose header claims width x height pixels, with almost no data behind it. */
function pngHeaderOnly(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** 200 x 200: red on the left, blue on the right. */
async function twoColours() {
  const red = await sharp({
    create: { width: 100, height: 200, channels: 3, background: "#ff0000" },
  })
    .png()
    .toBuffer();
  return sharp({
    create: { width: 200, height: 200, channels: 3, background: "#0000ff" },
  }).composite([{ input: red, left: 0, top: 0 }]);
}

async function rejection(input: Uint8Array) {
  try {
    await processSquareImage(input, 256);
  } catch (error) {
    if (error instanceof ImageRejectedError) return error.reason;
    throw error;
  }
  return "accepted";
}

describe("image processing", () => {
  it("turns a PNG and a WebP into square WebP images", async () => {
    for (const format of ["png", "webp"] as const) {
      const input = await (await twoColours())[format]().toBuffer();
      const output = await processSquareImage(input, 256);
      const meta = await sharp(output).metadata();
      expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
    }
  });

  it("refuses a text file renamed .jpg, judging by the content", async () => {
    expect(await rejection(new TextEncoder().encode("นี่ไม่ใช่รูปภาพ แค่ข้อความที่ตั้งชื่อว่า photo.jpg"))).toBe(
      "not-image",
    );
    expect(await rejection(new Uint8Array())).toBe("not-image");
  });

  it("refuses a decompression bomb before decoding it", async () => {
    expect(await rejection(pngHeaderOnly(100_000, 100_000))).toBe("too-many-pixels");
  });

  it("strips EXIF, GPS included, and applies the EXIF orientation", async () => {
    const input = await (
      await twoColours()
    )
      .withMetadata({ orientation: 3 })
      .withExifMerge({
        IFD0: { Make: "TestCam" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "13/1 45/1 0/1",
          GPSLongitudeRef: "E",
          GPSLongitude: "100/1 30/1 0/1",
        },
      })
      .jpeg()
      .toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(3);
    expect(input.includes(Buffer.from("TestCam"))).toBe(true);
    const output = await processSquareImage(input, 200);
    const meta = await sharp(output).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(output.includes(Buffer.from("TestCam"))).toBe(false);
    // Orientation 3 means "rotate 180°": the red half must now be on the right.
    const { data, info } = await sharp(output).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray(
        (y * info.width + x) * info.channels,
        (y * info.width + x) * info.channels + 3,
      ),
    ];
    expect(pixel(10, 100)[2]).toBeGreaterThan(200);
    expect(pixel(190, 100)[0]).toBeGreaterThan(200);
  });
});
