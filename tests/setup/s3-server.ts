import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/**
 * A real S3 server in this process (s3rver) with one empty bucket, for the storage tests; it
 * does not check signatures. `close` stops it and removes its folder.
 */
export async function startS3Server(
  bucket: string,
): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), "dptech-s3rver-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: folder,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: async () => {
      await server.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
