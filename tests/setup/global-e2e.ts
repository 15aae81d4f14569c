import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createDatabase } from "~/db/client.server";
import { freePort, stopChildProcess } from "~/lib/child-process.server";
import { startEmbeddedPostgres } from "~/db/embedded-postgres.server";
import { withDatabase } from "./global-postgres";
import { tempFolderForPostgres } from "./temp-folder";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the production build under test listens, e.g. http://127.0.0.1:4321 */
    baseURL: string;
    /** The database the server under test uses (tests read the outbox and reset rate limits). */
    e2eDatabaseUrl: string;
    /** The server process, whose memory the request-limit tests read from /proc. */
    serverPid: number;
  }
}

/**
 * Starts a real PostgreSQL and the production build (`node server/main.ts`) against it,
 * exactly as `npm start` would run it, for the browser journeys.
 */
export default async function setup(project: TestProject) {
  const root = path.resolve(".");
  if (!existsSync(path.join(root, "build/server/index.js"))) {
    throw new Error("No production build: run `npm run build` before the end-to-end tests.");
  }
  const folder = await tempFolderForPostgres("dptech-e2e-");
  const postgres = await startEmbeddedPostgres({ dataDir: path.join(folder, "postgres") });
  const admin = createDatabase(postgres.adminUrl, { max: 1 });
  await admin.$client.query("CREATE DATABASE e2e");
  await admin.$client.end();
  const databaseUrl = withDatabase(postgres.adminUrl, "e2e");

  const port = await freePort();
  const server = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "error",
      SMTP_URL: "",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForHealthy(baseURL, server);
  } catch (error) {
    server.kill("SIGKILL");
    await postgres.stop();
    throw error;
  }
  project.provide("baseURL", baseURL);
  project.provide("e2eDatabaseUrl", databaseUrl);
  project.provide("serverPid", server.pid ?? 0);

  return async () => {
    await stopChildProcess(server);
    await postgres.stop();
    await rm(folder, { recursive: true, force: true });
  };
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
