import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { appSecret } from "./schema";

/**
 * The secret called `name`, created at random on first use. Kept in PostgreSQL so that
 * every instance of the app (and every restart) signs and checks with the same key.
 */
export async function getOrCreateSecret(db: Database, name: string): Promise<string> {
  await db
    .insert(appSecret)
    .values({ name, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecret).where(eq(appSecret.name, name));
  if (!row) throw new Error(`secret ${name} could not be stored`);
  return row.value;
}

/**
 * Like getOrCreateSecret, for a secret `make` creates (a key pair kept as one value): the first
 * instance to store it wins, every other one reads what it stored.
 */
export async function getOrCreateSecretMadeBy(
  db: Database,
  name: string,
  make: () => string,
): Promise<string> {
  await db.insert(appSecret).values({ name, value: make() }).onConflictDoNothing();
  const [row] = await db.select().from(appSecret).where(eq(appSecret.name, name));
  if (!row) throw new Error(`secret ${name} could not be stored`);
  return row.value;
}
