import { index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** Messages sent through the contact form; admins read them. */
export const contactMessage = pgTable(
  "contact_message",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email"),
    /** E.164 */
    phone: text("phone"),
    topic: text("topic").notNull(),
    message: text("message").notNull(),
    clientAddress: text("client_address").notNull(),
    userAgent: text("user_agent"),
    status: text("status", { enum: ["new", "read"] })
      .notNull()
      .default("new"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("contact_message_created_idx").on(table.createdAt)],
);
