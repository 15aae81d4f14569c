// `npm run journal:verify [-- --shop <shop id>]`: checks the electronic journal's hash chain,
// that every document has its entry, and the Z reports' grand totals (decision 0072). Exit
// code 0 when all is intact, 1 with each problem printed.
import { loadServerModule, rootDir, type Command } from "./load-server-module.ts";

const { module, close } = await loadServerModule<{ journalVerify: Command }>();
const code = await module.journalVerify({ rootDir, env: process.env, argv: process.argv.slice(2) });
await close?.();
process.exit(code);
