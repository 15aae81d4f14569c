import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createBackup, restoreBackup } from "~/db/backup.server";
import { startEmbeddedPostgres } from "~/db/embedded-postgres.server";
import { tempFolderForPostgres } from "../setup/temp-folder";

describe("backups of the embedded database", () => {
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it("keeps the newest N backups, refuses to restore over a running database, restores into a new folder", async () => {
    const folder = await tempFolderForPostgres("dptech-backup-keep-");
    folders.push(folder);
    const dataDir = path.join(folder, "data");
    const server = await startEmbeddedPostgres({ dataDir: path.join(dataDir, "postgres") });
    try {
      const client = new pg.Client(server.adminUrl);
      await client.connect();
      await client.query("CREATE TABLE kept (value text)");
      await client.query("INSERT INTO kept VALUES ('สำรองไว้')");
      await client.end();
      await mkdir(path.join(dataDir, "uploads", "avatars"), { recursive: true });
      await writeFile(path.join(dataDir, "uploads", "avatars", "a.webp"), "photo");

      const into = path.join(folder, "backups");
      const made: string[] = [];
      for (const hour of [1, 2, 3]) {
        made.push(
          await createBackup({
            dataDir,
            into,
            keep: 2,
            now: new Date(`2026-11-23T0${hour}:00:00Z`),
          }),
        );
      }
      expect((await readdir(into)).sort()).toEqual([
        "2026-11-23T02-00-00Z",
        "2026-11-23T03-00-00Z",
      ]);

      await expect(restoreBackup({ backup: made[2] ?? "", dataDir })).rejects.toThrow(/in use/);

      const restoredDir = path.join(folder, "restored");
      await restoreBackup({ backup: made[2] ?? "", dataDir: restoredDir });
      const restored = await startEmbeddedPostgres({ dataDir: path.join(restoredDir, "postgres") });
      try {
        const again = new pg.Client(restored.adminUrl);
        await again.connect();
        const { rows } = await again.query("SELECT value FROM kept");
        await again.end();
        expect(rows).toEqual([{ value: "สำรองไว้" }]);
      } finally {
        await restored.stop();
      }
      expect(await readdir(path.join(restoredDir, "uploads", "avatars"))).toEqual(["a.webp"]);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
