import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/statement-pdf";
import { appContext } from "~/context";
import { langOf } from "~/lib/i18n/lang.server";
import { serverTranslate } from "~/lib/i18n/messages.server";
import { formatPhoneForDisplay } from "~/lib/phone";
import {
  accountStatement,
  customerAccountOf,
  findCustomer,
} from "~/modules/customers/index.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { renderStatementPdf } from "./account-pdf.server";

// A customer's statement of account as an A4 PDF (decision 0083): whoever sees the customer.
export const middleware: Route.MiddlewareFunction[] = [chosenShop(["owner", "manager", "cashier"])];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const id = z.uuid().safeParse(params.id);
  const found = id.success ? await findCustomer(db, shop.id, id.data) : null;
  if (!found) throw data(null, { status: 404 });
  const [rows, account] = await Promise.all([
    accountStatement(db, shop.id, found.id),
    customerAccountOf(db, shop.id, found.id),
  ]);
  const lang = langOf(context);
  const pdf = await renderStatementPdf({
    seller: shop,
    customer: { name: found.name, phone: formatPhoneForDisplay(found.phone) },
    rows,
    balanceSatang: account.balanceSatang,
    t: serverTranslate(lang),
    lang,
  });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="statement.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
