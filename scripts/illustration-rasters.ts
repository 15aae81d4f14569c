// A step of the production build (vite.config.ts) and of the development server: the WebP
// pictures of the site's SVG illustrations, in the widths app/lib/illustrations.ts names.
// docs/decisions/0049-raster-illustrations.md says why.
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import {
  ILLUSTRATION_WIDTHS,
  rasterPath,
  type IllustrationKind,
} from "../app/lib/illustrations.ts";

/**
 * Flat drawings with sharp edges: quality 80 shows no ringing at these sizes and makes
 * pictures about as heavy as the SVG text they replace (8 KiB for an 800-pixel banner).
 */
const WEBP = { quality: 80, effort: 6 } as const;

/**
 * The WebP picture of an SVG drawing, `width` pixels wide. sharp draws a vector image at the
 * size asked for (not a small bitmap enlarged), so a 480-wide drawing makes a sharp 960.
 */
export async function rasterize(svg: Buffer, width: number): Promise<Buffer> {
  return sharp(svg).resize(width).webp(WEBP).toBuffer();
}

const RASTER = /^\/images\/(banners|categories|articles|brand)\/([A-Za-z0-9-]+)\.(\d+)\.webp$/;

/**
 * The SVG file and width a raster address stands for, or null when the address is not one of
 * ours (another width, another folder): the development server's lookup.
 */
export function rasterSource(
  publicDir: string,
  urlPath: string,
): { svgFile: string; width: number } | null {
  const match = RASTER.exec(urlPath);
  if (!match) return null;
  const kind = match[1] as IllustrationKind;
  const width = Number(match[3]);
  if (!(ILLUSTRATION_WIDTHS[kind] as readonly number[]).includes(width)) return null;
  return { svgFile: path.join(publicDir, "images", kind, `${match[2]}.svg`), width };
}

/**
 * Writes every illustration's pictures under `outDir` (the client build's folder), as the
 * site serves them. Returns the addresses written.
 */
export async function writeIllustrationRasters(
  publicDir: string,
  outDir: string,
): Promise<string[]> {
  const written: string[] = [];
  for (const kind of Object.keys(ILLUSTRATION_WIDTHS) as IllustrationKind[]) {
    const folder = path.join(publicDir, "images", kind);
    const names = (await readdir(folder)).filter((file) => file.endsWith(".svg"));
    await mkdir(path.join(outDir, "images", kind), { recursive: true });
    await Promise.all(
      names.map(async (file) => {
        const svg = await readFile(path.join(folder, file));
        const name = file.slice(0, -".svg".length);
        for (const width of ILLUSTRATION_WIDTHS[kind]) {
          const address = rasterPath(kind, name, width);
          await writeFile(path.join(outDir, address), await rasterize(svg, width));
          written.push(address);
        }
      }),
    );
  }
  return written.sort();
}
