import type { Route } from "./+types/export";
import { appContext } from "~/context";
import { formatDay } from "~/lib/dates";
import { langOf } from "~/lib/i18n/lang.server";
import { serverTranslate } from "~/lib/i18n/messages.server";
import { satangToBahtInput } from "~/lib/money";
import { allFinance, categoryValue, listShopCategories } from "~/modules/finance/index.server";
import { csvDownloadHeaders, csvRow, csvText, UTF8_BOM } from "~/modules/stock/index.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import {
  categoryChoices,
  categoryText,
  FINANCE_ROLES,
  kindOfPath,
  METHOD_TEXT,
} from "./finance-text";
import { readFinanceQuery } from "./list-query.server";

export const middleware: Route.MiddlewareFunction[] = [chosenShop(FINANCE_ROLES)];

/**
 * The list's rows under the same filters as the page (every page, oldest first) as a CSV
 * file: UTF-8 with a BOM so that Excel shows the Thai text; amounts in baht with two decimals
 * (a number column); the date twice: as the page shows it (Thai calendar in Thai) and, in the
 * column beside it, as YYYY-MM-DD, which Excel sorts and filters as a date.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const lang = langOf(context);
  const t = serverTranslate(lang);
  const kind = kindOfPath(url.pathname);
  const { filters } = readFinanceQuery(kind, url.searchParams);
  const [rows, categories] = await Promise.all([
    allFinance(db, kind, shop.id, filters),
    listShopCategories(db, shop.id, kind),
  ]);
  const choices = categoryChoices(kind, categories);
  const isExpense = kind === "expense";
  const header = [
    t("shops.finance.csv.day"),
    t("shops.finance.csv.isoDay"),
    t("shops.finance.csv.category"),
    t("shops.finance.csv.method"),
    t("shops.finance.csv.amount"),
    ...(isExpense ? [t("shops.finance.csv.inputVat"), t("shops.finance.csv.supplier")] : []),
    t("shops.finance.csv.note"),
  ];
  let text = UTF8_BOM + csvRow(header);
  for (const row of rows) {
    const category = categoryText(
      t,
      choices.find((choice) => choice.value === categoryValue(row)),
    );
    text += csvRow([
      formatDay(row.day, lang),
      row.day,
      csvText(category),
      t(METHOD_TEXT[row.method]),
      satangToBahtInput(row.amountSatang),
      ...(isExpense
        ? [satangToBahtInput(row.inputVatSatang ?? 0), csvText(row.supplier ?? "")]
        : []),
      csvText(row.note),
    ]);
  }
  return new Response(text, {
    headers: csvDownloadHeaders(isExpense ? "shophub-expenses" : "shophub-income"),
  });
}
