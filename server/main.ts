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
  return { mod, vite };
}

const DRAIN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  const { mod, vite } = await loadApp();
  const app = await mod.bootstrap({ rootDir, env: process.env, vite });
  const server = createServer(app.handler);
  // Keep-alive sockets would hold the drain open; they are closed once idle.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(app.port, app.host, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : app.port;
  app.logger.info({ port, url: `http://localhost:${port}/` }, "DP Tech site is listening");

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.logger.info({ signal }, "shutting down");
    app.markShuttingDown();
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const timeout = setTimeout(() => server.closeAllConnections(), DRAIN_TIMEOUT_MS);
    await drained;
    clearTimeout(timeout);
    await vite?.close();
    await app.close();
    app.logger.info({}, "stopped cleanly");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
