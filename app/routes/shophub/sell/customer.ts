import type { Route } from "./+types/customer";
import { appContext } from "~/context";
import {
  customerAccountOf,
  customerPointsBalance,
  customerPriceLevelOf,
  findCustomerByPhone,
  pointsScheme,
} from "~/modules/customers/index.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";

/*
 * The till finds a customer by the phone number typed or scanned (issue 37, decision 0082):
 * plain JSON for the till's customer dialog, the shop's customer of that number or null. A
 * till offline does not ask; it attaches the number, and the sale links the customer when it
 * arrives.
 */

export const middleware: Route.MiddlewareFunction[] = [chosenShop(["owner", "manager", "cashier"])];

/**
 * What the till reads: the customer's number (E.164) and name, or null; with the shop's points
 * on, their balance and a point's value (decision 0082); the price level they buy at, which
 * the till puts on the bill (decision 0089).
 */
export interface TillCustomerAnswer {
  customer: {
    /** The shop's customer row: the till's account payment names it (decision 0095). */
    id: string;
    phone: string;
    name: string;
    points: { balance: number; valueSatang: number } | null;
    priceLevel: { id: number; name: string } | null;
    /** With a credit limit (decision 0083): what the bill may still put on account. */
    account: { headroomSatang: number } | null;
    /** What the customer owes on account now (satang, 0: nothing): the till offers รับชำระหนี้. */
    owedSatang: number;
  } | null;
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const phone = (url.searchParams.get("phone") ?? "").slice(0, 20);
  const found = phone ? await findCustomerByPhone(db, shop.id, phone) : null;
  const [scheme, priceLevel] = found
    ? await Promise.all([pointsScheme(db, shop.id), customerPriceLevelOf(db, shop.id, found.id)])
    : [null, null];
  const points =
    found && scheme?.enabled
      ? {
          balance: await customerPointsBalance(db, shop.id, found.id),
          valueSatang: scheme.pointValueSatang,
        }
      : null;
  const owed = found ? await customerAccountOf(db, shop.id, found.id) : null;
  const account =
    owed && owed.limitSatang !== null
      ? { headroomSatang: Math.max(0, owed.limitSatang - owed.balanceSatang) }
      : null;
  return Response.json(
    {
      customer: found
        ? {
            id: found.id,
            phone: found.phone,
            name: found.name,
            points,
            priceLevel,
            account,
            owedSatang: owed?.balanceSatang ?? 0,
          }
        : null,
    } satisfies TillCustomerAnswer,
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
