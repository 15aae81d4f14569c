import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The till's printer transports export a browser build only; the route tree the tests load
// imports their (client-only) module, so Node resolves them to that build (never run there).
const browserOnly = Object.fromEntries(
  ["webusb", "webserial", "webbluetooth"].map((kind) => [
    `@point-of-sale/${kind}-receipt-printer`,
    fileURLToPath(
      new URL(
        `./node_modules/@point-of-sale/${kind}-receipt-printer/dist/${kind}-receipt-printer.esm.js`,
        import.meta.url,
      ),
    ),
  ]),
);

export default defineConfig({
  resolve: { tsconfigPaths: true, alias: browserOnly },
  define: { __APP_VERSION__: JSON.stringify("test") },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "integration",
          include: ["app/**/*.test.ts", "tests/integration/**/*.test.ts"],
          globalSetup: ["tests/setup/global-postgres.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: "forks",
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/setup/global-e2e.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One browser at a time on a 2-core machine keeps timings sane.
          fileParallelism: false,
          pool: "forks",
        },
      },
    ],
  },
});
