import { desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { announcePageChange, PAGE_TAG, readThroughCache } from "~/modules/platform/index.server";
import { siteSetting, siteSettingChange } from "./schema";
import {
  DEFAULT_SETTINGS,
  SETTING_KEYS,
  SETTING_VALUE,
  type SettingKey,
  type SiteSettings,
} from "./site-settings";

/**
 * The settings as stored, through the instance's NOTIFY-fed cache (notified-cache.server.ts):
 * tagged 'content', which the site_setting trigger announces on every instance at commit
 * (drizzle/0035), so a saved setting is used at once everywhere, whoever wrote it.
 */
export function readSettings(db: Database): Promise<SiteSettings> {
  return readThroughCache(
    db,
    "site-settings",
    async () => {
      const rows = await db.select().from(siteSetting);
      const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
      for (const row of rows) {
        const schema = SETTING_VALUE[row.key as SettingKey] as SETTING_VALUE_OF | undefined;
        const read = schema?.safeParse(row.value);
        if (read?.success) settings[row.key] = read.data;
      }
      return settings as unknown as SiteSettings;
    },
    () => ({ tags: [PAGE_TAG.content] }),
  );
}
type SETTING_VALUE_OF = (typeof SETTING_VALUE)[SettingKey];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Saves what changed, each changed setting with a row of the trail (who, from what, to what,
 * when), in one transaction; then every instance forgets its settings and rendered pages.
 * Returns the keys that changed.
 */
export async function saveSettings(
  db: Database,
  admin: { id: string; name: string },
  next: SiteSettings,
): Promise<SettingKey[]> {
  const changed = await db.transaction(async (tx) => {
    const rows = await tx.select().from(siteSetting).for("update");
    const keys: SettingKey[] = [];
    for (const key of SETTING_KEYS) {
      const stored = rows.find((row) => row.key === key);
      const before = stored ? stored.value : DEFAULT_SETTINGS[key];
      if (same(before, next[key])) continue;
      await tx
        .insert(siteSetting)
        .values({ key, value: next[key], updatedBy: admin.id })
        .onConflictDoUpdate({
          target: siteSetting.key,
          set: { value: next[key], updatedBy: admin.id, updatedAt: new Date() },
        });
      await tx.insert(siteSettingChange).values({
        key,
        oldValue: stored ? stored.value : null,
        newValue: next[key],
        changedBy: admin.id,
        changedByName: admin.name,
      });
      keys.push(key);
    }
    return keys;
  });
  // The trigger announces it to every instance; this instance forgets at once for the page
  // the admin is redirected to.
  if (changed.length > 0) await announcePageChange(db, [PAGE_TAG.content]);
  return changed;
}

export interface SettingChange {
  id: number;
  key: string;
  oldValue: unknown;
  newValue: unknown;
  changedByName: string;
  changedAt: Date;
}

/** The latest changes, newest first (the admin page's trail). */
export function listSettingChanges(db: Database, limit = 50): Promise<SettingChange[]> {
  return db
    .select({
      id: siteSettingChange.id,
      key: siteSettingChange.key,
      oldValue: siteSettingChange.oldValue,
      newValue: siteSettingChange.newValue,
      changedByName: siteSettingChange.changedByName,
      changedAt: siteSettingChange.changedAt,
    })
    .from(siteSettingChange)
    .orderBy(desc(siteSettingChange.changedAt), desc(siteSettingChange.id))
    .limit(limit);
}

/** Who last changed a setting (for the form's hints). */
export async function settingUpdatedAt(db: Database, key: SettingKey): Promise<Date | null> {
  const [row] = await db
    .select({ at: siteSetting.updatedAt })
    .from(siteSetting)
    .where(eq(siteSetting.key, key));
  return row?.at ?? null;
}
