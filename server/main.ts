// Process entry: `node server/main.ts` (Node 24 strips the types). Loads the bundled app
// (or, in development, the sources through Vite), listens, and shuts down gracefully.
import { createServer } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";

const rootDir = path.resolve(import.meta.dirname, "..");
const dev = process.env.NODE_ENV === "development";

interface AppModule {
  bootstrap(options: { rootDir: string; env: NodeJS.ProcessEnv; vite?: unknown }): Promise<{
    handler: Parameters<typeof createServer>[1];
    logger: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
    port: number;
    host: string;
    close(): Promise<void>;
    markShuttingDown(): void;
  }>;
}

async function loadApp(): Promise<{ mod: AppModule; vite?: { close(): Promise<void> } }> {
  if (!dev) {
    const entry = pathToFileURL(path.join(rootDir, "build/server/index.js")).href;
    return { mod: (await import(entry)) as AppModule };
  }
  const { createServer: createViteServer } = await import("vite");
  const vite = await createViteServer({
    root: rootDir,
    server: { middlewareMode: true },
    appType: "custom",
  });
  const mod = (await vite.ssrLoadModule("/server/app.ts")) as unknown as AppModule;
  // The Express adapter checks the context against Node's copy of react-router.
  const { RouterContextProvider } = await import("react-router");
  return { mod, vite: Object.assign(vite, { RouterContextProvider }) };
}

const DRAIN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  // Listen for signals before booting: a stop requested while the database is still
  // starting must still end with the database stopped, not orphaned.
  const lifecycle: { stopRequested?: string; shutdown?: (signal: string) => Promise<void> } = {};
  const onSignal = (signal: string) => {
    if (lifecycle.shutdown) void lifecycle.shutdown(signal);
    else lifecycle.stopRequested ??= signal;
  };
  const onSigterm = () => onSignal("SIGTERM");
  process.on("SIGTERM", onSigterm);
  process.on("SIGINT", () => onSignal("SIGINT"));

  const { mod, vite } = await loadApp();
  const app = await mod.bootstrap({ rootDir, env: process.env, vite });
  if (vite) {
    // Vite (through the React Router plugin) adds a SIGTERM handler that exits at once,
    // which would orphan the embedded PostgreSQL; our shutdown closes Vite in its turn.
    for (const listener of process.listeners("SIGTERM")) {
      if (listener !== onSigterm) process.off("SIGTERM", listener);
    }
  }
  const server = createServer(app.handler);
  // Keep-alive sockets would hold the drain open; they are closed once idle.
  server.keepAliveTimeout = 5_000;

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.logger.info({ signal }, "shutting down");
    app.markShuttingDown();
    if (server.listening) {
      const drained = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const timeout = setTimeout(() => server.closeAllConnections(), DRAIN_TIMEOUT_MS);
      await drained;
      clearTimeout(timeout);
    }
    await vite?.close();
    await app.close();
    app.logger.info({}, "stopped cleanly");
    process.exit(0);
  };
  lifecycle.shutdown = shutdown;
  if (lifecycle.stopRequested) return shutdown(lifecycle.stopRequested);

  await new Promise<void>((resolve) => server.listen(app.port, app.host, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : app.port;
  app.logger.info({ port, url: `http://localhost:${port}/` }, "DP Tech site is listening");
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
