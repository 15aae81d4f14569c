import type { Auth } from "./auth.server";
import {
  type FileStorage,
  type ImageRejection,
  processSquareImage,
  storeImage,
} from "~/modules/media/index.server";

export const AVATAR_SIZE = 256;

/**
 * Stores a new profile photo (media's storeImage): checked by content, turned upright, cropped
 * square, re-encoded as WebP without metadata; the previous photo is removed.
 */
export async function setProfilePhoto(
  auth: Auth,
  storage: FileStorage,
  member: { id: string; image: string | null },
  file: File,
  headers: Headers,
): Promise<{ ok: true; url: string } | { ok: false; error: ImageRejection }> {
  const stored = await storeImage(storage, file, {
    process: (input) => processSquareImage(input, AVATAR_SIZE),
    format: "webp",
    keyOf: (name) => `avatars/${member.id}-${name}`,
  });
  if (!stored.ok) return stored;
  const key = stored.key;
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
