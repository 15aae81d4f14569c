// Talks to a Node process started with --inspect=127.0.0.1:<port> over the DevTools protocol,
// to force a full garbage collection and read the memory left afterwards: the live heap,
// without the side effects of a heap snapshot (which makes the process grow by hundreds of
// MiB while it is written and so spoils any RSS reading after it).

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export interface LiveMemory {
  /** V8 heap in use after a full collection, in bytes. */
  heapUsed: number;
  /** Memory of C++ objects tied to JavaScript ones (buffers among them), in bytes. */
  external: number;
  /** Resident set size of the whole process, in bytes. */
  rss: number;
}

/** V8's CPU profile: a call tree, and which node was on the CPU at each sample. */
export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export class InspectorSession {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  private readonly socket: WebSocket;

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(String(event.data)) as {
        id?: number;
        result?: unknown;
        error?: { message: string };
      };
      const waiting = message.id === undefined ? undefined : this.pending.get(message.id);
      if (!waiting || message.id === undefined) return;
      this.pending.delete(message.id);
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result);
    });
  }

  /** Connects to the first target the inspector at `port` lists. */
  static async connect(port: number): Promise<InspectorSession> {
    for (let attempt = 0; ; attempt++) {
      try {
        const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
          webSocketDebuggerUrl: string;
        }[];
        const url = targets[0]?.webSocketDebuggerUrl;
        if (!url) throw new Error("no inspector target");
        const socket = new WebSocket(url);
        await new Promise<void>((resolve, reject) => {
          socket.addEventListener("open", () => resolve(), { once: true });
          socket.addEventListener("error", () => reject(new Error("inspector refused")), {
            once: true,
          });
        });
        return new InspectorSession(socket);
      } catch (error) {
        if (attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }

  private send(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    const id = this.nextId++;
    const answer = new Promise<unknown>((resolve, reject) =>
      this.pending.set(id, { resolve, reject }),
    );
    this.socket.send(JSON.stringify({ id, method, params }));
    return answer;
  }

  /** Collects garbage twice (the second pass frees what finalizers released) and reads memory. */
  async liveMemory(): Promise<LiveMemory> {
    await this.send("HeapProfiler.collectGarbage");
    await new Promise((resolve) => setTimeout(resolve, 500));
    await this.send("HeapProfiler.collectGarbage");
    const result = (await this.send("Runtime.evaluate", {
      expression: "JSON.stringify(process.memoryUsage())",
      returnByValue: true,
    })) as { result: { value: string } };
    const usage = JSON.parse(result.result.value) as LiveMemory;
    return { heapUsed: usage.heapUsed, external: usage.external, rss: usage.rss };
  }

  /** process.memoryUsage() as it is, without forcing a collection (for sampling over time). */
  async memoryUsage(): Promise<{
    heapTotal: number;
    heapUsed: number;
    external: number;
    arrayBuffers: number;
  }> {
    const result = (await this.send("Runtime.evaluate", {
      expression: "JSON.stringify(process.memoryUsage())",
      returnByValue: true,
    })) as { result: { value: string } };
    const usage = JSON.parse(result.result.value) as NodeJS.MemoryUsage;
    return {
      heapTotal: usage.heapTotal,
      heapUsed: usage.heapUsed,
      external: usage.external,
      arrayBuffers: usage.arrayBuffers,
    };
  }

  /** CPU time the whole process (every thread) has used so far, in milliseconds. */
  async cpuTime(): Promise<number> {
    const result = (await this.send("Runtime.evaluate", {
      expression: "JSON.stringify(process.cpuUsage())",
      returnByValue: true,
    })) as { result: { value: string } };
    const usage = JSON.parse(result.result.value) as NodeJS.CpuUsage;
    return (usage.user + usage.system) / 1000;
  }

  /** Starts V8's sampling CPU profiler (every `intervalUs` microseconds). */
  async startProfiling(intervalUs = 200): Promise<void> {
    await this.send("Profiler.enable");
    await this.send("Profiler.setSamplingInterval", { interval: intervalUs });
    await this.send("Profiler.start");
  }

  /** Stops the profiler and returns its profile (the `.cpuprofile` format). */
  async stopProfiling(): Promise<CpuProfile> {
    const { profile } = (await this.send("Profiler.stop")) as { profile: CpuProfile };
    return profile;
  }

  close(): void {
    this.socket.close();
  }
}
