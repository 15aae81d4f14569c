import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { E2E_WORKERS } from "./tests/setup/e2e-workers";

const INTEGRATION_WORKERS = Math.max(1, Number(process.env.INTEGRATION_WORKERS ?? 2));

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
          // Vitest's default is one worker fewer than the CPUs: one on a 2-core machine, whose
          // second core then only served PostgreSQL. Each file has a database of its own.
          maxWorkers: INTEGRATION_WORKERS,
          // One process per worker for all its files: importing the app's modules afresh for
          // every file took a third of the run (docs/decisions/0045-test-suite-time.md).
          isolate: false,
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
          // One file at a time unless E2E_WORKERS says more; each worker has a server and
          // database of its own (tests/setup/e2e-workers.ts).
          maxWorkers: E2E_WORKERS,
          // expect.poll gives up after 1 s by default: on a loaded machine a page can take longer
          // to answer. A poll that passes returns at once.
          expect: { poll: { timeout: 15_000 } },
          pool: "forks",
        },
      },
    ],
  },
});
