/*
 * The site's illustrations (banners, product categories, article covers) are drawn as SVG in
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
  articles: [600, 1200],
} as const;

export type IllustrationKind = keyof typeof ILLUSTRATION_WIDTHS;

const ILLUSTRATION = /^\/images\/(banners|categories|articles)\/([A-Za-z0-9-]+)\.svg$/;

/** Where the picture of one width is served: `/images/banners/ai-camera.800.webp`. */
export function rasterPath(kind: IllustrationKind, name: string, width: number): string {
  return `/images/${kind}/${name}.${width}.webp`;
}

/**
 * The `src` and `srcSet` of an `<img>` showing `src`: the WebP pictures for one of our
 * illustrations, the address unchanged for anything else (an uploaded photo, another site's
 * picture). The caller gives `sizes`, which depends on its layout.
 */
export function illustrationImage(src: string): { src: string; srcSet?: string } {
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

/**
 * `sizes` for the site's layouts (Bootstrap's container and grid): how wide the picture is
 * shown, so the browser picks the width it needs before the stylesheet arrives.
 */
export const FULL_ROW = "(min-width: 1400px) 1296px, (min-width: 1200px) 1116px, 100vw";
export const HALF_ROW = "(min-width: 1400px) 636px, (min-width: 992px) 50vw, 100vw";
export const CARD_OF_THREE =
  "(min-width: 1400px) 416px, (min-width: 992px) 33vw, (min-width: 768px) 50vw, 100vw";
export const CARD_OF_FOUR =
  "(min-width: 1400px) 312px, (min-width: 992px) 25vw, (min-width: 576px) 50vw, 100vw";
