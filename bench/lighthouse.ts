// Lighthouse on the system Chromium, for any page of a running server. As a module,
// `lighthousePage(url, { cookie })` measures one page (the bench scripts call it); run
// directly, it measures the pages given against a server that is already up:
//   node bench/lighthouse.ts --runs 3 http://127.0.0.1:3000/ http://127.0.0.1:3000/contact
//   node bench/lighthouse.ts --cookie 'dptech.session_token=…' http://127.0.0.1:3000/shophub/sell
// Lighthouse's default configuration: a mid-range phone (Moto G Power class screen), simulated
// slow 4G (150 ms RTT, 1.6 Mbit/s down) and a 4× slower CPU, performance category only.
// See bench/README.md ("Till page weight and speed").
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

/** The browser the tests use; Lighthouse drives it over the DevTools protocol. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export interface LighthouseRun {
  url: string;
  /** The page that was measured, after redirects (a sign-in page means the cookie failed). */
  finalUrl: string;
  /** 0-100. */
  performance: number;
  /** Simulated milliseconds on the phone profile. */
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  speedIndexMs: number;
  interactiveMs: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
  /** Scripts the page loaded (every chunk, dynamic imports included) and their bytes on the wire. */
  scripts: { url: string; transferBytes: number; resourceBytes: number }[];
  warnings: string[];
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

/**
 * One Lighthouse run of `url` (performance only) in a fresh headless Chromium. A run that
 * Lighthouse itself gives up on (NO_NAVSTART and the like on a loaded machine: "run Lighthouse
 * again") is tried again, up to three times in all.
 */
export async function lighthousePage(
  url: string,
  options: { cookie?: string } = {},
): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url, options);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt >= 3) throw error;
      console.log(`${error.message}; trying again`);
    }
  }
}

class LighthouseRuntimeError extends Error {}

async function lighthouseOnce(url: string, options: { cookie?: string }): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu"],
    logLevel: "silent",
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      // A signed-in page: the session cookie goes with every request, as a browser's would.
      extraHeaders: options.cookie ? { Cookie: options.cookie } : undefined,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) {
      throw new LighthouseRuntimeError(`Lighthouse failed on ${url}: ${lhr.runtimeError.code}`);
    }
    const metric = (id: string) => {
      const value = lhr.audits[id]?.numericValue;
      if (typeof value !== "number") throw new Error(`Lighthouse gave no ${id} for ${url}`);
      return value;
    };
    const requests = ((lhr.audits["network-requests"]?.details as { items?: NetworkRequest[] })
      ?.items ?? []) as NetworkRequest[];
    return {
      url,
      finalUrl: lhr.finalDisplayedUrl,
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      firstContentfulPaintMs: metric("first-contentful-paint"),
      largestContentfulPaintMs: metric("largest-contentful-paint"),
      speedIndexMs: metric("speed-index"),
      interactiveMs: metric("interactive"),
      totalBlockingTimeMs: metric("total-blocking-time"),
      cumulativeLayoutShift: metric("cumulative-layout-shift"),
      scripts: requests
        .filter((r) => r.resourceType === "Script")
        .map((r) => ({
          url: new URL(r.url).pathname,
          transferBytes: r.transferSize ?? 0,
          resourceBytes: r.resourceSize ?? 0,
        })),
      warnings: lhr.runWarnings,
    };
  } finally {
    await chrome.kill();
  }
}

/** The run with the median largest contentful paint (Lighthouse's advice: several runs). */
export function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const sorted = [...runs].sort((a, b) => a.largestContentfulPaintMs - b.largestContentfulPaintMs);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error("no Lighthouse run");
  return median;
}

export const seconds = (ms: number) => (ms / 1000).toFixed(2);

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { runs: { type: "string", default: "3" }, cookie: { type: "string" } },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || positionals.length === 0) {
    throw new Error("usage: node bench/lighthouse.ts [--runs 3] [--cookie name=value] URL…");
  }
  console.log("page  performance  FCP s  LCP s  speed index s  TTI s  TBT ms  CLS  script KB");
  for (const url of positionals) {
    const all: LighthouseRun[] = [];
    for (let n = 0; n < runs; n++) all.push(await lighthousePage(url, { cookie: values.cookie }));
    const run = medianRun(all);
    const scriptKb = run.scripts.reduce((sum, s) => sum + s.transferBytes, 0) / 1024;
    console.log(
      [
        run.finalUrl,
        run.performance,
        seconds(run.firstContentfulPaintMs),
        seconds(run.largestContentfulPaintMs),
        seconds(run.speedIndexMs),
        seconds(run.interactiveMs),
        Math.round(run.totalBlockingTimeMs),
        run.cumulativeLayoutShift.toFixed(3),
        scriptKb.toFixed(1),
      ].join("  "),
    );
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
