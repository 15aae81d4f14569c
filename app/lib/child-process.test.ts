import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { waitForOutput } from "./child-process.server";

describe("waiting for a child process to be ready", () => {
  it("resolves when the marker appears, even split across writes", async () => {
    const child = spawn("/bin/sh", [
      "-c",
      "printf 'starting\\nready to '; sleep 0.2; printf 'accept\\n'; sleep 5",
    ]);
    const lines: string[] = [];
    await waitForOutput(child, "ready to accept", {
      timeoutMs: 4_000,
      onLine: (l) => lines.push(l),
    });
    expect(lines).toContain("starting");
    child.kill("SIGKILL");
  });

  it("gives up on a start that hangs and stops the process", async () => {
    const child = spawn("/bin/sh", ["-c", "echo recovering; exec sleep 60"]);
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once("exit", (_code, signal) => resolve(signal)),
    );
    await expect(
      waitForOutput(child, "ready to accept", { timeoutMs: 300, stopSignal: "SIGTERM" }),
    ).rejects.toThrow(/not ready within 300 ms: recovering/);
    expect(await exited).toBe("SIGTERM");
  });

  it("reports a process that exits before it is ready, with its output", async () => {
    const child = spawn("/bin/sh", ["-c", "echo 'FATAL: lock file exists' >&2; exit 1"]);
    await expect(waitForOutput(child, "ready to accept", { timeoutMs: 4_000 })).rejects.toThrow(
      /exited during start \(code 1\): FATAL: lock file exists/,
    );
  });
});
