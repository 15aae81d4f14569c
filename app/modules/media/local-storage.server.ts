import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

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

export function assertSafeKey(key: string): void {
  // Keys come from our own code, but a path must never escape the folder or the bucket.
  if (!SAFE_STORAGE_KEY.test(key) || key.includes("..")) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}

/** Files under `<DATA_DIR>/uploads`, served by the /media route. */
export function createLocalStorage(root: string): FileStorage {
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
      await rm(resolve(key), { force: true });
    },
    urlOf(key) {
      assertSafeKey(key);
      return `/media/${key}`;
    },
  };
}
