// `npm run backup [-- --to <folder>] [--keep <n>]` and `npm run restore -- <backup>`: run the
// backup commands (app/db/backup.server.ts) from the built server bundle, or, without a
// build, from the sources through Vite, as `npm run admin:create` does.
import { loadServerModule, rootDir, type Command } from "./load-server-module.ts";

interface Commands {
  backupCommand: Command;
  restoreCommand: Command;
}

const [name, ...argv] = process.argv.slice(2);
if (name !== "backup" && name !== "restore") {
  console.error("Usage: node server/db-tool.ts backup|restore …");
  process.exit(2);
}
const { module: commands, close } = await loadServerModule<Commands>();
const run = name === "backup" ? commands.backupCommand : commands.restoreCommand;
const code = await run({ rootDir, env: process.env, argv });
await close?.();
process.exit(code);
