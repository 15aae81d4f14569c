import { createHash, randomBytes } from "node:crypto";
import {
  ImageRejectedError,
  type ImageRejection,
  MAX_IMAGE_BYTES,
} from "./image-processing.server";
import type { FileStorage } from "./local-storage.server";

/** What storing an uploaded image gives: its key, or why the image was refused. */
export type StoredImage = { ok: true; key: string } | { ok: false; error: ImageRejection };

/** How one kind of image (an item photo, a receipt logo, …) is made and where it is kept. */
export interface ImageKind {
  /**
   * Checks the uploaded bytes and makes the file to keep (processSquareImage, processPrintLogo,
   * processImageVariants): throws ImageRejectedError for what is not a sane image.
   */
  process: (input: Uint8Array) => Promise<Buffer>;
  /** The kept file's format: its name's ending and its Content-Type. */
  format: "webp" | "png";
  /** The key of the file named `name` (items/<shopId>/<name>, private/logos/<shopId>/<name>, …). */
  keyOf: (name: string) => string;
}

/**
 * Stores an uploaded image once for every kind: refused over MAX_IMAGE_BYTES before it is read,
 * checked by its bytes (never its name or declared type) and made by `kind.process`, then kept
 * under a name of its content hash and a random part. The key is unique per upload, so two
 * uploads of the same picture are two files (removing one never removes the other) and a page
 * cached with an old file's address never shows the new one by mistake.
 */
export async function storeImage(
  storage: FileStorage,
  file: File,
  kind: ImageKind,
): Promise<StoredImage> {
  if (file.size > MAX_IMAGE_BYTES) return { ok: false, error: "too-large" };
  let made: Buffer;
  try {
    made = await kind.process(new Uint8Array(await file.arrayBuffer()));
  } catch (error) {
    if (error instanceof ImageRejectedError) return { ok: false, error: error.reason };
    throw error;
  }
  const hash = createHash("sha256").update(made).digest("hex").slice(0, 16);
  const key = kind.keyOf(`${hash}-${randomBytes(4).toString("hex")}.${kind.format}`);
  await storage.put(key, made, `image/${kind.format}`);
  return { ok: true, key };
}

/** Deletes a stored image, only when its key starts with `prefix` (a key its kind wrote). */
export async function removeStoredImage(
  storage: FileStorage,
  key: string | null | undefined,
  prefix: string,
): Promise<void> {
  if (key?.startsWith(prefix)) await storage.remove(key);
}

/** Where the browser loads a stored image from (/media/…, or the bucket's public address). */
export function storedImageUrl(
  storage: FileStorage,
  key: string | null | undefined,
): string | null {
  return key ? storage.urlOf(key) : null;
}
