import { data } from "react-router";
import type { Route } from "./+types/export";
import { appContext } from "~/context";
import { journalExportRows } from "~/modules/journal/index.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { JOURNAL_ROLES } from "~/routes/shophub/till-days/roles";

// The electronic journal as CSV with its hash chain (decision 0072): `?till=&from=&to=` (Bangkok
// days, YYYY-MM-DD), streamed from a cursor a batch at a time, so a year of a busy shop's
// entries passes with the memory of one batch. UTF-8 with a BOM for Excel.
export const middleware: Route.MiddlewareFunction[] = [chosenShop(JOURNAL_ROLES)];

const HEADER = [
  "till",
  "seq",
  "kind",
  "document_number",
  "issued_at",
  "recorded_at",
  "prev_hash",
  "hash",
  "document_json",
];

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const day = /^\d{4}-\d{2}-\d{2}$/;
  const from = url.searchParams.get("from") ?? "";
  const to = url.searchParams.get("to") ?? from;
  const till = url.searchParams.get("till");
  const tillId = till && /^[0-9a-f-]{36}$/i.test(till) ? till : null;
  const rows =
    day.test(from) && day.test(to) ? journalExportRows(db, shop.id, { from, to, tillId }) : null;
  if (!rows) throw data("วันที่ไม่ถูกต้อง", { status: 400 });
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${HEADER.join(",")}\r\n`));
    },
    async pull(controller) {
      const next = await rows.next();
      if (next.done) {
        controller.close();
        return;
      }
      const text = next.value
        .map((row) =>
          [
            row.till_code,
            row.seq,
            row.kind,
            row.document_number,
            row.issued_at,
            row.recorded_at,
            row.prev_hash,
            row.hash,
            row.body,
          ]
            .map((value) => csvCell(value ?? ""))
            .join(","),
        )
        .join("\r\n");
      controller.enqueue(encoder.encode(`${text}\r\n`));
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="journal-${from}-${to}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
