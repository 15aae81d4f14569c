// A step of the production build (react-router.config.ts's buildEnd): brotli and gzip copies of
// the client build's hashed assets, made once at the strongest settings, for the server to send
// as they are (express-static-gzip in server/app.ts). Compressing per request, as the `compression`
// middleware does, has to be fast and so uses brotli's quality 4: the site's stylesheet went out
// as 25.4 KB where quality 11 makes 19.8 KB, and every visitor's first page waits for it.
// docs/decisions/0052-precompressed-assets-and-a-smaller-latin-face.md says why.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What compresses: text. Fonts (woff2 is brotli inside) and pictures are left as they are. */
const COMPRESSIBLE = /\.(js|mjs|css|json|svg|txt|map)$/;

/**
 * A copy is kept when it saves more than the two headers it costs (Content-Encoding and Vary).
 * The `compression` middleware leaves files under 1 KiB alone to save the server's CPU; made
 * once at build time, even a small chunk goes out at half its size.
 */
const HEADER_BYTES = 64;

export interface Precompressed {
  file: string;
  bytes: number;
  brotli: number | null;
  gzip: number | null;
}

async function compressFile(file: string): Promise<Precompressed> {
  const source = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const keepBr = br.length + HEADER_BYTES < source.length;
  const keepGz = gz.length + HEADER_BYTES < source.length;
  await Promise.all([
    keepBr ? writeFile(`${file}.br`, br) : null,
    keepGz ? writeFile(`${file}.gz`, gz) : null,
  ]);
  return {
    file,
    bytes: source.length,
    brotli: keepBr ? br.length : null,
    gzip: keepGz ? gz.length : null,
  };
}

/**
 * Writes `<file>.br` and `<file>.gz` next to every compressible file of `dir` (recursively),
 * each only where it is smaller. Returns the sizes.
 */
export async function precompressAssets(dir: string): Promise<Precompressed[]> {
  const entries = await readdir(dir, { recursive: true });
  const files = entries
    .map((entry) => path.join(dir, entry))
    .filter((file) => COMPRESSIBLE.test(file));
  // zlib's asynchronous calls run on libuv's pool: a few at a time keep both cores busy.
  const results: Precompressed[] = [];
  for (let start = 0; start < files.length; start += 8) {
    results.push(...(await Promise.all(files.slice(start, start + 8).map(compressFile))));
  }
  return results;
}
