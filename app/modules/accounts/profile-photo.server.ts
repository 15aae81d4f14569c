import { createHash } from "node:crypto";
import type { Auth } from "./auth.server";
import {
  type FileStorage,
  ImageRejectedError,
  type ImageRejection,
  MAX_IMAGE_BYTES,
  processSquareImage,
} from "~/modules/media/index.server";

export const AVATAR_SIZE = 256;

/**
 * Stores a new profile photo: checked by content, turned upright, cropped square, re-encoded
 * as WebP without metadata; the previous photo is removed.
 */
export async function setProfilePhoto(
  auth: Auth,
  storage: FileStorage,
  member: { id: string; image: string | null },
  file: File,
  headers: Headers,
): Promise<{ ok: true; url: string } | { ok: false; error: ImageRejection }> {
  if (file.size > MAX_IMAGE_BYTES) return { ok: false, error: "too-large" };
  let webp: Buffer;
  try {
    webp = await processSquareImage(new Uint8Array(await file.arrayBuffer()), AVATAR_SIZE);
  } catch (error) {
    if (error instanceof ImageRejectedError) return { ok: false, error: error.reason };
    throw error;
  }
  const hash = createHash("sha256").update(webp).digest("hex").slice(0, 16);
  const key = `avatars/${member.id}-${hash}.webp`;
  await storage.put(key, webp, "image/webp");
  const url = `/media/${key}`;
  await auth.api.updateUser({ body: { image: url }, headers });
  await removeOwnedPhoto(storage, member.image, url);
  return { ok: true, url };
}

/** Takes the photo off the profile and deletes the file. */
export async function removeProfilePhoto(
  auth: Auth,
  storage: FileStorage,
  member: { image: string | null },
  headers: Headers,
) {
  await auth.api.updateUser({ body: { image: null }, headers });
  await removeOwnedPhoto(storage, member.image, null);
}

async function removeOwnedPhoto(
  storage: FileStorage,
  previous: string | null,
  current: string | null,
) {
  if (previous && previous !== current && previous.startsWith("/media/avatars/")) {
    await storage.remove(previous.slice("/media/".length));
  }
}
