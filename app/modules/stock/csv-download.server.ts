/** Today's date in Bangkok as YYYY-MM-DD (for file names). */
function bangkokDate(now: Date): string {
  return new Date(now.getTime() + 7 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** Headers of a CSV download named e.g. storehub-items-2026-01-12.csv; never cached. */
export function csvDownloadHeaders(name: string, now = new Date()): Headers {
  return new Headers({
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${name}-${bangkokDate(now)}.csv"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
}
