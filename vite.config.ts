import { reactRouter } from "@react-router/dev/vite";
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";
import {
  rasterize,
  rasterSource,
  writeIllustrationRasters,
} from "./scripts/illustration-rasters.ts";
import { purgeCss } from "./scripts/purge-css.ts";

const { version } = JSON.parse(
  readFileSync(new URL("./package.json", import.meta.url), "utf8"),
) as {
  version: string;
};

// The site frame's own modules: root.tsx, entry.client.tsx and everything they import statically,
// which every page loads anyway. Collected when the client build's module graph is complete, read
// when the chunks are made (below): they become one chunk (it takes entry.client's name) instead
// of a dozen small ones, most under compression's 1 KiB threshold and so sent uncompressed. That
// is 3.6 KiB less gzipped JavaScript on every page (issue 15's home JS budget, bench/site.ts).
const frameModules = new Set<string>();
const FRAME_ENTRIES = /[\\/]app[\\/](root|entry\.client)\.tsx$/;
const USE_HYDRATED = /[\\/]app[\\/]ui[\\/]use-hydrated\.ts$/;
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/;

function collectFrameModules(): Plugin {
  return {
    name: "dptech:frame-modules",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      frameModules.clear();
      const entries = [...this.getModuleIds()].filter((id) => FRAME_ENTRIES.test(id));
      const stack = entries.flatMap((id) => this.getModuleInfo(id)?.importedIds ?? []);
      for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
        if (frameModules.has(id) || FRAME_ENTRIES.test(id) || FRAMEWORK.test(id)) continue;
        frameModules.add(id);
        stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}

/**
 * The WebP pictures of the SVG illustrations (app/lib/illustrations.ts): written next to the
 * client build's copy of public/ when it is built, made on request by the development server.
 */
function illustrationRasters(): Plugin {
  const publicDir = path.join(import.meta.dirname, "public");
  return {
    name: "dptech:illustration-rasters",
    async writeBundle(options) {
      if (this.environment.name !== "client" || !options.dir) return;
      await writeIllustrationRasters(publicDir, options.dir);
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const source = rasterSource(publicDir, (req.url ?? "").split("?")[0] ?? "");
        if (!source) return next();
        readFile(source.svgFile)
          .then((svg) => rasterize(svg, source.width))
          .then(
            (webp) => {
              res.setHeader("Content-Type", "image/webp");
              res.setHeader("Cache-Control", "no-cache");
              res.end(webp);
            },
            // No such drawing: the address is not ours after all (a 404 further on).
            () => next(),
          );
      });
    },
  };
}

export default defineConfig({
  define: {
    __APP_VERSION__: JSON.stringify(version),
  },
  resolve: {
    tsconfigPaths: true,
  },
  build: {
    assetsInlineLimit: 0,
  },
  environments: {
    // The server bundle's entry is our Express composition root; it pulls in the
    // React Router server build through the virtual module.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
    client: {
      build: {
        rollupOptions: {
          // A module's client-safe index.ts re-exports all of its shared pure files (forms,
          // types, formatting). Importing a file of app/modules runs no side effects, so a page
          // gets only the files whose exports it uses, not every zod schema of the module
          // (docs/decisions/0016-modules-public-surface-and-layers.md).
          treeshake: {
            moduleSideEffects: (id) =>
              /[\\/]app[\\/]modules[\\/]/.test(id) && !/[.]server[.]/.test(id) ? false : undefined,
          },
          output: {
            // React, React DOM and React Router load on every page: one chunk for all of
            // them compresses better than the five pieces the default splitting makes.
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK, priority: 2 },
                {
                  name: "frame",
                  // useHydrated: a few lines the home page, the till and the forms with a
                  // scripted enhancement share; alone it was a file of 0.2 KiB and a request.
                  test: (id) =>
                    frameModules.has(id) || FRAME_ENTRIES.test(id) || USE_HYDRATED.test(id),
                  priority: 1,
                },
                // The home page's cards, shared with the article and listing lists: one file
                // of 1.8 kB compresses, two of under 1 KiB are sent uncompressed.
                { name: "cards", test: /[\\/]app[\\/]layout[\\/](article|listing)-card\.tsx$/ },
                // Money, quantities and dates as people read them, and the areas' page titles:
                // members' pages use them together, and each alone is a file under
                // compression's 1 KiB threshold, sent uncompressed (the till loaded six). The
                // document numbers, the shop roles, the documents' addresses and the till's
                // database name joined them: four more files under 1 KiB on the till's load.
                // What the till's page and its dialogs (loaded on demand) share: the bill's
                // arithmetic and its pieces. Split apart they were six files, half of them
                // under the 1 KiB threshold and sent uncompressed (the till's budget).
                {
                  name: "till-shared",
                  test: /[\\/]app[\\/](routes[\\/]shophub[\\/](sell[\\/](cart|pay-state|till-dialog|till-notices)|sell-text)|modules[\\/]sales[\\/](bill|arithmetic|scale-label)|features[\\/]sales-documents[\\/]escpos[\\/]saved-printer)\.tsx?$/,
                },
                // The members' areas' small shared parts (the shophub row, the first-sale guide's
                // mount, live revalidation, the scanner's field and input, the header's member menus): six files under 1 KiB each on
                // the till's first load and on the shophub and storehub pages; one compresses
                // better (the till's budget).
                {
                  name: "member-parts",
                  test: /[\\/]app[\\/](features[\\/](shops[\\/]shophub-nav|first-sale[\\/]guide-mount|stock-entry[\\/](use-scanner-input|scanner-field))|ui[\\/]use-live-revalidate|layout[\\/]member-header-items)\.tsx?$/,
                },
                {
                  name: "formats",
                  test: /[\\/]app[\\/](lib[\\/](money|quantity|dates|date-text|area-meta)|modules[\\/](sales[\\/]document-number|shops[\\/]shop-types)|features[\\/](sales-documents[\\/]links|till-offline[\\/]till-db-name))\.ts$/,
                },
              ],
            },
          },
        },
      },
    },
  },
  css: {
    postcss: {
      // PurgeCSS: the site's unused utilities, and app/styles/till.scss cut to what the till
      // can render (production builds only: a class typed into a component works at once).
      plugins: [purgeCss(import.meta.dirname, () => process.env.NODE_ENV === "production")],
    },
    preprocessorOptions: {
      scss: {
        // Bootstrap 5.3 still uses @import and global colour functions.
        silenceDeprecations: [
          "import",
          "global-builtin",
          "color-functions",
          "if-function",
        ] as const,
        quietDeps: true,
      },
    },
  },
  plugins: [reactRouter(), collectFrameModules(), illustrationRasters()],
});
