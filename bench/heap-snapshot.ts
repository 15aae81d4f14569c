// The live JavaScript heap of a running Node process, measured with a heap snapshot. A
// snapshot is taken after a full garbage collection, so its total is what the process still
// holds, unlike RSS, which also counts heap space V8 has grown into and not yet given back.
// The process must run with --heapsnapshot-signal=SIGUSR2 --diagnostic-dir=<folder>.
import { readdir, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";

export interface HeapSummary {
  /** Sum of the self sizes of every object in the snapshot, in bytes. */
  bytes: number;
  /** Bytes and object counts per constructor or kind ("Object", "(string)", "Map", …). */
  byName: Map<string, { bytes: number; count: number }>;
}

interface SnapshotFile {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

async function snapshotFiles(folder: string): Promise<string[]> {
  return (await readdir(folder)).filter((name) => name.endsWith(".heapsnapshot"));
}

/** Asks the process for a snapshot and waits until the file is completely written. */
export async function takeHeapSnapshot(pid: number, folder: string): Promise<string> {
  const before = new Set(await snapshotFiles(folder));
  process.kill(pid, "SIGUSR2");
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const added = (await snapshotFiles(folder)).find((name) => !before.has(name));
    if (!added) continue;
    const file = path.join(folder, added);
    // Written in one go; the size stops changing when it is done and the JSON parses.
    const size = (await stat(file)).size;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if ((await stat(file)).size !== size) continue;
    try {
      JSON.parse(await readFile(file, "utf8"));
      return file;
    } catch {
      // Not complete yet.
    }
  }
}

export async function summariseHeapSnapshot(file: string): Promise<HeapSummary> {
  const parsed = JSON.parse(await readFile(file, "utf8")) as SnapshotFile;
  await rm(file);
  const fields = parsed.snapshot.meta.node_fields;
  const types = parsed.snapshot.meta.node_types[0];
  const stride = fields.length;
  const typeAt = fields.indexOf("type");
  const nameAt = fields.indexOf("name");
  const sizeAt = fields.indexOf("self_size");
  const byName = new Map<string, { bytes: number; count: number }>();
  let bytes = 0;
  for (let index = 0; index < parsed.nodes.length; index += stride) {
    const size = parsed.nodes[index + sizeAt] ?? 0;
    const type = types[parsed.nodes[index + typeAt] ?? 0] ?? "?";
    // Objects by constructor; everything else (strings, code, arrays…) by its kind.
    const name =
      type === "object" ? (parsed.strings[parsed.nodes[index + nameAt] ?? 0] ?? "?") : `(${type})`;
    const entry = byName.get(name) ?? { bytes: 0, count: 0 };
    entry.bytes += size;
    entry.count += 1;
    byName.set(name, entry);
    bytes += size;
  }
  return { bytes, byName };
}

/** The kinds that grew most between two summaries, largest growth first. */
export function heapGrowth(
  start: HeapSummary,
  end: HeapSummary,
  top: number,
): { name: string; bytes: number; count: number }[] {
  return [...end.byName.entries()]
    .map(([name, after]) => {
      const before = start.byName.get(name) ?? { bytes: 0, count: 0 };
      return { name, bytes: after.bytes - before.bytes, count: after.count - before.count };
    })
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, top);
}

/**
 * The live heap, from the second of two snapshots: objects that only wait for a
 * FinalizationRegistry callback (undici registers one per fetch Request for its abort signal)
 * are still in the first snapshot, because the callbacks run after the collection it forces.
 */
export async function measureLiveHeap(pid: number, folder: string): Promise<HeapSummary> {
  await rm(await takeHeapSnapshot(pid, folder));
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return summariseHeapSnapshot(await takeHeapSnapshot(pid, folder));
}
