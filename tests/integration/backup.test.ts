import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createBackup, restoreBackup } from "~/db/backup.server";
import { startEmbeddedPostgres } from "~/db/embedded-postgres.server";
import { assertSafeKey, createLocalStorage } from "~/modules/media/index.server";
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

  it("keeps a photo removed while the backup runs, so a restored row that names it finds it", async () => {
    const folder = await tempFolderForPostgres("dptech-backup-race-");
    folders.push(folder);
    const dataDir = path.join(folder, "data");
    const uploads = path.join(dataDir, "uploads");
    const storage = createLocalStorage(uploads);
    const server = await startEmbeddedPostgres({ dataDir: path.join(dataDir, "postgres") });
    try {
      const client = new pg.Client(server.adminUrl);
      await client.connect();
      await client.query("CREATE TABLE photo (key text)");
      await client.query("INSERT INTO photo VALUES ('listings/pump.webp')");
      await client.end();
      await storage.put("listings/pump.webp", new TextEncoder().encode("pump photo"), "image/webp");
      await storage.put("listings/old.webp", new TextEncoder().encode("old photo"), "image/webp");
      await storage.remove("listings/old.webp");

      // The database copy has ended (the row is in it); the member then removes the photo
      // before the uploads are copied.
      const backup = await createBackup({
        dataDir,
        into: path.join(folder, "backups"),
        keep: 1,
        log: (message) => {
          if (message.startsWith("copying the write-ahead log")) {
            void storage.remove("listings/pump.webp");
          }
        },
      });
      expect(await readdir(path.join(uploads, "listings"))).toEqual([]);

      const restoredDir = path.join(folder, "restored");
      const said: string[] = [];
      await restoreBackup({ backup, dataDir: restoredDir, log: (m) => said.push(m) });
      const restoredUploads = path.join(restoredDir, "uploads");
      expect(await readFile(path.join(restoredUploads, "listings", "pump.webp"), "utf8")).toBe(
        "pump photo",
      );
      expect((await readdir(restoredUploads)).sort()).toEqual(["listings"]);
      expect(said.join("\n")).toMatch(/put back 2 file/);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it("purges removed files after two days, and never serves them", async () => {
    const folder = await tempFolderForPostgres("dptech-deleted-uploads-");
    folders.push(folder);
    let now = new Date("2026-11-20T08:30:00Z");
    const storage = createLocalStorage(folder, () => now);
    await storage.put("avatars/a.webp", new TextEncoder().encode("a"), "image/webp");
    await storage.remove("avatars/a.webp");
    expect(await readdir(path.join(folder, ".deleted"))).toEqual(["2026112008"]);
    expect(await storage.get("avatars/a.webp")).toBeNull();
    expect(() => assertSafeKey(".deleted/2026112008/avatars/a.webp")).toThrow();

    now = new Date("2026-11-22T09:00:00Z");
    await storage.put("avatars/b.webp", new TextEncoder().encode("b"), "image/webp");
    await storage.remove("avatars/b.webp");
    expect(await readdir(path.join(folder, ".deleted"))).toEqual(["2026112209"]);
  });
});
