import { createHash } from "node:crypto";
import { AwsV4Signer } from "aws4fetch";
import { assertSafeKey, type FileStorage } from "./local-storage.server";
import { isPrivateKey, PRIVATE_FILE_CACHE } from "./private-files.server";

export interface S3StorageConfig {
  bucket: string;
  /** e.g. https://s3.ap-southeast-1.amazonaws.com, https://<account>.r2.cloudflarestorage.com, http://minio:9000 */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /**
   * Where browsers read the objects directly (a public bucket or a CDN); else /media proxies
   * them. A shop's private files (private/…) are always read through /media.
   */
  publicUrl?: string;
}

const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

/**
 * The object's URL: path style (`<endpoint>/<bucket>/<key>`) on a custom endpoint, which
 * every S3-compatible server understands; AWS's own virtual-hosted form otherwise.
 */
export function objectUrl(config: S3StorageConfig, key: string): string {
  const path = key.split("/").map(encodeURIComponent).join("/");
  if (config.endpoint) {
    return `${config.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(config.bucket)}/${path}`;
  }
  return `https://${config.bucket}.s3.${config.region}.amazonaws.com/${path}`;
}

/**
 * A request signed with AWS Signature Version 4. The payload is hashed and signed (not
 * "UNSIGNED-PAYLOAD"), which every S3-compatible server accepts, also over plain HTTP.
 * `datetime` (YYYYMMDDTHHMMSSZ) is only for the published test vectors.
 */
export async function signS3Request(
  credentials: { accessKeyId: string; secretAccessKey: string; region: string },
  request: {
    method: "GET" | "PUT" | "DELETE" | "HEAD";
    url: string;
    headers?: Record<string, string>;
    body?: Uint8Array;
    datetime?: string;
  },
): Promise<Request> {
  const body = request.body ? new Uint8Array(request.body) : undefined;
  const payloadHash = body ? createHash("sha256").update(body).digest("hex") : EMPTY_SHA256;
  const signer = new AwsV4Signer({
    method: request.method,
    url: request.url,
    headers: { ...request.headers, "x-amz-content-sha256": payloadHash },
    body,
    accessKeyId: credentials.accessKeyId,
    secretAccessKey: credentials.secretAccessKey,
    region: credentials.region,
    service: "s3",
    datetime: request.datetime,
    // Sign every header we send (aws4fetch leaves Range and a few others out by default).
    allHeaders: true,
  });
  const signed = await signer.sign();
  return new Request(signed.url, {
    method: signed.method,
    headers: signed.headers,
    body,
  });
}

/** Files as objects in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, …). */
export function createS3Storage(
  config: S3StorageConfig,
  fetchImpl: typeof fetch = fetch,
): FileStorage {
  const publicUrl = config.publicUrl?.replace(/\/+$/, "");
  const send = async (
    method: "GET" | "PUT" | "DELETE",
    key: string,
    init: { body?: Uint8Array; headers?: Record<string, string> } = {},
  ) => {
    assertSafeKey(key);
    const request = await signS3Request(config, { method, url: objectUrl(config, key), ...init });
    return fetchImpl(request, { signal: AbortSignal.timeout(30_000) });
  };
  const fail = async (what: string, key: string, response: Response) => {
    const detail = (await response.text().catch(() => "")).slice(0, 300);
    return new Error(`S3 ${what} ${key} failed: ${response.status} ${detail}`);
  };
  return {
    async put(key, data, contentType) {
      const response = await send("PUT", key, {
        body: data,
        headers: {
          "content-type": contentType,
          // Keys carry a fresh id, so an object never changes (see /media); a private file is
          // never kept by a shared cache, should the bucket ever answer for it.
          "cache-control": isPrivateKey(key)
            ? PRIVATE_FILE_CACHE
            : "public, max-age=31536000, immutable",
        },
      });
      if (!response.ok) throw await fail("PUT", key, response);
      await response.body?.cancel();
    },
    async get(key) {
      const response = await send("GET", key);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) throw await fail("GET", key, response);
      return Buffer.from(await response.arrayBuffer());
    },
    async remove(key) {
      const response = await send("DELETE", key);
      // Deleting what is not there is fine (S3 itself answers 204 either way).
      if (!response.ok && response.status !== 404) throw await fail("DELETE", key, response);
      await response.body?.cancel();
    },
    urlOf(key) {
      assertSafeKey(key);
      // A private file never gets the bucket's public address (decision 0061).
      return publicUrl && !isPrivateKey(key) ? `${publicUrl}/${key}` : `/media/${key}`;
    },
  };
}
