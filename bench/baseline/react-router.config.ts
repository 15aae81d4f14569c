import type { Config } from "@react-router/dev/config";

// The baseline: a bare server-rendered React Router page, built with the app's toolchain.
// The output goes to bench/results/ (already ignored by git, ESLint and Prettier).
export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "../results/baseline-build",
} satisfies Config;
