import path from "node:path";
import { z } from "zod";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** An external PostgreSQL server; when unset the embedded one is started. */
  DATABASE_URL: z.string().url().optional(),
  /** Where the embedded database (and later uploads) live. */
  DATA_DIR: z.string().default("./data"),
  /**
   * How long the app keeps trying to start a dead embedded PostgreSQL again before it exits
   * (non-zero, for its supervisor to restart the service), in seconds.
   */
  DATABASE_RESTART_TIMEOUT: z.coerce.number().int().min(1).max(3600).default(60),
  /** e.g. smtp://user:password@mail.example.com:587; unset keeps mail in the outbox. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("DP Tech <no-reply@dptech.co.th>"),
  /** The site's public address, e.g. https://www.dptech.co.th (canonical links, origin checks). */
  PUBLIC_URL: z.string().url().optional(),
  /** Signs session cookies; when unset one is generated once and kept in the database. */
  AUTH_SECRET: z.string().min(32).optional(),
  /**
   * Derives the receipt slip's e-receipt links (decision 0096); when unset one is generated once
   * and kept in the database, so a copy of the database could then make them too.
   */
  E_RECEIPT_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Express "trust proxy" setting: which proxies may set X-Forwarded-For. */
  TRUST_PROXY: z.string().default("loopback"),
  /** An S3-compatible bucket for uploads; unset keeps them under DATA_DIR/uploads. */
  S3_BUCKET: z.string().optional(),
  /** The S3 API endpoint of a non-AWS service (R2, MinIO, …); unset means AWS itself. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Public base URL of the bucket (or its CDN); unset serves the files through /media. */
  S3_PUBLIC_URL: z.string().url().optional(),
  /**
   * The Web Push VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints it);
   * unset: made once at the first start and kept in the database (decision 0078).
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/)
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/)
    .optional(),
  /** Who push services may contact: mailto:… or https://…; unset: PUBLIC_URL, else MAIL_FROM. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/)
    .optional(),
});

export type Env = z.infer<typeof envSchema> & { dataDir: string };

/** Reads and checks the settings; a bad value stops the start with a clear message. */
export function readEnv(source: NodeJS.ProcessEnv, rootDir: string): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return { ...result.data, dataDir: path.resolve(rootDir, result.data.DATA_DIR) };
}
