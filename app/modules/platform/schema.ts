import {
  bigint,
  bigserial,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/** Fixed-window counters for rate limits, kept in PostgreSQL so they hold across restarts and instances. */
export const rateLimitBucket = pgTable("rate_limit_bucket", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
  hits: integer("hits").notNull().default(0),
});

/** Every e-mail the site sends goes through this table first (the outbox pattern). */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    toAddress: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    /** pending -> sending -> sent, or back to pending with a later next_attempt_at, or failed. */
    status: text("status", { enum: ["pending", "sending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    /** When a worker took the row; a row stuck in 'sending' long after this is retried. */
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [index("email_outbox_due_idx").on(table.status, table.nextAttemptAt)],
);

/**
 * What some e-mails carry beyond the outbox row (e-Tax documents, decision 0074): a sender of
 * their own (the shop's address registered with the Revenue Department) and copies (the
 * time-stamp service). A table of its own, so the outbox rows of every other e-mail stay as
 * they were.
 */
export const emailEnvelope = pgTable("email_envelope", {
  emailId: bigint("email_id", { mode: "number" })
    .primaryKey()
    .references(() => emailOutbox.id, { onDelete: "cascade" }),
  /** The From address; null: the site's MAIL_FROM. The site's address is then the Sender. */
  fromAddress: text("from_address"),
  /** Copies (Cc), comma-separated as in a header. */
  ccAddresses: text("cc_addresses").notNull().default(""),
});

/** Files attached to an outbox e-mail; emptied with the body after the retention period. */
export const emailAttachment = pgTable(
  "email_attachment",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    emailId: bigint("email_id", { mode: "number" })
      .notNull()
      .references(() => emailOutbox.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    content: bytea("content").notNull(),
  },
  (table) => [index("email_attachment_email_idx").on(table.emailId)],
);

/** Secrets the app generates once and every instance shares (e.g. the session signing key). */
export const appSecret = pgTable("app_secret", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
