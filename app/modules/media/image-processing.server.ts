import sharp, { type Metadata } from "sharp";

/** Formats we accept, recognised from the file's bytes (never from its name or declared type). */
export const ACCEPTED_IMAGE_FORMATS = ["jpeg", "png", "webp", "avif", "heif"] as const;
/** Larger images would need too much memory to decode (decompression bombs). */
export const MAX_IMAGE_PIXELS = 50_000_000;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/**
 * Why an image was refused; the routes say it in the visitor's language
 * (app/routes/errors.server.ts).
 */
export type ImageRejection = "not-image" | "too-large" | "too-many-pixels";

export class ImageRejectedError extends Error {
  // A plain field rather than a parameter property: Node's type stripping (bench/) cannot run those.
  readonly reason: ImageRejection;
  constructor(reason: ImageRejection) {
    super(reason);
    this.name = "ImageRejectedError";
    this.reason = reason;
  }
}

/**
 * Reads only the header of `input` and refuses what we will not decode: anything that is not
 * one of the accepted formats, too many bytes, or too many pixels.
 */
async function inspectImage(input: Uint8Array): Promise<Metadata> {
  if (input.byteLength === 0) throw new ImageRejectedError("not-image");
  if (input.byteLength > MAX_IMAGE_BYTES) throw new ImageRejectedError("too-large");
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejectedError("not-image");
  }
  if (
    !metadata.format ||
    !(ACCEPTED_IMAGE_FORMATS as readonly string[]).includes(metadata.format)
  ) {
    throw new ImageRejectedError("not-image");
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_IMAGE_PIXELS) {
    throw new ImageRejectedError("too-many-pixels");
  }
  return metadata;
}

/**
 * Checks that `input` really is a supported image of a sane size, turns it upright (EXIF
 * orientation), and returns a square WebP of `size` pixels with every piece of metadata
 * (GPS included) left behind.
 */
export async function processSquareImage(input: Uint8Array, size: number): Promise<Buffer> {
  await inspectImage(input);
  try {
    return await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize(size, size, { fit: "cover", position: "attention" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new ImageRejectedError("not-image");
  }
}

/**
 * Checks `input` like processSquareImage and returns a small greyscale PNG for printing on a
 * thermal receipt: turned upright, transparency laid on white paper, no wider than `maxWidth`
 * nor taller than `maxHeight` pixels (never enlarged), one grey channel, no metadata. Grey
 * rather than black-and-white: the printer's raster code dithers it to dots for its own
 * resolution, and the A4 invoice shows it as it is.
 */
export async function processPrintLogo(
  input: Uint8Array,
  maxWidth: number,
  maxHeight: number,
): Promise<Buffer> {
  await inspectImage(input);
  try {
    return await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize(maxWidth, maxHeight, { fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .toColourspace("b-w")
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    throw new ImageRejectedError("not-image");
  }
}

export interface ImageVariant {
  name: string;
  /** The longer side is at most this many pixels (never enlarged). */
  maxSize: number;
  quality: number;
}

export interface ProcessedImage {
  /** Size of the upright image before resizing. */
  width: number;
  height: number;
  variants: { name: string; width: number; height: number; webp: Buffer }[];
}

/**
 * Checks `input` like processSquareImage, then decodes it once, upright and no larger than the
 * biggest variant, and encodes each variant from those pixels as WebP without any metadata.
 */
export async function processImageVariants(
  input: Uint8Array,
  variants: readonly ImageVariant[],
): Promise<ProcessedImage> {
  const metadata = await inspectImage(input);
  const largest = Math.max(...variants.map((v) => v.maxSize));
  try {
    // One decode: JPEG and WebP shrink while loading, so a 12-megapixel photo is cheap here.
    const { data, info } = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize(largest, largest, { fit: "inside", withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    const encoded = await Promise.all(
      variants.map(async (variant) => {
        const { data: webp, info: out } = await sharp(data, { raw })
          .resize(variant.maxSize, variant.maxSize, { fit: "inside", withoutEnlargement: true })
          // Effort 2 of 6: about 2.5x faster than the default 4 on a 1600 px photo, for
          // files a few per cent larger (measured with bench/listings.ts).
          .webp({ quality: variant.quality, effort: 2 })
          .toBuffer({ resolveWithObject: true });
        return { name: variant.name, width: out.width, height: out.height, webp };
      }),
    );
    // EXIF orientations 5–8 swap width and height.
    const swapped = (metadata.orientation ?? 1) >= 5;
    return {
      width: swapped ? (metadata.height ?? info.height) : (metadata.width ?? info.width),
      height: swapped ? (metadata.width ?? info.width) : (metadata.height ?? info.height),
      variants: encoded,
    };
  } catch {
    throw new ImageRejectedError("not-image");
  }
}
