import { chmod, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A new temporary folder for an embedded PostgreSQL data folder. mkdtemp makes it mode 0700;
 * run as root, PostgreSQL runs as the `postgres` user, which must pass through it, and the
 * server no longer changes folder modes itself: the test opens its own folder for passing
 * through (not for listing or reading).
 */
export async function tempFolderForPostgres(prefix: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), prefix));
  await chmod(folder, 0o711);
  return folder;
}
