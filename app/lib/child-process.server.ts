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

/**
 * Waits until a child process writes `marker` on stdout or stderr. Rejects, with the last of
 * its output, when it exits first or when `timeoutMs` passes; on timeout the child is stopped
 * (`stopSignal`, then SIGKILL), so a start that hangs never holds its caller forever.
 */
export function waitForOutput(
  child: ChildProcess,
  marker: string,
  {
    timeoutMs,
    onLine = () => {},
    stopSignal = "SIGQUIT" as NodeJS.Signals,
  }: { timeoutMs: number; onLine?: (line: string) => void; stopSignal?: NodeJS.Signals },
): Promise<void> {
  let output = "";
  return new Promise<void>((resolve, reject) => {
    const finish = (error?: Error) => {
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      child.stderr?.off("data", onData);
      child.off("exit", onExit);
      if (error) reject(error);
      else resolve();
    };
    const onData = (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      output = (output + text).slice(-4000);
      for (const line of text.split("\n")) if (line.trim()) onLine(line);
      if (output.includes(marker)) finish();
    };
    const onExit = (code: number | null) =>
      finish(new Error(`exited during start (code ${code}): ${output}`));
    const timer = setTimeout(() => {
      finish(new Error(`not ready within ${timeoutMs} ms: ${output}`));
      void stopChildProcess(child, stopSignal, { forceAfterMs: 5_000 });
    }, timeoutMs);
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", onExit);
    child.once("error", (error) => finish(error));
  });
}
