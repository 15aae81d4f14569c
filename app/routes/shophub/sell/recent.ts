import type { Route } from "./+types/recent";
import { appContext } from "~/context";
import { listSales } from "~/modules/sales/index.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";

/*
 * The till's last receipts (issue 37, decision 0088): plain JSON for the till's dialog, the
 * ten latest sales rung up under this till's name, to open one and take goods back on a credit
 * note there (the sale's page and its return form: the same money code and role rules).
 */

export const middleware: Route.MiddlewareFunction[] = [chosenShop(["owner", "manager", "cashier"])];

export interface TillRecentAnswer {
  sales: {
    id: number;
    documentNumber: string;
    createdAt: string;
    cashierName: string;
    status: "completed" | "void";
    totalSatang: number;
    returnedSatang: number;
  }[];
}

/** How many of the till's sales the dialog lists. */
const RECENT = 10;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const till = (url.searchParams.get("till") ?? "").trim().slice(0, 60);
  const sales = till ? (await listSales(db, shop.id, { till })).page.rows.slice(0, RECENT) : [];
  return Response.json(
    {
      sales: sales.map((row) => ({
        id: row.id,
        documentNumber: row.documentNumber,
        createdAt: row.createdAt.toISOString(),
        cashierName: row.cashierName,
        status: row.status,
        totalSatang: row.totalSatang,
        returnedSatang: row.returnedSatang,
      })),
    } satisfies TillRecentAnswer,
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
