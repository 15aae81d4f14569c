import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import base from "../../vitest.config.ts";

/*
 * Runs scripts/shophub-screenshots/take.ts with the end-to-end set-up (a real PostgreSQL and
 * the production build, tests/setup/global-e2e.ts), so the screenshots show the product as it
 * is built now. `npm run build && npx vitest run --config scripts/shophub-screenshots/vitest.config.ts`
 */
export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  resolve: base.resolve,
  define: base.define,
  test: {
    include: ["scripts/shophub-screenshots/take.ts"],
    globalSetup: ["tests/setup/global-e2e.ts"],
    testTimeout: 300_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
