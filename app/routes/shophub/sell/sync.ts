import { z } from "zod";
import type { Route } from "./+types/sync";
import { appContext } from "~/context";
import type { SyncAnswer } from "~/features/till-offline/till-sync";
import type { MessageKey } from "~/lib/i18n";
import { completeSaleRequestSchema } from "~/modules/sales";
import { completeSale } from "~/modules/sales/index.server";
import { TILL_STORAGE_ANSWERS } from "~/modules/tills";
import {
  clearRefusedTillSale,
  recordRefusedTillSale,
  recordTillCaughtUp,
  tillSeriesPositions,
} from "~/modules/tills/index.server";
import { memberOf } from "~/routes/_gates/member.server";
import { heldSwitchOf } from "~/routes/_gates/till-hold.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { QUEUE_REFUSAL_KEYS } from "./queue-text";

/*
 * Where a registered till sends its queue (issue 34, decision 0071): one queued sale per
 * request, in the order the till made them, answered in plain JSON the till's sender reads
 * (it runs outside React, in the sync loop). The sale is the same contract and the same
 * completeSale as the till's own post: idempotent by its client sale id, numbered by the till.
 * The till also asks here where its series stands, to continue from there, and says when it
 * has nothing waiting (its days may then close, decision 0072). The shop is named
 * by `?shop=` (the shop the sale was made for, whatever shop the member chose since) and by
 * `shopId` in the body (the gate's form check).
 */

export const middleware: Route.MiddlewareFunction[] = [chosenShop(["owner", "manager", "cashier"])];

const deviceSchema = z.object({ tillId: z.uuid(), token: z.string().min(20).max(100) });
const positionSchema = z.object({ position: deviceSchema });
/** The device has nothing waiting: the server holds every sale it made until now. */
const caughtUpSchema = z.object({
  caughtUp: deviceSchema.extend({ storage: z.enum(TILL_STORAGE_ANSWERS).optional() }),
});

/** Where the till's series stand, per kind of document, for the current year. */
export type SeriesAnswer =
  | { ok: true; positions: Awaited<ReturnType<typeof tillSeriesPositions>> }
  | { ok: false; code: "tillNotRegistered" };

export async function action({ request, context }: Route.ActionArgs) {
  const { shop, role } = await chosenShopOf(context, request);
  const member = memberOf(context);
  const { db } = context.get(appContext);
  const body: unknown = await request.json().catch(() => null);

  const asked = positionSchema.safeParse(body);
  if (asked.success) {
    const { tillId, token } = asked.data.position;
    const positions = await tillSeriesPositions(db, shop.id, tillId, token);
    return Response.json(
      (positions
        ? { ok: true, positions }
        : { ok: false, code: "tillNotRegistered" }) satisfies SeriesAnswer,
      { status: positions ? 200 : 409 },
    );
  }

  const caughtUp = caughtUpSchema.safeParse(body);
  if (caughtUp.success) {
    const { tillId, token, storage } = caughtUp.data.caughtUp;
    const known = await recordTillCaughtUp(db, shop.id, tillId, token, new Date(), storage);
    return Response.json({ ok: known }, { status: known ? 200 : 409 });
  }

  const sale = typeof body === "object" && body !== null && "sale" in body ? body.sale : null;
  const result = await completeSale(
    db,
    {
      shopId: shop.id,
      userId: member.id,
      cashierName: member.name,
      role,
      heldSwitch: await heldSwitchOf(context, shop.id),
    },
    sale,
  );
  const sent = completeSaleRequestSchema.safeParse(sale);
  const device = sent.success ? sent.data.device : undefined;
  if (result.ok) {
    if (sent.success) await clearRefusedTillSale(db, shop.id, sent.data.clientSaleId);
    const { id, clockSkewSeconds } = result.sale;
    return Response.json({
      kind: "accepted",
      saleId: id,
      ...(clockSkewSeconds === undefined ? {} : { clockSkewSeconds }),
    } satisfies SyncAnswer);
  }
  // Refused for good: the same sale sent again would be refused again; it stays on the till,
  // marked, for the owner.
  const refused: SyncAnswer & { key: MessageKey } = {
    kind: "refused",
    code: result.error.code,
    key: QUEUE_REFUSAL_KEYS[result.error.code] ?? "shops.sell.queue.reason.other",
  };
  // The owner's list of tills shows it too (the owner may not be at this till).
  if (sent.success && device) {
    await recordRefusedTillSale(db, shop.id, {
      tillId: device.tillId,
      clientSaleId: sent.data.clientSaleId,
      prefix: device.prefix,
      year: device.year,
      seq: device.seq,
      totalSatang: sent.data.expectedTotalSatang,
      code: result.error.code,
      sentBy: member.id,
    });
  }
  return Response.json(refused, { status: 422 });
}
