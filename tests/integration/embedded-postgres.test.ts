import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { EmbeddedPostgresLockedError, startEmbeddedPostgres } from "~/db/embedded-postgres.server";

describe("embedded PostgreSQL", () => {
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it("initialises a cluster, refuses a second process on the same folder, keeps data across restarts", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "dptech-embedded-"));
    folders.push(folder);
    const dataDir = path.join(folder, "postgres");

    const first = await startEmbeddedPostgres({ dataDir });
    const client = new pg.Client(first.adminUrl);
    await client.connect();
    await client.query("CREATE TABLE kept (value text)");
    await client.query("INSERT INTO kept VALUES ('ยังอยู่')");
    await client.end();

    await expect(startEmbeddedPostgres({ dataDir })).rejects.toBeInstanceOf(
      EmbeddedPostgresLockedError,
    );
    await first.stop();

    const second = await startEmbeddedPostgres({ dataDir });
    const again = new pg.Client(second.adminUrl);
    await again.connect();
    const { rows } = await again.query("SELECT value FROM kept");
    await again.end();
    await second.stop();
    expect(rows).toEqual([{ value: "ยังอยู่" }]);
  }, 120_000);
});
