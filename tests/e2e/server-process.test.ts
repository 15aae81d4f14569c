import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, stopChildProcess as stopProcess } from "~/lib/child-process.server";
import { tempFolderForPostgres } from "../setup/temp-folder";
import { startOwnServer, waitUntilHealthy } from "./fixtures/own-server";

const startServer = (dataDir: string, port: number) => startOwnServer({ dataDir, port });

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function waitForExit(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((resolve) => child.once("exit", resolve));
}

/** Reads the demo content straight from the embedded cluster the server started. */
async function contentSnapshot(dataDir: string, postgresPort: number) {
  const password = (await readFile(path.join(dataDir, "postgres.password"), "utf8")).trim();
  const client = new pg.Client({
    host: "127.0.0.1",
    port: postgresPort,
    user: "postgres",
    password,
    database: "dptech",
  });
  await client.connect();
  try {
    const tables = ["company_profile", "product_category", "banner", "article"];
    const result: Record<string, unknown[]> = {};
    for (const table of tables)
      result[table] = (await client.query(`SELECT * FROM ${table} ORDER BY id`)).rows;
    return result;
  } finally {
    await client.end();
  }
}

describe("the production server on its embedded PostgreSQL", () => {
  let folder: string;
  let dataDir: string;
  const started: ChildProcess[] = [];

  beforeAll(async () => {
    folder = await tempFolderForPostgres("dptech-process-");
    dataDir = path.join(folder, "data");
  });
  afterAll(async () => {
    for (const child of started) await stopProcess(child, "SIGKILL");
    await rm(folder, { recursive: true, force: true });
  });

  it("initialises, seeds, refuses a second process, stops cleanly, and a restart changes nothing", async () => {
    const first = startServer(dataDir, await freePort());
    started.push(first.child);
    await waitUntilHealthy(first);
    expect(existsSync(path.join(dataDir, "postgres", "PG_VERSION"))).toBe(true);
    const articles = await fetch(`http://127.0.0.1:${first.port}/article/ai`);
    expect(articles.status).toBe(200);
    const before = await contentSnapshot(dataDir, first.postgresPort()!);
    expect(before.article).toHaveLength(12);

    // A second process on the same folder must not start a second cluster on it.
    const second = startServer(dataDir, await freePort());
    started.push(second.child);
    expect(await waitForExit(second.child)).not.toBe(0);
    expect(second.output()).toMatch(/in use by another process/);
    expect((await fetch(`http://127.0.0.1:${first.port}/healthz`)).status).toBe(200);

    // SIGTERM: drain, stop PostgreSQL, exit 0, release the lock.
    expect(await stopProcess(first.child, "SIGTERM")).toBe(0);
    expect(first.output()).toContain("stopped cleanly");
    expect(existsSync(path.join(dataDir, "postgres.lock"))).toBe(false);
    expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);

    const again = startServer(dataDir, await freePort());
    started.push(again.child);
    await waitUntilHealthy(again);
    expect(await contentSnapshot(dataDir, again.postgresPort()!)).toEqual(before);
    expect(await stopProcess(again.child, "SIGINT")).toBe(0);
  }, 180_000);

  it("recovers after being killed: the PostgreSQL it left running is stopped and replaced", async () => {
    const killed = startServer(dataDir, await freePort());
    started.push(killed.child);
    await waitUntilHealthy(killed);
    const orphanPid = Number(
      (await readFile(path.join(dataDir, "postgres", "postmaster.pid"), "utf8")).split("\n")[0],
    );
    killed.child.kill("SIGKILL");
    await waitForExit(killed.child);
    expect(isRunning(orphanPid)).toBe(true);

    const next = startServer(dataDir, await freePort());
    started.push(next.child);
    await waitUntilHealthy(next);
    expect(isRunning(orphanPid)).toBe(false);
    expect(next.output()).toContain("left running by an earlier process");
    expect(await stopProcess(next.child, "SIGTERM")).toBe(0);
  }, 180_000);

  it("stops cleanly when asked to stop while it is still starting", async () => {
    const early = startServer(dataDir, await freePort());
    started.push(early.child);
    // The database is starting (the app took its folder's lock): the signal must not leave it
    // running. Waiting for the lock rather than a fixed time: a loaded machine can take longer
    // than any fixed time to start Node, and a signal before then is not this test's subject.
    const lock = path.join(dataDir, "postgres.lock");
    while (!existsSync(lock) && early.child.exitCode === null) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(await stopProcess(early.child, "SIGTERM")).toBe(0);
    expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
    expect(existsSync(path.join(dataDir, "postgres.lock"))).toBe(false);
  }, 120_000);
});
