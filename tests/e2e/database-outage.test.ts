import type { ChildProcess } from "node:child_process";
import { readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "~/db/embedded-postgres.server";
import { freePort, stopChildProcess } from "~/lib/child-process.server";
import {
  checkLedger,
  createStockShop,
  embeddedDatabaseUrl,
  postStockOut,
  type StockShop,
} from "../../bench/stock-writers";
import { th } from "~/lib/i18n/th";
import { tempFolderForPostgres } from "../setup/temp-folder";
import { launchBrowser, hydrated } from "./fixtures";
import { startOwnServer, waitForStatus, type OwnServer } from "./fixtures/own-server";

/*
 * The production server on its embedded PostgreSQL, whose PostgreSQL dies under it. To hold
 * the outage open long enough to look at it (and no longer), the test moves the server's
 * configuration file away before killing it: every restart attempt then fails until the file
 * is back.
 */

const startServer = (dataDir: string, port: number, env: Record<string, string> = {}) =>
  startOwnServer({ dataDir, port, env });

async function postmasterPid(dataDir: string): Promise<number> {
  const pidFile = await readFile(path.join(dataDir, "postgres", "postmaster.pid"), "utf8");
  return Number(pidFile.split("\n")[0]);
}

function waitForExit(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

describe("the embedded PostgreSQL dies under the running app", () => {
  let folder: string;
  let dataDir: string;
  let server: OwnServer;
  let shop: StockShop;
  let browser: Browser;
  const started: ChildProcess[] = [];
  // Writers stop at the end of the test, or here when it failed midway.
  let writing = false;

  beforeAll(async () => {
    browser = await launchBrowser();
    folder = await tempFolderForPostgres("dptech-outage-");
    dataDir = path.join(folder, "data");
    server = startServer(dataDir, await freePort());
    started.push(server.child);
    await waitForStatus(server, "/healthz", 200);
    shop = await createStockShop(await embeddedDatabaseUrl(dataDir), server.url);
  });
  afterAll(async () => {
    writing = false;
    await browser.close();
    for (const child of started) await stopChildProcess(child, "SIGKILL");
    await rm(folder, { recursive: true, force: true });
  });

  it("answers 503 with Retry-After in Thai and English while it is down, then 200 again, and loses no acknowledged stock-out", async () => {
    // Writers keep posting stock-outs through the whole outage.
    const acknowledged: string[] = [];
    const statuses = new Set<number | "no answer">();
    writing = true;
    const writers = Array.from({ length: 4 }, async (_, writer) => {
      for (let n = 0; writing; n++) {
        const reference = `OUT-${writer}-${n}`;
        const result = await postStockOut(server.url, shop, reference);
        if (result.outcome === "acknowledged") acknowledged.push(reference);
        statuses.add(result.status ?? "no answer");
      }
    });
    while (acknowledged.length < 8) await new Promise((resolve) => setTimeout(resolve, 50));
    // A visitor reading the site in a browser, with the page's scripts running.
    const context = await browser.newContext({ baseURL: server.url, locale: "th-TH" });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto("/");
    await hydrated(page, "header a");

    const config = path.join(dataDir, "postgres", "postgresql.conf");
    await rename(config, `${config}.away`);
    try {
      process.kill(await postmasterPid(dataDir), "SIGKILL");

      await waitForStatus(server, "/", 503);
      const thai = await fetch(`${server.url}/storehub`);
      expect(thai.status).toBe(503);
      expect(thai.headers.get("retry-after")).toMatch(/^\d+$/);
      const thaiPage = await thai.text();
      expect(thaiPage).toContain('lang="th"');
      expect(thaiPage).toContain("ขออภัย ระบบไม่พร้อมให้บริการชั่วคราว");
      expect(thaiPage).not.toMatch(/ECONNREFUSED|at .*\.js:\d+/);

      const english = await fetch(`${server.url}/article/ai`, { headers: { cookie: "lang=en" } });
      expect(english.status).toBe(503);
      expect(await english.text()).toContain("Sorry, the service is briefly unavailable");

      // A client-side navigation gets the same status, which its error page shows.
      const data = await fetch(`${server.url}/contact.data`);
      expect(data.status).toBe(503);
      expect(data.headers.get("retry-after")).toMatch(/^\d+$/);

      // A form posted now is refused with the message; nothing of it is written.
      const refused = await fetch(`${server.url}/storehub/inout`, {
        method: "POST",
        redirect: "manual",
        headers: {
          cookie: shop.cookie,
          origin: server.url,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ intent: "post", kind: "issue", reference: "DURING" }),
      });
      expect(refused.status).toBe(503);
      expect(await refused.text()).toContain("ขออภัย ระบบไม่พร้อมให้บริการชั่วคราว");
      expect((await fetch(`${server.url}/healthz`)).status).toBe(503);

      // A client-side navigation meanwhile shows the same message, not an error with a status;
      // the route manifest the browser may still need for it is not refused.
      const manifest = await fetch(`${server.url}/__manifest?paths=%2Farticle&version=x`);
      expect(manifest.status).not.toBe(503);
      await page.locator('header a[href="/article"]').first().click();
      const notice = page.getByTestId("unavailable");
      await notice.waitFor();
      expect(await notice.innerText()).toContain(th["error.unavailable"]);
    } finally {
      await rename(`${config}.away`, config);
      await context.close();
    }
    await waitForStatus(server, "/", 200);
    expect(
      (await fetch(`${server.url}/storehub`, { headers: { cookie: shop.cookie } })).status,
    ).toBe(200);
    const before = acknowledged.length;
    while (acknowledged.length < before + 8) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    writing = false;
    await Promise.all(writers);

    expect(statuses.has(500)).toBe(false);
    expect(server.output()).toContain("PostgreSQL exited unexpectedly");
    expect(server.output()).toContain("PostgreSQL runs again");
    const ledger = await checkLedger(await embeddedDatabaseUrl(dataDir), shop, acknowledged);
    expect(ledger.lost).toEqual([]);
    expect(ledger.balanceMismatches).toBe(0);
    expect(ledger.onHandMismatches).toBe(0);
    expect(ledger.documents).toBeGreaterThanOrEqual(acknowledged.length);
  }, 120_000);

  it("exits non-zero when PostgreSQL cannot be started again in time, so a supervisor restarts it", async () => {
    const config = path.join(dataDir, "postgres", "postgresql.conf");
    await stopChildProcess(server.child, "SIGTERM");
    const shortLived = startServer(dataDir, await freePort(), { DATABASE_RESTART_TIMEOUT: "2" });
    started.push(shortLived.child);
    await waitForStatus(shortLived, "/healthz", 200);
    await rename(config, `${config}.away`);
    try {
      process.kill(await postmasterPid(dataDir), "SIGKILL");
      expect(await waitForExit(shortLived.child)).not.toBe(0);
      expect(shortLived.output()).toContain("could not be started again");
    } finally {
      await rename(`${config}.away`, config);
    }
  }, 120_000);
});

describe("an external PostgreSQL (DATABASE_URL) restarts under the running app", () => {
  let folder: string;
  const started: ChildProcess[] = [];
  let database: EmbeddedPostgres | undefined;

  beforeAll(async () => {
    folder = await tempFolderForPostgres("dptech-external-");
  });
  afterAll(async () => {
    for (const child of started) await stopChildProcess(child, "SIGKILL");
    await database?.stop();
    await rm(folder, { recursive: true, force: true });
  });

  it("answers 503 (never 500) while the server is away and recovers by itself when it is back", async () => {
    const dataDir = path.join(folder, "postgres");
    database = await startEmbeddedPostgres({ dataDir });
    const port = database.port;
    const admin = new pg.Client(database.adminUrl);
    await admin.connect();
    await admin.query("CREATE DATABASE site");
    await admin.end();
    const url = new URL(database.adminUrl);
    url.pathname = "/site";
    const server = startServer(path.join(folder, "data"), await freePort(), {
      DATABASE_URL: url.toString(),
    });
    started.push(server.child);
    await waitForStatus(server, "/healthz", 200);
    expect((await fetch(`${server.url}/article/ai`)).status).toBe(200);

    await database.stop();
    database = undefined;
    const seen = new Set<number>();
    for (;;) {
      const response = await fetch(`${server.url}/article/ai`);
      seen.add(response.status);
      if (response.status === 503) {
        expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(await response.text()).toContain("ขออภัย ระบบไม่พร้อมให้บริการชั่วคราว");
        break;
      }
      await response.arrayBuffer();
    }
    expect(seen.has(500)).toBe(false);

    database = await startEmbeddedPostgres({ dataDir, port });
    await waitForStatus(server, "/article/ai", 200);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  }, 120_000);
});
