// Serves the baseline build with the app's HTTP stack (server/app.ts): request logging,
// security headers with a CSP nonce, compression, static assets, origin check, and
// React Router's Express handler, which streams the body through the compression middleware
// (the yardstick issue 15's goals were set against). With BASELINE_WHOLE_BODY=1 the body is
// sent as the app sends its own (server/http/whole-body-compression.ts: complete at once,
// compressed in one piece), for the comparison `npm run bench -- --baseline-whole-body`
// makes. Started by bench/site.ts; SIGTERM stops it.
import { createServer } from "node:http";
import { register } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { pino } from "pino";
import { pinoHttp } from "pino-http";
import {
  createRequestHandler as createFetchHandler,
  RouterContextProvider,
  type ServerBuild,
} from "react-router";
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
  process.env.BASELINE_WHOLE_BODY === "1"
    ? await wholeBodyHandler()
    : createRequestHandler({
        build,
        mode: "production",
        getLoadContext: () => new RouterContextProvider(),
      }),
);

/** React Router's handler with the body sent by the app's `sendBody`. */
async function wholeBodyHandler(): Promise<express.RequestHandler> {
  // The server's modules leave out the ".ts" extension of their imports (alias-hooks.mjs).
  register("../alias-hooks.mjs", import.meta.url);
  const { sendBody } = await import("../../server/http/whole-body-compression.ts");
  const handle = createFetchHandler(build, "production");
  return async (req, res, next) => {
    try {
      const headers = new Headers();
      for (const [key, value] of Object.entries(req.headers)) {
        if (typeof value === "string") headers.set(key, value);
        else for (const each of value ?? []) headers.append(key, each);
      }
      const url = `${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`;
      const request = new Request(url, { method: req.method, headers });
      const response = await handle(request, new RouterContextProvider());
      res.status(response.status);
      for (const [key, value] of response.headers.entries()) res.append(key, value);
      if (response.body) await sendBody(req, res, response.body);
      else res.end();
    } catch (error) {
      next(error);
    }
  };
}

const server = createServer(app);
server.keepAliveTimeout = 5_000;
server.listen(port, host, () => logger.info({ port }, "baseline is listening"));
process.once("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
});
