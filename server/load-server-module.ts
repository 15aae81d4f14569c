// The command-line tools (admin-create.ts, db-tool.ts) run code of the app: from the built
// server bundle, or, without a build, from the sources through Vite.
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export const rootDir = path.resolve(import.meta.dirname, "..");
const built = path.join(rootDir, "build/server/index.js");

/** A command of server/app.ts: its options in, the process's exit code out. */
export type Command = (options: {
  rootDir: string;
  env: NodeJS.ProcessEnv;
  argv: string[];
}) => Promise<number>;

/** server/app.ts's exports, and how to let go of Vite afterwards when it was used. */
export async function loadServerModule<T>(): Promise<{ module: T; close?: () => Promise<void> }> {
  if (existsSync(built)) return { module: (await import(pathToFileURL(built).href)) as T };
  const { createServer } = await import("vite");
  const vite = await createServer({
    root: rootDir,
    server: { middlewareMode: true },
    appType: "custom",
    logLevel: "error",
  });
  const module = (await vite.ssrLoadModule("/server/app.ts")) as unknown as T;
  return { module, close: () => vite.close() };
}
