// Listings benchmark: `npm run bench:listings [-- --no-build --count 100000 --duration 10]`.
// Starts the production app on a fresh embedded PostgreSQL, fills it with realistic Thai
// listings (bench/listing-data.ts), and measures over HTTP how fast /search/{keyword} answers
// for a common, a rare and a partial word, next to a bare React Router page (bench/baseline)
// measured in the same run. Then times the photo pipeline on a 12-megapixel JPEG.
// See bench/README.md ("Listings"). Not part of `npm test`.
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { Agent, request as httpRequest } from "node:http";
import { register } from "node:module";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import sharp from "sharp";
import {
  baselineBuild,
  BROWSER_HEADERS,
  cleanup,
  buildAppAndBaseline,
  percentile,
  printTable,
  root,
  runMain,
  startAppAndBaseline,
} from "./harness.ts";
import { generateListing, randomGenerator, RARE_PLACES } from "./listing-data.ts";

// The app's modules use the "~/" alias and extension-less imports (see alias-hooks.mjs).
register("./alias-hooks.mjs", import.meta.url);
const { searchTokens } = await import("../app/modules/listings/search-tokens.ts");
const { processListingPhoto, LISTING_PHOTO_VARIANTS } =
  await import("../app/modules/listings/listing-photos.server.ts");
const { findRunningEmbeddedPostgres } = await import("../app/db/embedded-postgres.server.ts");

const TARGET_P95_MS = 50;
const TARGET_PIPELINE_MS = 1_000;

function parseOptions() {
  const { values } = parseArgs({
    allowNegative: true,
    options: {
      build: { type: "boolean", default: true },
      count: { type: "string", default: "100000" },
      duration: { type: "string", default: "10" },
      concurrency: { type: "string", default: "1,8" },
    },
  });
  const count = Number(values.count);
  const duration = Number(values.duration);
  const concurrency = values.concurrency.split(",").map(Number);
  if (!Number.isInteger(count) || count < 1_000 || count > 2_000_000) {
    throw new Error(`--count must be a whole number from 1000 to 2000000, got ${values.count}`);
  }
  if (!Number.isInteger(duration) || duration < 1 || duration > 300) {
    throw new Error(`--duration must be whole seconds from 1 to 300, got ${values.duration}`);
  }
  if (concurrency.some((c) => !Number.isInteger(c) || c < 1 || c > 64)) {
    throw new Error(`--concurrency must list connection counts from 1 to 64`);
  }
  return { build: values.build, count, duration, concurrency };
}

// ---- data --------------------------------------------------------------------------------

const BATCH = 2_000;

/** Inserts `count` published listings with a cover photo each, straight into PostgreSQL. */
async function fillDatabase(client: pg.Client, uploads: string, count: number) {
  const ownerId = "bench-owner";
  await client.query(
    `INSERT INTO app_user (id, name, email, email_verified) VALUES ($1, 'ผู้ขายทดสอบ', 'bench@example.com', true)
     ON CONFLICT DO NOTHING`,
    [ownerId],
  );
  const random = randomGenerator(20_261_122);
  const now = Date.now();
  const started = performance.now();
  let tokenMs = 0;
  for (let offset = 0; offset < count; offset += BATCH) {
    const size = Math.min(BATCH, count - offset);
    const columns = {
      title: [] as string[],
      description: [] as string[],
      category: [] as string[],
      price: [] as number[],
      province: [] as string[],
      tokens: [] as string[],
      published: [] as string[],
    };
    for (let i = 0; i < size; i++) {
      const listing = generateListing(random, offset + i);
      const tokenStart = performance.now();
      columns.tokens.push(searchTokens(listing.title, listing.description));
      tokenMs += performance.now() - tokenStart;
      columns.title.push(listing.title);
      columns.description.push(listing.description);
      columns.category.push(listing.category);
      columns.price.push(listing.priceSatang);
      columns.province.push(listing.province);
      // Spread over the last year, so "newest first" has real work to do.
      columns.published.push(new Date(now - random() * 365 * 86_400_000).toISOString());
    }
    await client.query(
      `INSERT INTO listing (owner_id, title, description, category, price_satang, province,
         contact_phone, status, search_tokens, published_at)
       SELECT $1, t.title, t.description, t.category, t.price, t.province, '+66812345678',
         'published', t.tokens, t.published
       FROM unnest($2::text[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::text[],
         $8::timestamptz[]) AS t(title, description, category, price, province, tokens, published)`,
      [
        ownerId,
        columns.title,
        columns.description,
        columns.category,
        columns.price,
        columns.province,
        columns.tokens,
        columns.published,
      ],
    );
    if ((offset / BATCH) % 10 === 9) console.log(`  ${offset + size} listings…`);
  }
  // Eight real photos, shared as covers, so result pages carry their srcset like real ones.
  const keys: { key: string; width: number; height: number }[] = [];
  for (let i = 0; i < 8; i++) {
    const image = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: `hsl(${i * 45}, 60%, 50%)` },
    })
      .jpeg()
      .toBuffer();
    const processed = await processListingPhoto(new Uint8Array(image));
    const key = `listings/bench/photo-${i}`;
    for (const variant of processed.variants) {
      const file = path.join(uploads, `${key}-${variant.name}.webp`);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, variant.webp);
    }
    keys.push({ key, width: processed.width, height: processed.height });
  }
  await client.query(
    `INSERT INTO listing_photo (listing_id, position, is_cover, storage_key, width, height)
     SELECT l.id, 0, true, k.key, k.width, k.height
     FROM listing l JOIN unnest($1::text[], $2::int[], $3::int[]) WITH ORDINALITY AS k(key, width, height, n)
       ON k.n = 1 + abs(hashtext(l.id::text)) % 8
     WHERE l.owner_id = $4`,
    [keys.map((k) => k.key), keys.map((k) => k.width), keys.map((k) => k.height), ownerId],
  );
  // The words the listings use, for partial-word search (the app adds them as listings are saved).
  await client.query(
    `INSERT INTO listing_search_word (word)
     SELECT DISTINCT unnest(string_to_array(search_tokens, ' ')) FROM listing
     ON CONFLICT DO NOTHING`,
  );
  await client.query("VACUUM ANALYZE listing");
  await client.query("VACUUM ANALYZE listing_search_word");
  await client.query("VACUUM ANALYZE listing_photo");
  return { seconds: (performance.now() - started) / 1000, segmentSeconds: tokenMs / 1000 };
}

// ---- HTTP load ---------------------------------------------------------------------------

interface LoadResult {
  target: string;
  url: string;
  concurrency: number;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  non200: number;
  errors: number;
}

/** One GET on a kept-alive connection; resolves with the status once the body is read. */
function get(url: URL, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent, headers: BROWSER_HEADERS }, (res) => {
      res.on("data", () => {});
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", reject);
    });
    req.once("error", reject);
    req.setTimeout(30_000, () => req.destroy(new Error("timeout")));
    req.end();
  });
}

/**
 * `concurrency` clients, each sending its next request as soon as the last one is answered,
 * for `seconds`. Latency is measured per request (send to last byte), percentiles exactly.
 */
async function load(
  target: string,
  url: string,
  concurrency: number,
  seconds: number,
): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let non200 = 0;
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const parsed = new URL(url);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const sent = performance.now();
        try {
          const status = await get(parsed, agent);
          latencies.push(performance.now() - sent);
          if (status !== 200) non200++;
        } catch {
          errors++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    target,
    url,
    concurrency,
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    non200,
    errors,
  };
}

// ---- photo pipeline ----------------------------------------------------------------------

/**
 * A 4000 x 3000 JPEG that compresses like a photo: a drawn scene (sky, lawn, a house, the sun)
 * with fine grain over it, and EXIF orientation 6, so the pipeline also has to turn it.
 */
async function twelveMegapixelJpeg(): Promise<Buffer> {
  const scene = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000">
      <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#5b9bd5"/><stop offset="1" stop-color="#e8f1fa"/>
      </linearGradient></defs>
      <rect width="4000" height="3000" fill="url(#sky)"/>
      <rect y="1900" width="4000" height="1100" fill="#6a8f3a"/>
      <polygon points="800,1900 1800,1100 2800,1900" fill="#b5533c"/>
      <rect x="1000" y="1900" width="1600" height="800" fill="#efe6d2"/>
      <rect x="1600" y="2200" width="400" height="500" fill="#7a4a2a"/>
      <circle cx="3400" cy="500" r="260" fill="#fff3b0"/>
    </svg>`,
  );
  const base = await sharp(scene).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const grain = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })
    .blur(1.2)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const photo = await sharp(base.data, { raw: base.info })
    .composite([{ input: grain.data, raw: grain.info, blend: "soft-light" }])
    .removeAlpha()
    .jpeg({ quality: 90 })
    .toBuffer();
  return sharp(photo)
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: "BenchCam" } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function timeRuns(runs: number, body: () => Promise<unknown>) {
  await body(); // warm-up: libvips loads its codecs on first use
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await body();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    runs,
    median: percentile(times, 50),
    p95: percentile(times, 95),
    max: times.at(-1) ?? NaN,
  };
}

async function measurePipeline() {
  const jpeg = await twelveMegapixelJpeg();
  const meta = await sharp(jpeg).metadata();
  const input = new Uint8Array(jpeg);
  const pipeline = await timeRuns(10, () => processListingPhoto(input));
  // The baseline: only decoding the same file to pixels, at full size.
  const decode = await timeRuns(10, () => sharp(input).raw().toBuffer());
  // What AVIF would add: the full-size variant encoded as AVIF as well (sharp's defaults).
  const processed = await processListingPhoto(input);
  const full = processed.variants.find((v) => v.name === "full");
  const avif = await timeRuns(3, () => sharp(full?.webp).avif().toBuffer());
  return {
    input: { width: meta.width, height: meta.height, bytes: jpeg.length, orientation: 6 },
    variants: processed.variants.map((v) => ({
      name: v.name,
      width: v.width,
      height: v.height,
      bytes: v.webp.length,
    })),
    pipeline,
    decodeOnly: decode,
    avifFullVariant: avif,
    sharpConcurrency: sharp.concurrency(),
    variantsConfig: LISTING_PHOTO_VARIANTS,
  };
}

// ---- report ------------------------------------------------------------------------------

const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "–");

// ---- main --------------------------------------------------------------------------------

async function main(): Promise<number> {
  const options = parseOptions();
  if (options.build) await buildAppAndBaseline();

  for (const file of ["build/server/index.js", `${baselineBuild}/server/index.js`]) {
    if (!existsSync(path.resolve(root, file))) {
      throw new Error(`${file} is missing: run without --no-build`);
    }
  }

  const { appUrl, baseUrl, dataDir } = await startAppAndBaseline({
    folderPrefix: "dptech-bench-listings-",
    env: { S3_BUCKET: "" },
  });

  const adminUrl = await findRunningEmbeddedPostgres(path.join(dataDir, "postgres"));
  if (!adminUrl) throw new Error("could not find the app's embedded PostgreSQL");
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = "/dptech";
  const client = new pg.Client({ connectionString: databaseUrl.toString() });
  await client.connect();
  let fill: Awaited<ReturnType<typeof fillDatabase>>;
  const queries = [
    { name: "common word", keyword: "บ้าน" },
    { name: "rare word", keyword: RARE_PLACES[0] ?? "แม่สะเรียง" },
    { name: "part of a word", keyword: "ดีเซ" },
    { name: "two words", keyword: "ฮอนด้า คลิก" },
    { name: "Latin word", keyword: "camry" },
  ];
  const counts: Record<string, number> = {};
  let tableMiB: number | undefined;
  try {
    console.log(`Inserting ${options.count.toLocaleString("en")} listings…`);
    fill = await fillDatabase(client, path.join(dataDir, "uploads"), options.count);
    console.log(
      `  done in ${fixed(fill.seconds)} s (of which Thai word segmentation ${fixed(fill.segmentSeconds)} s)`,
    );
    for (const query of queries) {
      const page = await fetch(`${appUrl}/search/${encodeURIComponent(query.keyword)}`);
      const html = await page.text();
      if (page.status !== 200 || !html.includes('data-testid="search-count"')) {
        throw new Error(`/search/${query.keyword} answered ${page.status} without results`);
      }
      const found = /data-testid="search-count"[^>]*>([^<]*)</.exec(html)?.[1] ?? "";
      counts[query.name] = Number(found.replace(/[^\d]/g, ""));
    }
    const size = await client.query<{ bytes: string }>(
      "SELECT pg_total_relation_size('listing')::text AS bytes",
    );
    tableMiB = Number(size.rows[0]?.bytes ?? 0) / 1024 ** 2;
  } finally {
    await client.end();
  }

  const targets = [
    ...queries.map((q) => ({
      target: `/search/${q.keyword} (${q.name})`,
      url: `${appUrl}/search/${encodeURIComponent(q.keyword)}`,
    })),
    { target: "/asset (newest 20)", url: `${appUrl}/asset` },
  ];
  const base = { target: "baseline /", url: `${baseUrl}/` };
  const loadavgBefore = os.loadavg();
  const results: (LoadResult & { p95Ratio: number; rpsRatio: number })[] = [];
  const baselineRuns: LoadResult[] = [];
  for (const concurrency of options.concurrency) {
    console.log(`Warming up at ${concurrency} connection(s)…`);
    for (const t of [base, ...targets]) await load(t.target, t.url, concurrency, 2);
    let before = await load(base.target, base.url, concurrency, options.duration);
    baselineRuns.push(before);
    for (const t of targets) {
      console.log(`Measuring ${t.target} at ${concurrency} connection(s), ${options.duration} s…`);
      const result = await load(t.target, t.url, concurrency, options.duration);
      const after = await load(base.target, base.url, concurrency, options.duration);
      baselineRuns.push(after);
      results.push({
        ...result,
        p95Ratio: result.p95 / ((before.p95 + after.p95) / 2),
        rpsRatio: result.rps / ((before.rps + after.rps) / 2),
      });
      before = after;
    }
  }
  const loadavgAfter = os.loadavg();
  await cleanup();

  console.log("Timing the photo pipeline on a 12-megapixel JPEG…");
  const pipeline = await measurePipeline();

  console.log(
    `\n${options.count.toLocaleString("en")} listings (table and indexes ${fixed(tableMiB ?? Number.NaN, 0)} MiB); ` +
      `matches: ${queries.map((q) => `${q.keyword} ${counts[q.name]}`).join(", ")}\n`,
  );
  printTable(
    [
      "target",
      "conn",
      "req/s",
      "p50 ms",
      "p95 ms",
      "p99 ms",
      "non-200",
      "p95 ×base",
      "req/s ×base",
    ],
    results.map((r) => [
      r.target,
      String(r.concurrency),
      fixed(r.rps, 0),
      fixed(r.p50),
      fixed(r.p95),
      fixed(r.p99),
      String(r.non200 + r.errors),
      fixed(r.p95Ratio, 2),
      fixed(r.rpsRatio, 2),
    ]),
  );
  for (const concurrency of options.concurrency) {
    const runs = baselineRuns.filter((r) => r.concurrency === concurrency);
    console.log(
      `baseline at ${concurrency} connection(s): p95 ms ${runs.map((r) => fixed(r.p95)).join(", ")}; ` +
        `req/s ${runs.map((r) => fixed(r.rps, 0)).join(", ")}`,
    );
  }
  console.log(
    `load average before/after: ${fixed(loadavgBefore[0] ?? 0, 2)}/${fixed(loadavgAfter[0] ?? 0, 2)}`,
  );
  console.log(
    `\nPhoto pipeline, ${pipeline.input.width}x${pipeline.input.height} JPEG of ` +
      `${fixed(pipeline.input.bytes / 1024 ** 2)} MiB (orientation 6), ${pipeline.pipeline.runs} runs:`,
  );
  const timing = (label: string, t: { median: number; p95: number; max: number }) => [
    label,
    fixed(t.median, 0),
    fixed(t.p95, 0),
    fixed(t.max, 0),
  ];
  printTable(
    ["step", "median ms", "p95 ms", "max ms"],
    [
      timing("check + upright + 3 WebP variants", pipeline.pipeline),
      timing("baseline: decode to pixels only", pipeline.decodeOnly),
      timing("(AVIF of the full variant)", pipeline.avifFullVariant),
    ],
  );
  console.log(
    `variants: ${pipeline.variants.map((v) => `${v.name} ${v.width}x${v.height} ${fixed(v.bytes / 1024, 0)} KiB`).join(", ")}`,
  );

  await mkdir(path.join(root, "bench/results"), { recursive: true });
  const file = path.join(
    root,
    `bench/results/listings-${new Date().toISOString().replace(/[:.]/g, "-")}.json`,
  );
  await writeFile(
    file,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: {
          cpus: os.cpus().length,
          model: os.cpus()[0]?.model,
          memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
          loadavg1mBeforeAfter: [loadavgBefore[0], loadavgAfter[0]],
          node: process.version,
        },
        options,
        data: { listings: options.count, tableMiB, fill, matches: counts },
        search: results,
        baselineRuns,
        pipeline,
        targets: { searchP95Ms: TARGET_P95_MS, pipelineMs: TARGET_PIPELINE_MS },
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nResults written to ${path.relative(root, file)}`);

  const slowSearch = results.filter((r) => r.concurrency === 1 && r.p95 >= TARGET_P95_MS);
  console.log(
    `Targets: search p95 < ${TARGET_P95_MS} ms at 1 connection: ${slowSearch.length === 0 ? "met" : `missed by ${slowSearch.map((r) => r.target).join(", ")}`}; ` +
      `pipeline < ${TARGET_PIPELINE_MS} ms: ${pipeline.pipeline.p95 < TARGET_PIPELINE_MS ? "met" : "missed"}`,
  );
  const invalid = results.some((r) => r.non200 > 0 || r.errors > 0 || r.requests === 0);
  if (invalid) console.error("Invalid run: some requests failed or answered other than 200");
  return invalid ? 1 : 0;
}

runMain(main);
