import { bangkokIsoDate } from "~/lib/dates";

/** Headers of a CSV download named e.g. storehub-items-2026-01-12.csv; never cached. */
export function csvDownloadHeaders(name: string, now = new Date()): Headers {
  return new Headers({
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${name}-${bangkokIsoDate(now)}.csv"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
}
