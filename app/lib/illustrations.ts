/*
 * The site's illustrations (banners, product categories, article covers, the header's logo
 * mark) are drawn as SVG in
 * public/images, and sent to browsers as WebP pictures made from them when the site is built
 * (scripts/illustration-rasters.ts). Each SVG image costs the browser an isolated document of
 * its own on the main thread (about 8 ms each on this machine, four times that on Lighthouse's
 * phone), which a decoded picture does not: docs/decisions/0049-raster-illustrations.md.
 */

/**
 * The widths made of each kind of illustration, for the width each is shown at on phones (a
 * 412-pixel screen at 1.75 device pixels per CSS pixel wants about 720) and on wide screens.
 */
export const ILLUSTRATION_WIDTHS = {
  banners: [800, 1600],
  categories: [480, 760, 960],
  /** 800 for phones: a 412-pixel screen at 1.75 device pixels asks for 721 (21 KiB at 1200). */
  articles: [600, 800, 1200],
  /** The header's 36-pixel logo mark, for screens of 2 and 3 device pixels per CSS pixel. */
  brand: [72, 108],
} as const;

export type IllustrationKind = keyof typeof ILLUSTRATION_WIDTHS;

const ILLUSTRATION = /^\/images\/(banners|categories|articles|brand)\/([A-Za-z0-9-]+)\.svg$/;

/** Where the picture of one width is served: `/images/banners/ai-camera.800.webp`. */
export function rasterPath(kind: IllustrationKind, name: string, width: number): string {
  return `/images/${kind}/${name}.${width}.webp`;
}

/** The `src` and `srcSet` of an `<img>`; the component gives `sizes` (its layout's). */
export interface Picture {
  src: string;
  srcSet?: string;
}

/**
 * The picture of `src`: the WebP pictures for one of our illustrations, the address unchanged
 * for anything else (an uploaded photo, another site's picture). Loaders call it and send the
 * result with the page: the pages' scripts then need neither this module nor its widths (the
 * home page's script budget, issue 15).
 */
export function illustrationImage(src: string): Picture {
  const [, kind, name] = ILLUSTRATION.exec(src) ?? [];
  if (!kind || !name) return { src };
  const widths: readonly number[] = ILLUSTRATION_WIDTHS[kind as IllustrationKind];
  const sources = widths.map((width) => ({
    width,
    path: rasterPath(kind as IllustrationKind, name, width),
  }));
  return {
    src: sources.at(-1)?.path ?? src,
    srcSet: sources.map(({ width, path }) => `${path} ${width}w`).join(", "),
  };
}
