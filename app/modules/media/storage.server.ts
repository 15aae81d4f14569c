import path from "node:path";
import type { Env } from "~/lib/env.server";
import { createLocalStorage, type FileStorage } from "./local-storage.server";
import { createS3Storage } from "./s3-storage.server";

/** The bucket when S3_BUCKET is set, otherwise the uploads folder under DATA_DIR. */
export function createStorageFromEnv(env: Env): FileStorage {
  if (env.S3_BUCKET) {
    if (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) {
      throw new Error(
        "Invalid configuration: S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY",
      );
    }
    return createS3Storage({
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      publicUrl: env.S3_PUBLIC_URL,
    });
  }
  return createLocalStorage(path.join(env.dataDir, "uploads"));
}

/** The origin browsers load stored images from when it is not the site itself (for the CSP). */
export function storageImageOrigin(env: Env): string | undefined {
  return env.S3_BUCKET && env.S3_PUBLIC_URL ? new URL(env.S3_PUBLIC_URL).origin : undefined;
}
