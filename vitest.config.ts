import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
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
