import { readdir, readFile, rm } from "node:fs/promises";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { ILLUSTRATION_WIDTHS, illustrationImage } from "~/lib/illustrations";
import { rasterSource, writeIllustrationRasters } from "../../scripts/illustration-rasters.ts";

const PUBLIC = path.join(new URL("../..", import.meta.url).pathname, "public");
const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

describe("the illustrations' WebP pictures (made by the build)", () => {
  it("exist for every SVG illustration in every width a page asks for, as real WebP of that width", async () => {
    const out = await mkdtemp(path.join(tmpdir(), "rasters-"));
    folders.push(out);
    const written = await writeIllustrationRasters(PUBLIC, out);

    const asked: string[] = [];
    for (const kind of Object.keys(ILLUSTRATION_WIDTHS)) {
      for (const file of await readdir(path.join(PUBLIC, "images", kind))) {
        if (!file.endsWith(".svg")) continue;
        const { src, srcSet } = illustrationImage(`/images/${kind}/${file}`);
        asked.push(src, ...(srcSet ?? "").split(", ").map((entry) => entry.split(" ")[0]!));
      }
    }
    expect(asked.length).toBeGreaterThan(40);
    expect(written).toEqual([...new Set(asked)].sort());

    for (const address of written) {
      const picture = await readFile(path.join(out, address));
      const meta = await sharp(picture).metadata();
      expect(meta.format, address).toBe("webp");
      expect(`${meta.width}`, address).toBe(/\.(\d+)\.webp$/.exec(address)![1]);
    }
  });

  it("lets the development server find the drawing of a picture's address, and nothing else", () => {
    expect(rasterSource(PUBLIC, "/images/categories/amr.760.webp")).toEqual({
      svgFile: path.join(PUBLIC, "images/categories/amr.svg"),
      width: 760,
    });
    expect(rasterSource(PUBLIC, "/images/categories/amr.761.webp")).toBeNull();
    expect(rasterSource(PUBLIC, "/images/shophub/amr.760.webp")).toBeNull();
    expect(rasterSource(PUBLIC, "/images/categories/../../package.760.webp")).toBeNull();
  });
});
