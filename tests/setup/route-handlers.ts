import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "~/routes";
import type { DataFunction } from "./route-call";

/**
 * Every loader and action of app/routes.ts, keyed `<route id> loader` or `<route id> action`
 * (the id routes.ts gives, else the file without its extension), in the file's order: what the
 * attack suites walk, so a new route is walked without being listed anywhere.
 */
export async function routeHandlers(): Promise<Map<string, DataFunction>> {
  const found = new Map<string, DataFunction>();
  async function collect(entries: RouteConfigEntry[]): Promise<void> {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.[^./]+$/, "");
      const module = (await import(path.resolve("app", entry.file))) as Record<string, unknown>;
      for (const method of ["loader", "action"] as const) {
        if (typeof module[method] === "function") {
          found.set(`${id} ${method}`, module[method] as DataFunction);
        }
      }
      if (entry.children) await collect(entry.children);
    }
  }
  await collect(await routes);
  return found;
}
