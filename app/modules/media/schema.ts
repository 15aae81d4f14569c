import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Stored files waiting to move to another key: written by a migration that renamed the keys
 * its rows hold (0031: a shop's receipt photos and logos to private/, decision 0061), drained
 * by drainFileMoves once the file is at its new key. Until then the file is read at its old key.
 */
export const storedFileMove = pgTable("stored_file_move", {
  fromKey: text("from_key").primaryKey(),
  toKey: text("to_key").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
