import path from "node:path";
import { defineConfig } from "vitest/config";

// The till's printer transports export only a "browser" condition; the route tree that the
// integration tests load reaches the till's printer code, whose dynamic imports Vite resolves
// while transforming it. They never run under Node: point each at its browser build.
const BROWSER_ONLY = ["webusb", "webserial", "webbluetooth"].map((kind) => ({
  find: `@point-of-sale/${kind}-receipt-printer`,
  replacement: path.resolve(
    `node_modules/@point-of-sale/${kind}-receipt-printer/dist/${kind}-receipt-printer.esm.js`,
  ),
}));

export default defineConfig({
  resolve: { tsconfigPaths: true, alias: BROWSER_ONLY },
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
