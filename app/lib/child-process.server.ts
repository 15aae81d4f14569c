// Process helpers shared by the embedded PostgreSQL, the test set-up and the benchmark.
// No path aliases here: the benchmark loads this file with plain Node.
import type { ChildProcess } from "node:child_process";
import { createServer } from "node:net";

/** A TCP port on 127.0.0.1 that is free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("No free port")),
      );
    });
  });
}

/**
 * Asks a child process to stop with `signal` and waits for it; if it is still running after
 * `forceAfterMs`, sends `forceSignal`. Resolves with its exit code.
 */
export function stopChildProcess(
  child: ChildProcess,
  signal: NodeJS.Signals = "SIGTERM",
  { forceAfterMs = 20_000, forceSignal = "SIGKILL" as NodeJS.Signals } = {},
): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill(forceSignal), forceAfterMs);
    child.once("exit", (code) => {
      clearTimeout(force);
      resolve(code);
    });
    child.kill(signal);
  });
}
