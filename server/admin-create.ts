// `npm run admin:create -- --email …`: runs adminCreate from the built server bundle
// (or, without a build, from the sources through Vite).
import { loadServerModule, rootDir, type Command } from "./load-server-module.ts";

const { module, close } = await loadServerModule<{ adminCreate: Command }>();
const code = await module.adminCreate({ rootDir, env: process.env, argv: process.argv.slice(2) });
await close?.();
process.exit(code);
