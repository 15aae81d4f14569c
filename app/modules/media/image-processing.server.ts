import sharp, { type Metadata } from "sharp";
import type { MessageKey } from "~/lib/i18n";

/** Formats we accept, recognised from the file's bytes (never from its name or declared type). */
export const ACCEPTED_IMAGE_FORMATS = ["jpeg", "png", "webp", "avif", "heif"] as const;
/** Larger images would need too much memory to decode (decompression bombs). */
export const MAX_IMAGE_PIXELS = 50_000_000;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export class ImageRejectedError extends Error {
  constructor(readonly reason: MessageKey) {
    super(reason);
    this.name = "ImageRejectedError";
  }
}

/**
 * Checks that `input` really is a supported image of a sane size, turns it upright (EXIF
 * orientation), and returns a square WebP of `size` pixels with every piece of metadata
 * (GPS included) left behind.
 */
export async function processSquareImage(input: Uint8Array, size: number): Promise<Buffer> {
  if (input.byteLength === 0) throw new ImageRejectedError("media.error.notImage");
  if (input.byteLength > MAX_IMAGE_BYTES) throw new ImageRejectedError("media.error.tooLarge");
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejectedError("media.error.notImage");
  }
  if (
    !metadata.format ||
    !(ACCEPTED_IMAGE_FORMATS as readonly string[]).includes(metadata.format)
  ) {
    throw new ImageRejectedError("media.error.notImage");
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_IMAGE_PIXELS) {
    throw new ImageRejectedError("media.error.tooManyPixels");
  }
  try {
    return await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize(size, size, { fit: "cover", position: "attention" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new ImageRejectedError("media.error.notImage");
  }
}
