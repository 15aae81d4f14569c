import { reactRouter } from "@react-router/dev/vite";
import { readFileSync } from "node:fs";
import { defineConfig } from "vite";

const { version } = JSON.parse(
  readFileSync(new URL("./package.json", import.meta.url), "utf8"),
) as {
  version: string;
};

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
                {
                  name: "framework",
                  test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/,
                },
              ],
            },
          },
        },
      },
    },
  },
  css: {
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
  plugins: [reactRouter()],
});
