import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/** Where uploaded files live: one interface, so another backend (S3) can replace the folder. */
export interface FileStorage {
  put(key: string, data: Uint8Array): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** Files under `<DATA_DIR>/uploads`; keys are relative paths such as avatars/abc.webp. */
export function createLocalStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    // Keys come from our own code, but a path must never escape the folder.
    if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`unsafe storage key: ${key}`);
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
  };
}
