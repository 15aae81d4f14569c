import { defineConfig } from "drizzle-kit";

// Only `drizzle-kit generate` uses this file: it diffs app/db/schema.ts against the
// snapshots in drizzle/meta and writes the next SQL migration.
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema.ts",
  out: "./drizzle",
});
