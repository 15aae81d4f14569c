/**
 * Which picture format a file's first bytes say it is, for the formats the server's image
 * processing (sharp) reads: JPEG, PNG, WebP and AVIF. Browsers use it to refuse a file that
 * only carries an image name (a text file renamed .jpg) before it becomes a preview or a
 * cover; the server still decodes every upload, since a browser check can be skipped.
 */
export type ImageFormat = "jpeg" | "png" | "webp" | "avif";

/** How many leading bytes imageFormatOf needs. */
export const IMAGE_SIGNATURE_BYTES = 16;

/** Image types a file input may offer; HEIC is left out so that iPhones send JPEG. */
export const ACCEPTED_IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/avif";

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

export function imageFormatOf(bytes: Uint8Array): ImageFormat | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  // ISO base media: a box "ftyp" whose major brand is AVIF (still or sequence).
  if (ascii(bytes, 4, 8) === "ftyp" && ["avif", "avis"].includes(ascii(bytes, 8, 12))) {
    return "avif";
  }
  return null;
}

/** Reads only the first bytes of a picked file. */
export async function imageFormatOfFile(file: Blob): Promise<ImageFormat | null> {
  const head = await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer();
  return imageFormatOf(new Uint8Array(head));
}
