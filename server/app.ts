// Composition root of the web server. Vite bundles this file (with the React Router
// server build) into build/server/index.js; server/main.ts loads it and listens.
import path from "node:path";
import { parseArgs } from "node:util";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import pg from "pg";
import { pino } from "pino";
import {
  createRequestHandler as createReactRouterHandler,
  RouterContextProvider,
  type ServerBuild,
} from "react-router";
import { appContext, routeTreeContext } from "~/context";
import { isDatabaseReachable } from "~/db/migrate.server";
import { openDatabase, openDatabaseForTool } from "~/db/open-database.server";
import { readEnv } from "~/lib/env.server";
import { MESSAGES_PATH, messageFileAt } from "~/lib/i18n/messages.server";
import {
  createAccountMailer,
  createAuth,
  MIN_PASSWORD_LENGTH,
  makeAdmin,
  adminPasswordRefusal,
} from "~/modules/accounts/index.server";
import { accountMustStay } from "~/modules/shops/index.server";
import { seedDemoContent } from "~/modules/content/index.server";
import { seedDemoListings } from "~/modules/listings/index.server";
import {
  getOrCreateSecret,
  createSmtpSender,
  purgeOldEmailBodies,
  requeueStuckEmails,
  startOutboxWorker,
  attachNotifiedCache,
  attachPageCache,
  CONTENT_CHANGED_CHANNEL,
  createNotifiedCache,
  IDENTITY_CHANGED_CHANNEL,
  pruneRateLimitBuckets,
} from "~/modules/platform/index.server";
import {
  createStorageFromEnv,
  drainFileMoves,
  storageImageOrigin,
} from "~/modules/media/index.server";
import { nextNoticeChange } from "~/modules/notices/index.server";
import { closeOverdueDays, journalCheckReport } from "~/modules/journal/index.server";
import {
  catchUpAnalytics,
  purgeAnalytics,
  rollUpAnalytics,
} from "~/modules/analytics/index.server";
import {
  configureVapid,
  purgeOldPushes,
  requeueStuckPushes,
  startPushWorker,
  vapidDetails,
  vapidSubjectOf,
} from "~/modules/push/index.server";
import { configureReceiptLinks } from "~/modules/sales/index.server";
import { createStockEvents } from "~/modules/stock/index.server";
import { mountAuthEndpoints, trustedClientAddress } from "./http/auth-endpoints";
import { bodyLimit } from "./http/body-limit";
import {
  databaseUnavailableErrors,
  refuseWhileDatabaseUnavailable,
} from "./http/database-unavailable";
import { originCheck } from "./http/origin-check";
import { MISSING_PUBLIC_URL_WARNING, publicOriginResolver } from "./http/public-origin";
import { createLogger, requestLogger } from "./http/request-logging";
import { responseCompression } from "./http/response-compression";
import {
  createRenderCache,
  PAGE_CACHE_MAX_BYTES,
  PAGE_CACHE_MAX_ENTRIES,
  PAGE_CACHE_TTL_MS,
} from "./http/render-cache";
import { routeTreeOf } from "./http/route-tree";
import { contentSecurityPolicy, securityHeaders } from "./http/security-headers";
import { BUILD_HEADER } from "~/lib/stale-build";

// `npm run backup` and `npm run restore` (server/db-tool.ts) run these from the bundle.
export { backupCommand, restoreCommand } from "~/db/backup.server";

export interface BootstrapOptions {
  rootDir: string;
  env: NodeJS.ProcessEnv;
  /** Present in development: Vite's dev server supplies modules and assets. */
  vite?: {
    middlewares: express.RequestHandler;
    ssrLoadModule(url: string): Promise<Record<string, unknown>>;
    /**
     * Node's copy of react-router's context class (Vite gives this file its own copy), which
     * @react-router/express, loaded by Node, checks the load context against.
     */
    RouterContextProvider?: typeof RouterContextProvider;
  };
}

export interface BootstrappedApp {
  handler: express.Express;
  logger: pino.Logger;
  port: number;
  host: string;
  /** Stops background work and the database; call after the HTTP server has drained. */
  close(): Promise<void>;
  /** Makes /healthz answer 503 so a load balancer stops sending traffic. */
  markShuttingDown(): void;
}

/** Opens the database, migrates, seeds, and builds the Express app. */
export async function bootstrap(options: BootstrapOptions): Promise<BootstrappedApp> {
  const env = readEnv(options.env, options.rootDir);
  const logger = createLogger(env.LOG_LEVEL);
  const dev = Boolean(options.vite);
  const version = __APP_VERSION__;

  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.dataDir,
    migrationsFolder: path.join(options.rootDir, "drizzle"),
    logger,
    // The embedded PostgreSQL died and stayed down: exit, so that systemd, Docker or any
    // supervisor restarts the whole service rather than keep answering 503 for ever.
    onFatal: () => process.exit(1),
    restartTimeoutMs: env.DATABASE_RESTART_TIMEOUT * 1000,
  });
  const { db } = database;
  const storage = createStorageFromEnv(env);
  // Files a migration gave new keys (a shop's private files, decision 0061) move in the
  // background from the start, and again every hour while any is left; until a file has
  // moved it is read at its old key, so nothing waits for it.
  const moveStoredFiles = () =>
    drainFileMoves(db, storage).then(
      ({ moved, failed }) => {
        if (moved > 0) logger.info({ moved }, "stored files moved to their new keys");
        for (const { key, error } of failed) {
          logger.warn({ err: error, key }, "a stored file was not moved yet; will try again");
        }
      },
      (error: unknown) => logger.warn({ err: error }, "stored files were not moved yet"),
    );
  let authSecret: string;
  try {
    await seedDemoContent(db);
    // Demo listings are a nicety: a storage problem must not keep the site from starting.
    await seedDemoListings(db, storage).catch((error: unknown) =>
      logger.warn({ err: error }, "the demo listings were not added"),
    );
    authSecret = env.AUTH_SECRET ?? (await getOrCreateSecret(db, "auth"));
    // Web Push's VAPID keys: the environment's, or made on the first start and kept (0078).
    configureVapid(db, {
      publicKey: env.VAPID_PUBLIC_KEY,
      privateKey: env.VAPID_PRIVATE_KEY,
      subject: env.VAPID_SUBJECT ?? vapidSubjectOf(env),
    });
    await vapidDetails(db);
    // The slip's e-receipt links: the environment's secret, or one kept in the database (0096).
    configureReceiptLinks(db, { secret: env.E_RECEIPT_SECRET });
    void moveStoredFiles();
  } catch (error) {
    await database.close();
    throw error;
  }
  const publicOrigin = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : undefined;
  const publicOriginOf = publicOriginResolver({ publicUrl: env.PUBLIC_URL, port: env.PORT });
  if (!publicOrigin && env.NODE_ENV === "production") logger.warn(MISSING_PUBLIC_URL_WARNING);
  const auth = createAuth({
    db,
    secret: authSecret,
    baseURL: publicOrigin ?? {
      allowedHosts: ["localhost:*", "127.0.0.1:*", "[::1]:*", "localhost", "127.0.0.1"],
      fallback: `http://localhost:${env.PORT}`,
      protocol: "http",
    },
    secureCookies: publicOrigin?.startsWith("https:") ?? false,
    mailer: createAccountMailer(db),
    accountMustStay: (userId) => accountMustStay(db, userId),
  });

  const stopWorker = env.SMTP_URL
    ? startOutboxWorker({
        db,
        send: createSmtpSender(env.SMTP_URL),
        from: env.MAIL_FROM,
        onError: (error) => logger.error({ err: error }, "outbox delivery failed"),
      })
    : async () => {};
  if (env.SMTP_URL) await requeueStuckEmails(db, new Date(Date.now() - 10 * 60_000));
  // A till's day nobody closed is closed after midnight (Bangkok) with a note (decision 0072):
  // at start and hourly, as well as whenever the Z reports, the X report or the journal open.
  const closeTillDays = () =>
    void closeOverdueDays(db, null).catch((error: unknown) =>
      logger.warn({ err: error }, "overdue till days were not closed"),
    );
  closeTillDays();
  // Web Push: the queue's worker on every instance (SKIP LOCKED shares the rows), decision 0078.
  await requeueStuckPushes(db, new Date(Date.now() - 10 * 60_000));
  const stopPushWorker = startPushWorker({
    db,
    onError: (error) => logger.error({ err: error }, "push delivery failed"),
  });
  const pruneTimer = setInterval(() => {
    closeTillDays();
    void pruneRateLimitBuckets(db).catch(() => {});
    void moveStoredFiles();
    void purgeOldEmailBodies(db).catch((error: unknown) =>
      logger.warn({ err: error }, "old e-mail bodies were not purged"),
    );
    // Past days' salts, raw analytics older than 30 days (rolled up first), old hourly roll-ups.
    void purgeAnalytics(db).catch((error: unknown) =>
      logger.warn({ err: error }, "old analytics were not purged"),
    );
    void purgeOldPushes(db).catch((error: unknown) =>
      logger.warn({ err: error }, "old push messages were not purged"),
    );
  }, 3_600_000);
  pruneTimer.unref();
  // Analytics roll-ups (decision 0076): what was missed while the site was down, then the
  // last hour's and today's every five minutes (the admin page brings them up to the second).
  void catchUpAnalytics(db).catch((error: unknown) =>
    logger.warn({ err: error }, "analytics were not rolled up"),
  );
  const rollUpTimer = setInterval(() => {
    void rollUpAnalytics(db, new Date(Date.now() - 70 * 60_000)).catch((error: unknown) =>
      logger.warn({ err: error }, "analytics were not rolled up"),
    );
  }, 5 * 60_000);
  rollUpTimer.unref();

  // Sessions, memberships and the company's content are kept in memory while the listening
  // connection hears of their changes (notified-cache.server.ts).
  const cache = createNotifiedCache();
  attachNotifiedCache(db, cache);
  // Visitors' rendered pages (server/http/render-cache.ts), forgotten by the tags that
  // content, notice and listing changes announce on CONTENT_CHANGED_CHANNEL.
  const pages = createNotifiedCache({
    ttlMs: PAGE_CACHE_TTL_MS,
    maxEntries: PAGE_CACHE_MAX_ENTRIES,
    maxBytes: PAGE_CACHE_MAX_BYTES,
  });
  attachPageCache(db, pages);
  // One listening connection per instance, outside the pool.
  const stockEvents = createStockEvents({
    createClient: () => new pg.Client({ ...db.$client.options, keepAlive: true }),
    logger: logger.child({ component: "live-stock" }),
    channels: [IDENTITY_CHANGED_CHANNEL, CONTENT_CHANGED_CHANNEL].map((name) => ({
      name,
      onNotification: (payload: string) => {
        cache.forget(payload);
        if (name === CONTENT_CHANGED_CHANNEL) pages.forget(payload);
      },
      onListening: (listening: boolean) => {
        cache.setListening(listening);
        pages.setListening(listening);
      },
    })),
  });
  // Listen from the start, not only once a live page is open: the notifications also tell this
  // instance when its cached storehub totals (stock-summary-cache.server.ts), sessions,
  // memberships and content are stale.
  void stockEvents.whenListening();
  let shuttingDown = false;

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);
  app.use(trustedClientAddress());
  // Cookies, Set-Cookie and the tokens of e-mailed links are kept out of the logs.
  app.use(requestLogger(logger));
  const imageOrigin = storageImageOrigin(env);
  const cspOptions = { dev, imageOrigins: imageOrigin ? [imageOrigin] : [] };
  app.use(securityHeaders(cspOptions));
  app.use(responseCompression());

  app.get("/healthz", async (_req, res) => {
    const databaseOk = await isDatabaseReachable(db);
    const ok = databaseOk && !shuttingDown;
    res
      .status(ok ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: ok ? "ok" : "unavailable", database: databaseOk ? "ok" : "down", version });
  });

  if (options.vite) {
    app.use(options.vite.middlewares);
  } else {
    const client = path.join(options.rootDir, "build/client");
    // File names under /assets carry a content hash, so they never change. Their brotli and
    // gzip copies were made at build time at the strongest settings (decision 0052); the
    // compression middleware leaves an answer that already has its Content-Encoding alone.
    app.use(
      "/assets",
      expressStaticGzip(path.join(client, "assets"), {
        enableBrotli: true,
        orderPreference: ["br", "gzip"],
        index: false,
        serveStatic: { immutable: true, maxAge: "1y", index: false },
      }),
    );
    // Only paths that look like files can be in the public folder; pages skip the disk lookup.
    const publicFiles = express.static(client, { maxAge: "1d", index: false });
    app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  }

  // Interface text files (app/lib/i18n/messages.server.ts): immutable under a versioned
  // address; an address of another version gets today's text, not kept.
  app.get(`${MESSAGES_PATH}/{*file}`, (req, res, next) => {
    const file = messageFileAt(req.path.slice(MESSAGES_PATH.length));
    if (!file) return next();
    res
      .type("application/json")
      .set("Cache-Control", file.current ? "public, max-age=31536000, immutable" : "no-cache")
      .send(file.source);
  });

  // Every request body is limited by path (server/http/body-limit.ts): a declared length over
  // the limit is refused here; the bytes actually received are counted where they are read.
  app.use(bodyLimit());
  app.use(refuseWhileDatabaseUnavailable(database.availability));
  app.use(originCheck({ publicOrigin }));

  // better-auth's own endpoints: only the links in e-mails (verify e-mail, reset password,
  // sign-in link) are reachable, all GET without a body; they land here and redirect to our
  // pages. Everything else answers 404 and goes through our forms (auth-endpoints.ts).
  mountAuthEndpoints(app, auth);

  const vite = options.vite;
  // Development reloads the routes on every request (hot reload); production loads them once.
  const build: ServerBuild | (() => Promise<ServerBuild>) = vite
    ? async () =>
        (await vite.ssrLoadModule("virtual:react-router/server-build")) as unknown as ServerBuild
    : await import("virtual:react-router/server-build");

  const ContextProvider = vite?.RouterContextProvider ?? RouterContextProvider;
  const getLoadContext = (req: express.Request, res: express.Response) => {
    const context = new ContextProvider();
    context.set(routeTreeContext, async () =>
      routeTreeOf(typeof build === "function" ? await build() : build),
    );
    context.set(appContext, {
      db,
      logger: req.log,
      nonce: res.locals.cspNonce as string,
      // Read only by the few loaders that need them: working out the client's address
      // through the trusted proxies costs more than a till's whole stock-out needs.
      get clientAddress() {
        return req.ip ?? req.socket.remoteAddress ?? "unknown";
      },
      get publicOrigin() {
        return publicOriginOf(req);
      },
      version,
      build: typeof build === "function" ? undefined : build.assets.version,
      auth,
      storage,
      stockEvents,
      databaseAvailability: database.availability,
    });
    return context;
  };

  // Visitors' public pages from memory (server/http/render-cache.ts); development renders
  // every request afresh (hot reload changes the pages).
  if (typeof build !== "function") {
    const renderDocument = createReactRouterHandler(build, "production");
    const renderCache = createRenderCache({
      pages,
      publicOriginOf,
      nextChange: () => nextNoticeChange(db),
      policyFor: (scriptHashes) => contentSecurityPolicy(cspOptions, scriptHashes),
      render(req, res) {
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) {
          for (const one of [value ?? []].flat()) headers.append(name, one);
        }
        const url = new URL(req.originalUrl, publicOriginOf(req));
        return renderDocument(new Request(url, { headers }), getLoadContext(req, res));
      },
    });
    app.get("/{*path}", renderCache.middleware);
    // A page of another build reloads on its next data request (app/lib/stale-build.ts).
    app.use((req, res, next) => {
      if (req.path.endsWith(".data")) res.setHeader(BUILD_HEADER, build.assets.version);
      next();
    });
  }

  app.all(
    "/{*path}",
    createRequestHandler({
      build,
      mode: dev ? "development" : "production",
      getLoadContext,
    }),
  );

  app.use(databaseUnavailableErrors(database.availability));
  // Last resort: never show a stack trace.
  app.use(((error, req, res, _next) => {
    req.log?.error({ err: error }, "unhandled request error");
    if (res.headersSent) return res.end();
    res.status(500).type("text/plain; charset=utf-8").send("เกิดข้อผิดพลาด / Error");
  }) as express.ErrorRequestHandler);

  return {
    handler: app,
    logger,
    port: env.PORT,
    host: env.HOST,
    markShuttingDown() {
      shuttingDown = true;
      // Ends the live pages' streams so that the HTTP server can drain; browsers reconnect
      // to another instance.
      void stockEvents.close();
    },
    async close() {
      clearInterval(pruneTimer);
      clearInterval(rollUpTimer);
      await stockEvents.close();
      await stopWorker();
      await stopPushWorker();
      await database.close();
    },
  };
}

/**
 * `npm run admin:create -- --email someone@example.com [--password …] [--name …]`:
 * makes that account an admin (creating it when needed). Returns the process exit code.
 */
export async function adminCreate(options: {
  rootDir: string;
  env: NodeJS.ProcessEnv;
  argv: string[];
}): Promise<number> {
  const { values } = parseArgs({
    args: options.argv,
    options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
    allowPositionals: false,
  });
  if (!values.email || !/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(values.email)) {
    console.error("ใช้: npm run admin:create -- --email you@example.com [--password …] [--name …]");
    console.error(
      "Usage: npm run admin:create -- --email you@example.com [--password …] [--name …]",
    );
    return 2;
  }
  if (values.password !== undefined && values.password.length < MIN_PASSWORD_LENGTH) {
    console.error(
      `รหัสผ่านต้องมีอย่างน้อย ${MIN_PASSWORD_LENGTH} ตัวอักษร / Password should be at least ${MIN_PASSWORD_LENGTH} characters`,
    );
    return 2;
  }
  const refused =
    values.password === undefined
      ? null
      : await adminPasswordRefusal(values.password, { email: values.email, name: values.name });
  if (refused) {
    console.error(refused);
    return 2;
  }
  const env = readEnv(options.env, options.rootDir);
  const logger = pino({ level: "warn" });
  const database = await openDatabaseForTool({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.dataDir,
    migrationsFolder: path.join(options.rootDir, "drizzle"),
    logger,
  });
  try {
    const auth = createAuth({
      db: database.db,
      secret: env.AUTH_SECRET ?? (await getOrCreateSecret(database.db, "auth")),
      baseURL: env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://localhost:${env.PORT}`,
      secureCookies: false,
      mailer: createAccountMailer(database.db),
      accountMustStay: (userId) => accountMustStay(database.db, userId),
    });
    const outcome = await makeAdmin(auth, database.db, {
      email: values.email,
      password: values.password,
      name: values.name,
    });
    if (outcome.status === "already-admin") {
      console.log(`${outcome.email} เป็นผู้ดูแลระบบอยู่แล้ว / is already an admin`);
    } else if (outcome.status === "promoted") {
      console.log(`${outcome.email} เป็นผู้ดูแลระบบแล้ว / is now an admin`);
    } else {
      console.log(`สร้างผู้ดูแลระบบ ${outcome.email} แล้ว / Created admin ${outcome.email}`);
      if (outcome.generatedPassword) {
        console.log(`รหัสผ่านชั่วคราว / Temporary password: ${outcome.generatedPassword}`);
        console.log("กรุณาเข้าสู่ระบบแล้วเปลี่ยนรหัสผ่านทันที / Sign in and change it at once.");
      }
    }
    return 0;
  } finally {
    await database.close();
  }
}

/**
 * `npm run journal:verify [-- --shop <id>]`: hashes every entry of the electronic journal again
 * and follows each till's chain and the Z reports' grand totals (decision 0072). Prints each
 * problem (the till and the entry's number) and returns 1 when there is one.
 */
export async function journalVerify(options: {
  rootDir: string;
  env: NodeJS.ProcessEnv;
  argv: string[];
}): Promise<number> {
  const { values } = parseArgs({
    args: options.argv,
    options: { shop: { type: "string" } },
    allowPositionals: false,
  });
  const env = readEnv(options.env, options.rootDir);
  const logger = pino({ level: "warn" });
  const database = await openDatabaseForTool({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.dataDir,
    migrationsFolder: path.join(options.rootDir, "drizzle"),
    logger,
  });
  try {
    const report = await journalCheckReport(database.db, values.shop ?? null);
    for (const line of report.lines) console.log(line);
    return report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}
