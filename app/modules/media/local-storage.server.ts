import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { DELETED_UPLOADS_FOLDER } from "~/lib/deleted-uploads";

/**
 * Where uploaded files live: one interface, whether a folder on this machine or an
 * S3-compatible bucket (s3-storage.server.ts); storage.server.ts picks one from the settings.
 */
export interface FileStorage {
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
  /** The address browsers load the file from: /media/<key>, or the bucket's public URL. */
  urlOf(key: string): string;
}

/** Keys are relative paths such as avatars/abc.webp; nothing else may reach the backends. */
export const SAFE_STORAGE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

const MEDIA_TYPES: Record<string, string> = {
  webp: "image/webp",
  avif: "image/avif",
  jpg: "image/jpeg",
  png: "image/png",
};

/** The content type of a stored file by its key's extension; null for a kind never stored. */
export function mediaTypeOf(key: string): string | null {
  return MEDIA_TYPES[key.split(".").pop() ?? ""] ?? null;
}

/** Whether a key (e.g. from a URL) is one a file could be stored under. */
export function isSafeKey(key: string): boolean {
  return SAFE_STORAGE_KEY.test(key) && !key.includes("..");
}

export function assertSafeKey(key: string): void {
  // Keys come from our own code, but a path must never escape the folder or the bucket.
  if (!isSafeKey(key)) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}

/**
 * Removed files are kept for a while under `<root>/.deleted/<UTC hour>/<key>` (never served:
 * a key cannot start with a dot). A backup copies the uploads after the database, so a photo
 * removed while it runs would otherwise be missing from it while a restored row still names
 * it; restoring puts such files back (restoreDeletedUploads in app/db/backup.server.ts).
 * Anything kept longer than this is purged.
 */
const KEEP_DELETED_HOURS = 48;
const PURGE_EVERY_MS = 60 * 60 * 1000;

function hourBucket(at: Date): string {
  return at.toISOString().slice(0, 13).replace(/[-T]/g, "");
}

/** Deletes the hour folders of removed files older than KEEP_DELETED_HOURS. */
export async function purgeDeletedUploads(root: string, now = new Date()): Promise<void> {
  const oldest = hourBucket(new Date(now.getTime() - KEEP_DELETED_HOURS * 60 * 60 * 1000));
  const buckets = await readdir(path.join(root, DELETED_UPLOADS_FOLDER)).catch(
    () => [] as string[],
  );
  for (const bucket of buckets) {
    if (/^\d{10}$/.test(bucket) && bucket < oldest) {
      await rm(path.join(root, DELETED_UPLOADS_FOLDER, bucket), { recursive: true, force: true });
    }
  }
}

/** Files under `<DATA_DIR>/uploads`, served by the /media route. */
export function createLocalStorage(
  root: string,
  clock: () => Date = () => new Date(),
): FileStorage {
  let lastPurge = 0;
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
    },
    async get(key) {
      try {
        return await readFile(resolve(key));
      } catch {
        return null;
      }
    },
    async remove(key) {
      const file = resolve(key);
      const now = clock();
      const kept = path.join(root, DELETED_UPLOADS_FOLDER, hourBucket(now), key);
      await mkdir(path.dirname(kept), { recursive: true });
      await rename(file, kept).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
      });
      if (now.getTime() - lastPurge > PURGE_EVERY_MS) {
        lastPurge = now.getTime();
        await purgeDeletedUploads(root, now);
      }
    },
    urlOf(key) {
      assertSafeKey(key);
      return `/media/${key}`;
    },
  };
}
