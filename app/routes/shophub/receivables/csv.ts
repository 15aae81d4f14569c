import type { Route } from "./+types/csv";
import { appContext } from "~/context";
import { langOf } from "~/lib/i18n/lang.server";
import { serverTranslate } from "~/lib/i18n/messages.server";
import { satangToBahtInput } from "~/lib/money";
import { AGEING_BUCKETS } from "~/modules/customers";
import { ACCOUNT_MANAGER_ROLES, receivables } from "~/modules/customers/index.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { BUCKET_TEXT } from "./buckets";

// The receivables as CSV (decision 0083): the page's rows, amounts in baht with two decimals.
export const middleware: Route.MiddlewareFunction[] = [chosenShop(ACCOUNT_MANAGER_ROLES)];

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const t = serverTranslate(langOf(context));
  const rows = await receivables(db, shop.id);
  const baht = (satang: number) => satangToBahtInput(satang);
  const lines = [
    [
      t("shops.customers.receivables.col.customer"),
      t("shops.customers.receivables.col.phone"),
      t("shops.customers.receivables.col.since"),
      ...AGEING_BUCKETS.map((bucket) => t(BUCKET_TEXT[bucket])),
      t("shops.customers.receivables.col.balance"),
      t("shops.customers.receivables.col.limit"),
    ],
    ...rows.map((row) => [
      row.name,
      row.phone,
      row.ageing.oldestDay ?? "",
      ...AGEING_BUCKETS.map((bucket) => baht(row.ageing.buckets[bucket])),
      baht(row.ageing.balanceSatang),
      row.limitSatang === null ? "" : baht(row.limitSatang),
    ]),
  ];
  const text = lines.map((cells) => cells.map(csvCell).join(",")).join("\r\n");
  return new Response(`\uFEFF${text}\r\n`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="receivables.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
