// `npm run backup [-- --to <folder>] [--keep <n>]` and `npm run restore -- <backup>`: run the
// backup commands (app/db/backup.server.ts) from the built server bundle, or, without a
// build, from the sources through Vite, as `npm run admin:create` does.
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const rootDir = path.resolve(import.meta.dirname, "..");
const built = path.join(rootDir, "build/server/index.js");

type Command = (options: {
  rootDir: string;
  env: NodeJS.ProcessEnv;
  argv: string[];
}) => Promise<number>;
interface Commands {
  backupCommand: Command;
  restoreCommand: Command;
}

async function load(): Promise<{ commands: Commands; close?: () => Promise<void> }> {
  if (existsSync(built)) return { commands: (await import(pathToFileURL(built).href)) as Commands };
  const { createServer } = await import("vite");
  const vite = await createServer({
    root: rootDir,
    server: { middlewareMode: true },
    appType: "custom",
    logLevel: "error",
  });
  const commands = (await vite.ssrLoadModule("/server/app.ts")) as unknown as Commands;
  return { commands, close: () => vite.close() };
}

const [name, ...argv] = process.argv.slice(2);
if (name !== "backup" && name !== "restore") {
  console.error("Usage: node server/db-tool.ts backup|restore …");
  process.exit(2);
}
const { commands, close } = await load();
const run = name === "backup" ? commands.backupCommand : commands.restoreCommand;
const code = await run({ rootDir, env: process.env, argv });
await close?.();
process.exit(code);
