import { TILL_DB_NAME } from "./till-db-name";

/*
 * How many sales this device holds that have not reached the server (issue 34, decision 0071):
 * the header asks before signing out or switching shop, which would leave them behind (the
 * next member's session could not send them as theirs). Plain IndexedDB, without the till's
 * wrapper, so the site's header does not carry it; a device that never was a till opens
 * nothing (`indexedDB.databases()` first: opening creates).
 */
export async function salesWaitingOnDevice(): Promise<number> {
  if (typeof indexedDB === "undefined" || typeof indexedDB.databases !== "function") return 0;
  try {
    const names = (await indexedDB.databases()).map((db) => db.name);
    if (!names.includes(TILL_DB_NAME)) return 0;
    return await new Promise<number>((resolve) => {
      const opening = indexedDB.open(TILL_DB_NAME);
      opening.onerror = () => resolve(0);
      opening.onsuccess = () => {
        const db = opening.result;
        if (!db.objectStoreNames.contains("queue")) {
          db.close();
          resolve(0);
          return;
        }
        const counting = db.transaction("queue").objectStore("queue").count();
        counting.onsuccess = () => {
          resolve(counting.result);
          db.close();
        };
        counting.onerror = () => {
          resolve(0);
          db.close();
        };
      };
    });
  } catch {
    return 0;
  }
}
