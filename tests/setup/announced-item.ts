import pg from "pg";
import type { Database } from "~/db/client.server";
import { STOCK_CHANGED_CHANNEL } from "~/modules/stock/stock-change-notifier.server";
import { insertItem } from "./factories";

/**
 * An item created before a test's hub listens, returned once its own stock announcement has
 * been sent. Creating an item announces a change after the announce window (50 ms); a hub
 * that starts listening within that window hears one "change" more than the test's own
 * posting, which a loaded CI machine did. Waiting for the announcement on a connection of its
 * own makes the order certain: NOTIFY reaches only sessions already listening.
 */
export async function insertItemAnnounced(
  db: Database,
  url: string,
  shopId: string,
  userId: string,
  options: Parameters<typeof insertItem>[3] = {},
) {
  const watcher = new pg.Client({ connectionString: url });
  await watcher.connect();
  try {
    await watcher.query(`LISTEN ${STOCK_CHANGED_CHANNEL}`);
    const announced = new Promise<void>((resolve) => {
      watcher.on("notification", (message) => {
        if (message.payload === shopId) resolve();
      });
    });
    const item = await insertItem(db, shopId, userId, options);
    await announced;
    return item;
  } finally {
    await watcher.end();
  }
}
