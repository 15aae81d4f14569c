import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createDatabase } from "~/db/client.server";
import { freePort, stopChildProcess } from "~/lib/child-process.server";
import { startEmbeddedPostgres } from "~/db/embedded-postgres.server";
import { withDatabase } from "./global-postgres";
import { E2E_WORKERS } from "./e2e-workers";
import { tempFolderForPostgres } from "./temp-folder";

/** One production server under test and its database. */
export interface E2EServer {
  /** Where it listens, e.g. http://127.0.0.1:4321 */
  baseURL: string;
  /** Its database (tests read the outbox and reset rate limits). */
  databaseUrl: string;
  /** Its process, whose memory the request-limit tests read from /proc. */
  pid: number;
  /** Its DATA_DIR (uploads), its own so that two servers never write the same file. */
  dataDir: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** One server per worker: worker n (VITEST_POOL_ID) uses the n-th. */
    e2eServers: E2EServer[];
  }
}

/**
 * Starts a real PostgreSQL and, for each worker, the production build (`node server/main.ts`)
 * on a database of its own, exactly as `npm start` would run it, for the browser journeys.
 */
export default async function setup(project: TestProject) {
  const root = path.resolve(".");
  if (!existsSync(path.join(root, "build/server/index.js"))) {
    throw new Error("No production build: run `npm run build` before the end-to-end tests.");
  }
  const folder = await tempFolderForPostgres("dptech-e2e-");
  const postgres = await startEmbeddedPostgres({ dataDir: path.join(folder, "postgres") });
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(children.map((child) => stopChildProcess(child)));
    await postgres.stop();
    await rm(folder, { recursive: true, force: true });
  };
  try {
    const servers = await Promise.all(
      Array.from({ length: E2E_WORKERS }, async (_, index) => {
        const name = `e2e_${index + 1}`;
        const admin = createDatabase(postgres.adminUrl, { max: 1 });
        await admin.$client.query(`CREATE DATABASE ${name}`);
        await admin.$client.end();
        const databaseUrl = withDatabase(postgres.adminUrl, name);
        const dataDir = path.join(folder, name);
        const server = startServer(root, databaseUrl, dataDir, await freePort());
        children.push(server.child);
        await waitForHealthy(server.baseURL, server.child);
        return { baseURL: server.baseURL, databaseUrl, pid: server.child.pid ?? 0, dataDir };
      }),
    );
    project.provide("e2eServers", servers);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

function startServer(
  root: string,
  databaseUrl: string,
  dataDir: string,
  port: number,
): { child: ChildProcess; baseURL: string } {
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
      SMTP_URL: "",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  return { child, baseURL: `http://127.0.0.1:${port}` };
}

async function waitForHealthy(baseURL: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseURL}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("The server did not become healthy within 60 s");
}
