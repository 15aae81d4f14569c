import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/*
 * The receipt-printer transports (WebUSB, Web Serial, Web Bluetooth) export only a "browser"
 * entry. The till imports them lazily, when a cashier picks a printer, and tests never run
 * that code, but Vite still resolves the import when it transforms the till for a test that
 * loads the route tree. Point each at its real browser build so that resolution succeeds.
 */
const browserOnly = (name: string) =>
  fileURLToPath(
    new URL(`./node_modules/@point-of-sale/${name}/dist/${name}.esm.js`, import.meta.url),
  );

export default defineConfig({
  resolve: {
    tsconfigPaths: true,
    alias: {
      "@point-of-sale/webusb-receipt-printer": browserOnly("webusb-receipt-printer"),
      "@point-of-sale/webserial-receipt-printer": browserOnly("webserial-receipt-printer"),
      "@point-of-sale/webbluetooth-receipt-printer": browserOnly("webbluetooth-receipt-printer"),
    },
  },
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
