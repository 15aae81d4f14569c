// server/main.ts starts the app with glibc's malloc limited to two arenas and a fixed mmap
// threshold (decision 0043-malloc-arenas): it replaces itself once, keeping its pid, its Node
// flags and its arguments, and leaves alone values set by whoever starts it.
import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

// Loaded before server/main.ts in every process image. When main.ts goes on to load the app's
// build, it reports what that image runs with and stops it, so the app itself never starts.
// Where main.ts replaces itself, it does so before that point, so only the last image reports.
const PROBE = `
import { registerHooks } from "node:module";
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier.endsWith("build/server/index.js")) {
      console.log(JSON.stringify({
        pid: process.pid,
        arenas: process.env.MALLOC_ARENA_MAX ?? null,
        mmapThreshold: process.env.MALLOC_MMAP_THRESHOLD_ ?? null,
        semiSpace: process.execArgv.includes("--max-semi-space-size=8"),
        args: process.argv.slice(2),
      }));
      process.exit(0);
    }
    return nextResolve(specifier, context);
  },
});
`;

function probeServer(env: Record<string, string>) {
  const base = { ...process.env };
  delete base.MALLOC_ARENA_MAX;
  delete base.MALLOC_MMAP_THRESHOLD_;
  const child = spawn(
    process.execPath,
    [
      "--max-semi-space-size=8",
      "--import",
      `data:text/javascript,${encodeURIComponent(PROBE)}`,
      "server/main.ts",
      "--an-argument",
    ],
    { cwd: root, env: { ...base, NODE_ENV: "production", ...env }, stdio: "pipe" },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  return new Promise<{ childPid: number | undefined; report: Record<string, unknown> }>(
    (resolve, reject) => {
      child.once("error", reject);
      child.once("exit", () => {
        const line = output.split("\n").find((l) => l.startsWith("{"));
        if (!line) reject(new Error(`no report from the server process: ${output}`));
        else resolve({ childPid: child.pid, report: JSON.parse(line) as Record<string, unknown> });
      });
    },
  );
}

describe.runIf(process.platform === "linux")("the server's allocator settings", () => {
  it("start the app with two malloc arenas and a fixed mmap threshold, as the same process", async () => {
    const { childPid, report } = await probeServer({});
    expect(report).toEqual({
      pid: childPid,
      arenas: "2",
      mmapThreshold: "131072",
      semiSpace: true,
      args: ["--an-argument"],
    });
  });

  it("keep what whoever starts the app has set", async () => {
    const { report } = await probeServer({ MALLOC_ARENA_MAX: "16" });
    expect(report).toMatchObject({ arenas: "16", mmapThreshold: null });
    const mmapOnly = await probeServer({ MALLOC_MMAP_THRESHOLD_: "65536" });
    expect(mmapOnly.report).toMatchObject({ arenas: "2", mmapThreshold: "65536" });
  });
});
