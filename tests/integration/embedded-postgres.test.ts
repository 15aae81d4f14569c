import { execFileSync } from "node:child_process";
import { cp, mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import {
  binariesReachableBy,
  EmbeddedPostgresLockedError,
  EmbeddedPostgresUnreachableError,
  startEmbeddedPostgres,
} from "~/db/embedded-postgres.server";
import { tempFolderForPostgres } from "../setup/temp-folder";

const asRoot = process.getuid?.() === 0;

describe("embedded PostgreSQL", () => {
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it("initialises a cluster, refuses a second process on the same folder, keeps data across restarts", async () => {
    const folder = await tempFolderForPostgres("dptech-embedded-");
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

  it.runIf(asRoot)(
    "as root, leaves a folder of mode 700 above the data folder as it is and says what to do",
    async () => {
      // mkdtemp makes the folder mode 700, like root's home folder.
      const closed = await mkdtemp(path.join(tmpdir(), "dptech-closed-"));
      folders.push(closed);
      const dataDir = path.join(closed, "postgres");
      const failure = await startEmbeddedPostgres({ dataDir }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(EmbeddedPostgresUnreachableError);
      const message = (failure as Error).message;
      expect(message).toContain(`cannot enter ${closed} (mode 700)`);
      expect(message).toContain("Set DATA_DIR");
      expect(message).not.toMatch(/EACCES/);
      expect((await stat(closed)).mode & 0o777).toBe(0o700);
    },
  );

  it.runIf(asRoot)(
    "as root, makes its own new DATA_DIR passable for the postgres user even under umask 077",
    async () => {
      const folder = await tempFolderForPostgres("dptech-umask-");
      folders.push(folder);
      const previous = process.umask(0o077);
      try {
        const server = await startEmbeddedPostgres({
          dataDir: path.join(folder, "new", "data", "postgres"),
        });
        await server.stop();
      } finally {
        process.umask(previous);
      }
      expect((await stat(path.join(folder, "new", "data"))).mode & 0o777).toBe(0o711);
      expect((await stat(folder)).mode & 0o777).toBe(0o711);
    },
    120_000,
  );

  it.runIf(asRoot)(
    "as root, runs binaries that lie in a folder the postgres user cannot enter from a mirror beside the data",
    async () => {
      const binaries = (await import(
        /* @vite-ignore */ `@embedded-postgres/${process.platform}-${process.arch}`
      )) as Record<"initdb" | "postgres" | "pg_ctl", string>;
      // A checkout under a closed folder (like /root): the package's binaries, copied there.
      const closed = await mkdtemp(path.join(tmpdir(), "dptech-checkout-"));
      folders.push(closed);
      const native = path.dirname(path.dirname(binaries.postgres));
      await cp(native, path.join(closed, "native"), { recursive: true, verbatimSymlinks: true });
      const hidden = {
        initdb: path.join(closed, "native", path.relative(native, binaries.initdb)),
        postgres: path.join(closed, "native", path.relative(native, binaries.postgres)),
        pg_ctl: path.join(closed, "native", path.relative(native, binaries.pg_ctl)),
      };
      const data = await tempFolderForPostgres("dptech-data-");
      folders.push(data);
      const ids = {
        uid: Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" })),
        gid: Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" })),
      };
      const reachable = await binariesReachableBy(hidden, data, ids);
      expect(reachable.postgres.startsWith(data)).toBe(true);
      const version = execFileSync(reachable.postgres, ["--version"], {
        ...ids,
        encoding: "utf8",
      });
      expect(version).toMatch(/PostgreSQL\) \d+/);
      expect(execFileSync(reachable.initdb, ["--version"], { ...ids, encoding: "utf8" })).toMatch(
        /initdb/,
      );
      expect((await stat(closed)).mode & 0o777).toBe(0o700);
      // Without the mirror the postgres user could not even start the program.
      expect(() => execFileSync(hidden.postgres, ["--version"], ids)).toThrow(/EACCES/);
    },
    60_000,
  );
});
