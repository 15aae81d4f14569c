import { spawn, type ChildProcess } from "node:child_process";
import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, stopChildProcess } from "~/lib/child-process.server";
import { LISTING_PHOTO_VARIANTS, variantKey } from "~/modules/listings/listing-photos.server";
import {
  checkLedger,
  createStockShop,
  embeddedDatabaseUrl,
  postStockOut,
  type StockShop,
} from "../../bench/stock-writers";
import { tempFolderForPostgres } from "../setup/temp-folder";
import { startOwnServer, waitUntilHealthy } from "./fixtures/own-server";

const startServer = (dataDir: string, port: number) =>
  startOwnServer({ dataDir, port, logLevel: "warn" });

/** `npm run backup|restore -- …` as a person would run it; resolves with code and output. */
function dbTool(args: string[], dataDir: string): Promise<{ code: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ["server/db-tool.ts", ...args], { env, stdio: "pipe" });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output })));
}

describe("backup and restore of the embedded database", () => {
  let folder: string;
  const started: ChildProcess[] = [];

  beforeAll(async () => {
    folder = await tempFolderForPostgres("dptech-backup-");
  });
  afterAll(async () => {
    for (const child of started) await stopChildProcess(child, "SIGKILL");
    await rm(folder, { recursive: true, force: true });
  });

  it("backs up while stock-outs are posted; the restored copy has a consistent ledger and every photo", async () => {
    const dataDir = path.join(folder, "data");
    const backups = path.join(folder, "backups");
    const site = startServer(dataDir, await freePort());
    started.push(site.child);
    await waitUntilHealthy(site);
    const shop: StockShop = await createStockShop(await embeddedDatabaseUrl(dataDir), site.url);

    const acknowledged: string[] = [];
    let writing = true;
    const writers = Array.from({ length: 4 }, async (_, writer) => {
      for (let n = 0; writing; n++) {
        const reference = `OUT-${writer}-${n}`;
        const result = await postStockOut(site.url, shop, reference);
        if (result.outcome === "acknowledged") acknowledged.push(reference);
      }
    });
    while (acknowledged.length < 10) await new Promise((resolve) => setTimeout(resolve, 50));
    // Everything acknowledged before the backup starts must be in it.
    const beforeBackup = [...acknowledged];
    const backup = await dbTool(["backup", "--to", backups, "--keep", "2"], dataDir);
    const duringBackup = acknowledged.length - beforeBackup.length;
    writing = false;
    await Promise.all(writers);
    expect(backup.output).toContain("Backup written");
    expect(backup.code).toBe(0);
    expect(duringBackup).toBeGreaterThan(0);
    const made = await readdir(backups);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/);
    const backupFolder = path.join(backups, made[0] ?? "");

    // The running site's folder is never overwritten.
    const refused = await dbTool(["restore", backupFolder], dataDir);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toMatch(/in use/);
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);

    const restoredDir = path.join(folder, "restored");
    const restore = await dbTool(["restore", backupFolder], restoredDir);
    expect(restore.output).toContain("Restored");
    expect(restore.code).toBe(0);

    const restored = startServer(restoredDir, await freePort());
    started.push(restored.child);
    await waitUntilHealthy(restored);
    const restoredUrl = await embeddedDatabaseUrl(restoredDir);
    const ledger = await checkLedger(restoredUrl, shop, beforeBackup);
    expect(ledger.lost).toEqual([]);
    expect(ledger.balanceMismatches).toBe(0);
    expect(ledger.onHandMismatches).toBe(0);
    expect(ledger.documents).toBeGreaterThanOrEqual(beforeBackup.length);

    // Every photo the restored database names is served by the restored site.
    const client = new pg.Client(restoredUrl);
    await client.connect();
    const photos = (
      await client.query<{ storage_key: string }>("SELECT storage_key FROM listing_photo")
    ).rows;
    await client.end();
    expect(photos.length).toBeGreaterThan(0);
    for (const photo of photos) {
      for (const variant of LISTING_PHOTO_VARIANTS) {
        const key = variantKey(photo.storage_key, variant.name);
        const response = await fetch(`${restored.url}/media/${key}`);
        expect(response.status, key).toBe(200);
      }
    }
    // The member signed in on the original site is still signed in on the copy.
    const page = await fetch(`${restored.url}/storehub`, { headers: { cookie: shop.cookie } });
    expect(page.status).toBe(200);
  }, 180_000);
});
