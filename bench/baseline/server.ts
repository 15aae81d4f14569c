// Serves the baseline build with the app's HTTP stack (server/app.ts): request logging,
// security headers with a CSP nonce, compression, static assets, origin check, and
// React Router's Express handler, which streams the body through the compression middleware,
// as the app's own pages are sent. Started by bench/site.ts; SIGTERM stops it.
import { createServer } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { pino } from "pino";
import { pinoHttp } from "pino-http";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { originCheck } from "../../server/http/origin-check.ts";
import { responseCompression } from "../../server/http/response-compression.ts";
import { securityHeaders } from "../../server/http/security-headers.ts";

const buildDir = path.resolve(
  process.env.BASELINE_BUILD_DIR ?? path.join(import.meta.dirname, "../results/baseline-build"),
);
const port = Number(process.env.PORT ?? 3001);
const host = process.env.HOST ?? "127.0.0.1";
const logger = pino({ level: process.env.LOG_LEVEL ?? "warn" });
const build = (await import(
  pathToFileURL(path.join(buildDir, "server/index.js")).href
)) as ServerBuild;

const app = express();
app.disable("x-powered-by");
app.use(
  pinoHttp({
    logger,
    autoLogging: { ignore: (req) => req.url?.startsWith("/assets/") === true },
  }),
);
app.use(securityHeaders({ dev: false }));
app.use(responseCompression());
app.use(
  "/assets",
  express.static(path.join(buildDir, "client/assets"), {
    immutable: true,
    maxAge: "1y",
    index: false,
  }),
);
app.use(express.static(path.join(buildDir, "client"), { maxAge: "1d", index: false }));
app.use(originCheck({}));
app.all(
  "/{*path}",
  createRequestHandler({
    build,
    mode: "production",
    getLoadContext: () => new RouterContextProvider(),
  }),
);

const server = createServer(app);
server.keepAliveTimeout = 5_000;
server.listen(port, host, () => logger.info({ port }, "baseline is listening"));
process.once("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
});
