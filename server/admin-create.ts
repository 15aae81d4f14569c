// `npm run admin:create -- --email …`: runs adminCreate from the built server bundle
// (or, without a build, from the sources through Vite).
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const rootDir = path.resolve(import.meta.dirname, "..");
const built = path.join(rootDir, "build/server/index.js");

type AdminCreate = (options: {
  rootDir: string;
  env: NodeJS.ProcessEnv;
  argv: string[];
}) => Promise<number>;

async function load(): Promise<{ adminCreate: AdminCreate; close?: () => Promise<void> }> {
  if (existsSync(built))
    return (await import(pathToFileURL(built).href)) as { adminCreate: AdminCreate };
  const { createServer } = await import("vite");
  const vite = await createServer({
    root: rootDir,
    server: { middlewareMode: true },
    appType: "custom",
    logLevel: "error",
  });
  const mod = (await vite.ssrLoadModule("/server/app.ts")) as unknown as {
    adminCreate: AdminCreate;
  };
  return { adminCreate: mod.adminCreate, close: () => vite.close() };
}

const { adminCreate, close } = await load();
const code = await adminCreate({ rootDir, env: process.env, argv: process.argv.slice(2) });
await close?.();
process.exit(code);
