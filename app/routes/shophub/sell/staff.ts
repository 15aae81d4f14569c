import { z } from "zod";
import type { Route } from "./+types/staff";
import { appContext } from "~/context";
import type { MessageKey } from "~/lib/i18n";
import {
  type CashierSwitchRefusal,
  type ClockRefusal,
  clockByPin,
  listTillPinMembers,
  switchCashier,
} from "~/modules/staff/index.server";
import { memberOf } from "~/routes/_gates/member.server";
import { heldSessionKey } from "~/routes/_gates/till-hold.server";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";

/*
 * Staff at a registered till (issue 37, decision 0088), plain JSON for the till's staff dialog
 * (loaded when it opens): who has a till PIN, a cashier taking over the till with their PIN
 * under the owner's or the manager's session, and clocking in or out with it. Every PIN is
 * checked here, on the server, never on the device: switching and clocking need the network.
 */

export const middleware: Route.MiddlewareFunction[] = [chosenShop(["owner", "manager", "cashier"])];

/** The members the dialog lists: names and whether each can use the PIN pad now. */
export interface TillStaffAnswer {
  members: { userId: string; name: string; sells: boolean; locked: boolean }[];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const members = (await listTillPinMembers(db, shop.id))
    .filter((member) => member.hasPin)
    .map((member) => ({
      userId: member.userId,
      name: member.name,
      sells: member.role !== "stock",
      locked: member.lockedUntil !== null,
    }));
  return Response.json({ members } satisfies TillStaffAnswer, {
    headers: { "Cache-Control": "private, no-store" },
  });
}

const pinRequest = {
  tillId: z.uuid(),
  token: z.string().min(20).max(100),
  memberId: z.string().min(1).max(100),
  pin: z.string().max(20),
};
const staffRequestSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("switch"), ...pinRequest }),
  z.object({ intent: z.literal("clock"), direction: z.enum(["in", "out"]), ...pinRequest }),
]);

type Refusal = CashierSwitchRefusal | ClockRefusal | { code: "badRequest" };

/** Each refusal's status and the key of its text (the till says it under the PIN pad). */
const REFUSALS = {
  wrongPin: { status: 403, key: "shops.sell.staff.error.wrongPin" },
  locked: { status: 423, key: "shops.sell.staff.error.locked" },
  tooManyTries: { status: 429, key: "shops.sell.staff.error.tooManyTries" },
  notTillSession: { status: 403, key: "shops.sell.staff.error.notTillSession" },
  tillNotRegistered: { status: 409, key: "shops.sell.staff.error.tillNotRegistered" },
  notSeller: { status: 403, key: "shops.sell.staff.error.notSeller" },
  sessionWithoutPin: { status: 409, key: "shops.sell.staff.error.sessionWithoutPin" },
  alreadyIn: { status: 409, key: "shops.sell.staff.error.alreadyIn" },
  notIn: { status: 409, key: "shops.sell.staff.error.notIn" },
  badRequest: { status: 400, key: "shops.sell.error.invalidRequest" },
} as const satisfies Record<Refusal["code"], { status: number; key: MessageKey }>;

/** What the till gets back: the switch or the clock, or the refusal with its text's key. */
export type TillStaffActionAnswer =
  | {
      ok: true;
      done: "switch";
      switchId: string | null;
      cashier: { userId: string; name: string };
      expiresAt: string | null;
    }
  | {
      ok: true;
      done: "clock";
      name: string;
      at: string;
      direction: "in" | "out";
      minutes: number | null;
    }
  | { ok: false; error: { code: Refusal["code"]; key: MessageKey; triesLeft?: number | null } };

export const action = keepFormOnShopChange(async function action({
  request,
  context,
}: Route.ActionArgs) {
  const { shop, role } = await chosenShopOf(context, request);
  const member = memberOf(context);
  const { db } = context.get(appContext);
  const body: unknown = await request.json().catch(() => null);
  const parsed = staffRequestSchema.safeParse(body);
  const refuse = (error: Refusal) => {
    const { status, key } = REFUSALS[error.code];
    const headers: HeadersInit =
      error.code === "tooManyTries" ? { "Retry-After": String(error.retryAfterSeconds) } : {};
    const triesLeft = error.code === "wrongPin" ? { triesLeft: error.triesLeft } : {};
    return Response.json(
      { ok: false, error: { code: error.code, key, ...triesLeft } } satisfies TillStaffActionAnswer,
      { status, headers },
    );
  };
  if (!parsed.success) return refuse({ code: "badRequest" });
  const input = parsed.data;
  if (input.intent === "switch") {
    const result = await switchCashier(
      db,
      { shopId: shop.id, userId: member.id, role },
      { ...input, sessionKey: heldSessionKey(request) },
    );
    if (!result.ok) return refuse(result.error);
    const { ok: _ok, ...switched } = result;
    return Response.json({ ok: true, done: "switch", ...switched } satisfies TillStaffActionAnswer);
  }
  const result = await clockByPin(db, shop.id, input);
  if (!result.ok) return refuse(result.error);
  const { ok: _ok, ...clocked } = result;
  return Response.json({ ok: true, done: "clock", ...clocked } satisfies TillStaffActionAnswer);
});
