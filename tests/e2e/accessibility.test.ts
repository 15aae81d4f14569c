import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { appendFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type AxeCore from "axe-core";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSaleForTest } from "../setup/sales-factory";
import {
  baseURL,
  hydrated,
  memberWithShop,
  newContext,
  registerMember,
  SESSION_COOKIE,
  setupE2E,
  signedInContext,
  type Member,
} from "./fixtures";

/**
 * Every public page and every member page, in Thai and in English, checked by axe-core in the
 * browser (no serious or critical violation) and by the W3C HTML checker on the server-rendered
 * HTML (no error). One browser, one page per URL, one Java start for all the HTML, which is the
 * HTML those same page loads received.
 */

const e2e = setupE2E();

type Lang = "th" | "en";
const LANGS: Lang[] = ["th", "en"];

/** Who looks at a group of pages: a visitor, a shop owner, an admin. */
type Viewer = "visitor" | "owner" | "admin";

let owner: Member;
let admin: Member;
let itemId: string;
let saleId: string;
let listingId: string;
let shiftId: string;
let tillId: string;

beforeAll(async () => {
  const shop = await memberWithShop(e2e, {
    member: { emailPrefix: "a11y-owner", verified: "database" },
    shop: { name: "ร้านทดสอบการเข้าถึง" },
    items: [{ qty: 5_000 }],
  });
  owner = shop.member;
  itemId = String(shop.items[0]!.id);
  const sold = await createSaleForTest(e2e.db, {
    shopId: shop.shop.id,
    userId: shop.ownerId,
    lines: [{ itemId: shop.items[0]!.id, qty: 1 }],
  });
  saleId = String(sold.id);
  const opened = await e2e.sql.query<{ id: string }>(
    `INSERT INTO shift (shop_id, till, opened_by, opened_by_name, opening_cash_satang)
     VALUES ($1, 'เครื่อง 1', $2, 'เจ้าของ', 100000) RETURNING id::text AS id`,
    [shop.shop.id, shop.ownerId],
  );
  shiftId = opened.rows[0]!.id;
  const firstTill = await e2e.sql.query<{ id: string }>(
    `SELECT id::text AS id FROM till WHERE shop_id = $1 AND code = 'P01'`,
    [shop.shop.id],
  );
  tillId = firstTill.rows[0]!.id;
  admin = await registerMember(e2e, {
    emailPrefix: "a11y-admin",
    verified: "database",
    role: "admin",
  });
  // A demo listing (seeded at the server's start, with photos): the gallery is checked too.
  const { rows } = await e2e.sql.query<{ id: string }>(
    `SELECT id::text AS id FROM listing WHERE status = 'published' ORDER BY id LIMIT 1`,
  );
  if (!rows[0]) throw new Error("no published listing to check");
  listingId = rows[0].id;
});

function pagesOf(viewer: Viewer): string[] {
  switch (viewer) {
    case "visitor":
      return [
        "/",
        "/article",
        "/article/ai",
        // The shophub manual: its tables (keys, printers, documents, roles).
        "/article/pos-manual",
        "/contact",
        "/test",
        "/shophub",
        "/storehub",
        "/asset",
        `/asset/${listingId}`,
        "/search/%E0%B8%9A%E0%B9%89%E0%B8%B2%E0%B8%99",
        "/terms",
        "/privacy",
        "/register",
        "/user/signIn",
        "/user/resetPw",
        "/no-such-page",
      ];
    case "owner":
      return [
        "/user/profile",
        "/user/bhPost",
        "/user/listings",
        "/shophub",
        "/shophub/new",
        "/shophub/members",
        "/shophub/settings",
        "/shophub/settings/selling",
        "/shophub/settings/etax",
        "/shophub/sell",
        "/shophub/invoices",
        "/shophub/reports",
        "/shophub/tax",
        "/shophub/tax/sales",
        `/shophub/invoices/${saleId}`,
        `/shophub/invoices/${saleId}/print?doc=sale&paper=80`,
        "/shophub/dashboard",
        "/shophub/stock",
        "/shophub/shifts",
        `/shophub/shifts/${shiftId}`,
        "/shophub/expenses",
        "/shophub/expenses/new",
        "/shophub/income",
        "/shophub/tills",
        "/shophub/zreports",
        `/shophub/zreports/x?till=${tillId}`,
        "/shophub/journal",
        "/shophub/approval-pin",
        "/shophub/customers",
        "/storehub",
        "/storehub/add",
        `/storehub/edit?id=${itemId}`,
        "/storehub/import",
        "/storehub/inout",
        "/storehub/storage",
      ];
    case "admin":
      return ["/admin", "/admin/users", "/admin/outbox", "/admin/messages", "/admin/notice"];
  }
}

const statusOf = (url: string) => (url === "/no-such-page" ? 404 : 200);

/**
 * The server-rendered HTML of each page as the axe checks' navigations received it, keyed by
 * `htmlName`: the W3C checker below reads these instead of asking the server for every page a
 * second time (114 renders). A page the axe checks did not load (a filtered run) is fetched.
 */
const serverHtml = new Map<string, string>();
const htmlName = (viewer: Viewer, lang: Lang, url: string) =>
  `${viewer}-${lang}${url.replace(/[^a-z0-9]+/gi, "_")}.html`;

const VIEWERS: Viewer[] = ["visitor", "owner", "admin"];
const memberOf = (viewer: Viewer): Member | undefined =>
  viewer === "owner" ? owner : viewer === "admin" ? admin : undefined;

/**
 * With A11Y_REPORT=<file>, every check appends its findings there as JSON lines (the figures in
 * bench/README.md are counted from it); the assertions are the same either way.
 */
async function report(check: string, findings: object[]): Promise<void> {
  const file = process.env.A11Y_REPORT;
  if (!file) return;
  await appendFile(file, findings.map((f) => JSON.stringify({ check, ...f }) + "\n").join(""));
}

/** One line per violation, enough to find it: page, rule, impact, the first few targets. */
interface Finding {
  page: string;
  rule: string;
  impact: string;
  nodes: number;
  targets: string[];
}

/** Waits for the running animations and transitions in the element (a fade, a sliding panel). */
async function animationsDone(page: Page, selector: string): Promise<void> {
  await page.evaluate(
    (css) =>
      Promise.all(
        (document.querySelector(css)?.getAnimations({ subtree: true }) ?? []).map(
          (a) => a.finished,
        ),
      ),
    selector,
  );
}

/** axe-core's own build, run in the page as a script (CDP evaluation is not bound by the CSP). */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/** axe's serious and critical violations on the page as it is now. */
async function seriousViolations(page: Page, where: string): Promise<Finding[]> {
  // axe.run() straight in the page, all rules, only violations collected (the passes are most
  // of axe's work to report). @axe-core/playwright's legacy mode does the same with a
  // configuration step per frame, and took twice as long per page (0.95 s against 0.5 s on
  // the 2-core CI machine) over the 100 pages of this file.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof AxeCore }).axe;
    const results = await axe.run(document, { resultTypes: ["violations"] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? "",
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
  });
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      page: where,
      rule: violation.id,
      impact: violation.impact,
      nodes: violation.targets.length,
      targets: violation.targets.slice(0, 3),
    }));
}

describe("axe-core", () => {
  for (const viewer of VIEWERS) {
    for (const lang of LANGS) {
      it(`finds no serious or critical violation on the ${viewer}'s pages in ${lang}`, async () => {
        const member = memberOf(viewer);
        // The home banner moves on by itself every 5 s; with reduced motion it stays still, as
        // it does for readers who ask for that, so no check catches a slide half faded. Its
        // pause button (hidden then) is checked below, with motion.
        const options = { reducedMotion: "reduce" } as const;
        const context = member
          ? await signedInContext(e2e.browser, member, options)
          : await newContext(e2e.browser, options);
        const page = await context.newPage();
        page.setDefaultTimeout(15_000);
        await context.addCookies([{ name: "lang", value: lang, url: baseURL() }]);
        const findings: Finding[] = [];
        try {
          for (const url of pagesOf(viewer)) {
            const response = await page.goto(url, { waitUntil: "load" });
            // The page itself, not a sign-in page it sent the viewer to.
            expect(response?.status(), url).toBe(statusOf(url));
            expect(page.url()).toBe(`${baseURL()}${url}`);
            expect(await page.locator("html").getAttribute("lang")).toBe(lang);
            expect(response?.headers()["content-type"]).toContain("text/html");
            serverHtml.set(htmlName(viewer, lang, url), await response!.text());
            // The page fades in: colours are measured once it is opaque, as a reader sees it.
            await animationsDone(page, ".page");
            findings.push(...(await seriousViolations(page, `${lang} ${url}`)));
          }
        } finally {
          await context.close();
        }
        await report(`axe ${viewer} ${lang}`, findings);
        expect(findings, JSON.stringify(findings, null, 1)).toEqual([]);
      }, 180_000);
    }
  }

  it("finds none in the open phone menu and on a refused form, in both languages", async () => {
    const findings: Finding[] = [];
    for (const lang of LANGS) {
      const context = await newContext(e2e.browser, { viewport: { width: 375, height: 740 } });
      try {
        await context.addCookies([{ name: "lang", value: lang, url: baseURL() }]);
        const page = await context.newPage();
        page.setDefaultTimeout(15_000);
        await page.goto("/", { waitUntil: "load" });
        await hydrated(page, ".navbar-toggler");
        // The banner is stopped first (its pause button is checked) and any slide change ends.
        await page.locator(".slide-carousel__pause").click();
        await animationsDone(page, ".slide-carousel");
        await page.locator(".navbar-toggler").click();
        await page.locator("#site-menu[aria-modal=true]").waitFor();
        await animationsDone(page, "#site-menu");
        findings.push(...(await seriousViolations(page, `${lang} / (phone menu open)`)));

        await page.goto("/contact", { waitUntil: "load" });
        await hydrated(page, "form.contact-form");
        await page.locator("form.contact-form button[type=submit]").click();
        await page.getByTestId("error-summary").waitFor();
        findings.push(...(await seriousViolations(page, `${lang} /contact (refused)`)));
      } finally {
        await context.close();
      }
    }
    await report("axe states", findings);
    expect(findings, JSON.stringify(findings, null, 1)).toEqual([]);
  }, 120_000);
});

/** vnu's JSON report (`--format json`). */
interface VnuReport {
  messages: {
    type: string;
    subType?: string;
    url: string;
    message: string;
    extract?: string;
    lastLine?: number;
  }[];
}

describe("W3C HTML checker (vnu)", () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "dptech-vnu-"));
  });
  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it("finds no error in the server-rendered HTML of the same pages in both languages", async () => {
    const files: string[] = [];
    for (const viewer of VIEWERS) {
      const member = memberOf(viewer);
      for (const lang of LANGS) {
        const cookie = [`lang=${lang}`, member ? `${SESSION_COOKIE}=${member.cookie}` : ""]
          .filter(Boolean)
          .join("; ");
        for (const url of pagesOf(viewer)) {
          const name = htmlName(viewer, lang, url);
          let html = serverHtml.get(name);
          if (html === undefined) {
            const response = await fetch(`${baseURL()}${url}`, {
              headers: { cookie },
              redirect: "manual",
            });
            expect(response.status, url).toBe(statusOf(url));
            expect(response.headers.get("content-type")).toContain("text/html");
            html = await response.text();
          }
          await writeFile(path.join(folder, name), html);
          files.push(name);
        }
      }
    }
    const vnu = await runVnu(folder, files);
    const errors = vnu.messages
      // --errors-only leaves errors and files vnu could not read ("non-document-error").
      .filter((message) => message.type !== "info")
      .map((message) => ({
        page: path.basename(message.url),
        line: message.lastLine,
        message: message.message,
        extract: message.extract?.slice(0, 160),
      }));
    await report("vnu", errors);
    expect(errors, JSON.stringify(errors, null, 1)).toEqual([]);
  }, 180_000);
});

/** One JVM start for every file: vnu writes its JSON report to stderr. */
function runVnu(folder: string, files: string[]): Promise<VnuReport> {
  const jar = path.join(
    path.dirname(createRequire(import.meta.url).resolve("vnu-jar/package.json")),
    "build/dist/vnu.jar",
  );
  return new Promise((resolve, reject) => {
    const child = spawn(
      "java",
      ["-jar", jar, "--format", "json", "--errors-only", "--exit-zero-always", ...files],
      { cwd: folder, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new Error(
              "the W3C HTML checker needs Java: install default-jre-headless (.ci/run does)",
            )
          : error,
      ),
    );
    child.on("close", (code) => {
      try {
        resolve(JSON.parse(stderr) as VnuReport);
      } catch {
        reject(new Error(`vnu exited with ${code}: ${stderr.slice(0, 2000)}`));
      }
    });
  });
}
