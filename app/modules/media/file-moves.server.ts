import { eq } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { type FileStorage, mediaTypeOf } from "./local-storage.server";
import { storedFileMove } from "./schema";

/*
 * Files a migration gave new keys (stored_file_move): the rows already name the new key, the
 * file follows. Until it has, it is read where it still is.
 */

/** A stored file by its key, or at its old key while its move is pending; null when gone. */
export async function readStoredFile(
  db: DbExecutor,
  storage: FileStorage,
  key: string,
): Promise<Buffer | null> {
  const file = await storage.get(key);
  if (file) return file;
  const [pending] = await db
    .select({ fromKey: storedFileMove.fromKey })
    .from(storedFileMove)
    .where(eq(storedFileMove.toKey, key));
  return pending ? storage.get(pending.fromKey) : null;
}

/**
 * Moves the pending files: each is copied to its new key, then removed from the old one, then
 * forgotten, so there is always a copy to read. Safe on several instances at once and after a
 * failure (a move that failed stays for the next run; a file already gone is just forgotten).
 */
export async function drainFileMoves(
  db: DbExecutor,
  storage: FileStorage,
): Promise<{ moved: number; failed: { key: string; error: unknown }[] }> {
  const pending = await db.select().from(storedFileMove);
  let moved = 0;
  const failed: { key: string; error: unknown }[] = [];
  for (const move of pending) {
    try {
      const file = await storage.get(move.fromKey);
      if (file) {
        const type = mediaTypeOf(move.toKey) ?? "application/octet-stream";
        await storage.put(move.toKey, file, type);
        await storage.remove(move.fromKey);
        moved += 1;
      }
      await db.delete(storedFileMove).where(eq(storedFileMove.fromKey, move.fromKey));
    } catch (error) {
      failed.push({ key: move.fromKey, error });
    }
  }
  return { moved, failed };
}
