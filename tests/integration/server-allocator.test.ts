// `npm run serve` (and so `npm start`) starts the app with glibc's malloc limited to two arenas
// and a fixed mmap threshold (decision 0043-malloc-arenas, 0065), and leaves alone values set by
// whoever starts it. The README's systemd unit and container examples set the same variables.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

// Loaded before server/main.ts (through NODE_OPTIONS, as npm passes the environment on). When
// main.ts goes on to load the app's build, it reports what the process runs with and stops, so
// the app itself never starts.
const PROBE = `
import { registerHooks } from "node:module";
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier.endsWith("build/server/index.js")) {
      console.log(JSON.stringify({
        arenas: process.env.MALLOC_ARENA_MAX ?? null,
        mmapThreshold: process.env.MALLOC_MMAP_THRESHOLD_ ?? null,
        nodeEnv: process.env.NODE_ENV ?? null,
      }));
      process.exit(0);
    }
    return nextResolve(specifier, context);
  },
});
`;

function probeServe(env: Record<string, string>) {
  const base = { ...process.env };
  delete base.MALLOC_ARENA_MAX;
  delete base.MALLOC_MMAP_THRESHOLD_;
  delete base.NODE_ENV;
  const child = spawn("npm", ["run", "--silent", "serve"], {
    cwd: root,
    env: {
      ...base,
      NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(PROBE)}`,
      ...env,
    },
    stdio: "pipe",
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", () => {
      const line = output.split("\n").find((l) => l.startsWith("{"));
      if (!line) reject(new Error(`no report from the server process: ${output}`));
      else resolve(JSON.parse(line) as Record<string, unknown>);
    });
  });
}

describe("the server's allocator settings", () => {
  it("are what `npm run serve` starts the app with", async () => {
    expect(await probeServe({})).toEqual({
      arenas: "2",
      mmapThreshold: "131072",
      nodeEnv: "production",
    });
  });

  it("keep what whoever starts the app has set", async () => {
    expect(await probeServe({ MALLOC_ARENA_MAX: "16" })).toMatchObject({
      arenas: "16",
      mmapThreshold: "131072",
    });
    expect(await probeServe({ MALLOC_MMAP_THRESHOLD_: "65536" })).toMatchObject({
      arenas: "2",
      mmapThreshold: "65536",
    });
  });

  it("are the ones the README's systemd unit and container examples set", () => {
    const readme = readFileSync(path.join(root, "README.md"), "utf8");
    expect(readme).toContain("Environment=MALLOC_ARENA_MAX=2");
    expect(readme).toContain("Environment=MALLOC_MMAP_THRESHOLD_=131072");
    expect(readme).toContain("ENV MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072");
  });
});
