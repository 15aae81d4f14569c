import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { bangkokIsoDate } from "~/lib/dates";
import { profitAndLoss } from "~/modules/reports/index.server";
import {
  creditNote,
  sale,
  saleLine,
  shopMember,
  staffClock,
  tillCashierSwitch,
  tillPin,
} from "~/db/schema";
import {
  approveDiscount,
  buddhistYear,
  type CompleteSaleRequest,
  completeSale,
  type SaleActor,
} from "~/modules/sales/index.server";
import { setApprovalPin } from "~/modules/shops/index.server";
import {
  checkTillPin,
  clockByPin,
  listTillPinMembers,
  setTillPin,
  switchCashier,
  tillPinRuleError,
  unlockTillPin,
  weekHours,
} from "~/modules/staff/index.server";
import { bindTillDevice, listTills } from "~/modules/tills/index.server";
import * as detailRoute from "~/routes/shophub/invoices/detail";
import * as recentRoute from "~/routes/shophub/sell/recent";
import * as settingsRoute from "~/routes/shophub/selling-settings/route";
import * as reportsRoute from "~/routes/shophub/reports/route";
import * as pinRoute from "~/routes/shophub/till-pin";
import * as profileRoute from "~/routes/accounts/profile";
import { heldSessionKey } from "~/routes/_gates/till-hold.server";
import { addShopMember, insertItem, insertShop } from "../setup/factories";
import { callRoute, outcomeOf, routeContext, sessionUserOf } from "../setup/route-call";
import { setSalesSettings } from "../setup/sales-factory";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

/*
 * Staff at a shared till (issue 37, decision 0088): till PINs hashed, refused when trivial,
 * locked after five wrong tries and unlocked by an owner; a cashier taking over a registered
 * till by PIN under the owner's session, the sale recording them under a cashier's rules; a
 * forged or stale switch refused; clocking in and out and the week's hours.
 */

let test: TestDatabase;
let db: Database;

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
});
afterAll(() => test.drop());

const PRICE = 10_000;
const OWNER_PIN = "7391";
const YEAR = buddhistYear(new Date());

async function counter() {
  const t = await insertShop(db);
  await setSalesSettings(db, t.shop.id, {
    cashierMaxLineDiscountBasisPoints: 1_000,
    cashierMaxBillDiscountBasisPoints: 1_000,
  });
  const item = await insertItem(db, t.shop.id, t.ownerId, {
    fields: { price: PRICE, cost: 6_000 },
    opening: { qty: 1_000_000, locationId: t.defaultLocationId },
  });
  const cashier = await addShopMember(db, t.shop.id, "cashier", { name: "สมศรี แคชเชียร์" });
  const manager = await addShopMember(db, t.shop.id, "manager", { name: "มานพ ผู้จัดการ" });
  const stock = await addShopMember(db, t.shop.id, "stock", { name: "สมชาย สต็อก" });
  const ownerActor = { shopId: t.shop.id, userId: t.ownerId, role: "owner" as const };
  const [first] = await listTills(db, t.shop.id);
  if (!first) throw new Error("no first till");
  const bound = await bindTillDevice(db, ownerActor, { tillId: first.id, deviceLabel: "P01" });
  if (!bound.ok) throw new Error(bound.error);
  const owner: SaleActor = { ...ownerActor, cashierName: "เจ้าของ" };
  // The owner's own till PIN: without one, nobody takes over their till (they could not take
  // it back).
  await setTillPin(db, t.shop.id, t.ownerId, OWNER_PIN);
  return { t, item, cashier, manager, stock, owner, till: bound.value, seq: 0 };
}

type Counter = Awaited<ReturnType<typeof counter>>;

function bill(c: Counter, options: { discountBasisPoints?: number } = {}): CompleteSaleRequest {
  const off = options.discountBasisPoints ?? 0;
  const total = PRICE - Math.round((PRICE * off) / 10_000);
  return {
    clientSaleId: randomUUID(),
    till: "เครื่อง 1",
    lines: [
      {
        itemId: c.item.id,
        qtyMilli: 1000,
        unitPriceSatang: PRICE,
        discount: off ? { kind: "percent", basisPoints: off } : null,
      },
    ],
    payments: [{ method: "cash", amountSatang: total }],
    expectedTotalSatang: total,
  };
}

/** The bill as the registered till sends it, with the next number of its series. */
function fromTill(
  c: Counter,
  request: CompleteSaleRequest,
  options: { actor?: SaleActor; soldAt?: Date } = {},
) {
  c.seq += 1;
  const now = new Date();
  return completeSale(db, options.actor ?? c.owner, {
    ...request,
    device: {
      tillId: c.till.tillId,
      token: c.till.token,
      kind: "receipt",
      prefix: "RC",
      year: YEAR,
      seq: c.seq,
      soldAt: (options.soldAt ?? now).toISOString(),
      sentAt: now.toISOString(),
    },
  });
}

function switchTo(c: Counter, memberId: string, pin: string, session: SaleActor = c.owner) {
  return switchCashier(
    db,
    { shopId: c.t.shop.id, userId: session.userId, role: session.role },
    { tillId: c.till.tillId, token: c.till.token, memberId, pin },
  );
}

async function cashierOfSale(id: number) {
  const [row] = await db
    .select({ id: sale.cashierId, name: sale.cashierName })
    .from(sale)
    .where(eq(sale.id, id));
  return row;
}

describe("till PINs", () => {
  it("refuses trivial PINs and keeps only a salted scrypt hash", async () => {
    for (const pin of ["1234", "0000", "111111", "9876", "121212", "123", "1234567", "12a4"]) {
      expect(tillPinRuleError(pin), pin).not.toBeNull();
    }
    expect(tillPinRuleError("4826")).toBeNull();
    const c = await counter();
    expect(await setTillPin(db, c.t.shop.id, c.cashier.id, "1234")).toEqual({
      ok: false,
      error: "guessable",
    });
    expect(await setTillPin(db, c.t.shop.id, c.cashier.id, "4826")).toEqual({ ok: true });
    expect(await setTillPin(db, c.t.shop.id, c.manager.id, "4826")).toEqual({ ok: true });
    const rows = await db.select({ hash: tillPin.pinHash }).from(tillPin);
    const ours = rows.filter((row) => row.hash.startsWith("scrypt$"));
    expect(ours.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) expect(row.hash).not.toContain("4826");
    // The same PIN, two salts: two different hashes.
    const [a, b] = await db
      .select({ hash: tillPin.pinHash })
      .from(tillPin)
      .where(
        and(eq(tillPin.shopId, c.t.shop.id), inArray(tillPin.userId, [c.cashier.id, c.manager.id])),
      );
    expect(a?.hash).not.toBe(b?.hash);
    // A member of another shop sets nothing here.
    const other = await insertShop(db);
    expect(await setTillPin(db, c.t.shop.id, other.ownerId, "4826")).toEqual({
      ok: false,
      error: "notMember",
    });
  });

  it("locks a member's PIN after five wrong tries, until an owner unlocks it", async () => {
    const c = await counter();
    await setTillPin(db, c.t.shop.id, c.cashier.id, "4826");
    const tryPin = (pin: string) =>
      checkTillPin(db, { shopId: c.t.shop.id, tillKey: "t1", userId: c.cashier.id, pin });
    for (const left of [4, 3, 2, 1]) {
      expect(await tryPin("5555")).toEqual({
        ok: false,
        error: { code: "wrongPin", triesLeft: left },
      });
    }
    const fifth = await tryPin("5555");
    expect(fifth.ok ? null : fifth.error.code).toBe("locked");
    // Locked: the right PIN is refused too.
    const right = await tryPin("4826");
    expect(right.ok ? null : right.error.code).toBe("locked");
    const listed = await listTillPinMembers(db, c.t.shop.id);
    expect(listed.find((m) => m.userId === c.cashier.id)?.lockedUntil).toBeInstanceOf(Date);
    expect(await unlockTillPin(db, c.t.shop.id, c.cashier.id)).toBe(true);
    expect((await tryPin("4826")).ok).toBe(true);
  });

  it("a right PIN starts the count again; the tries at one till are limited", async () => {
    const c = await counter();
    await setTillPin(db, c.t.shop.id, c.cashier.id, "4826");
    const tryPin = (pin: string, tillKey = "t2") =>
      checkTillPin(db, { shopId: c.t.shop.id, tillKey, userId: c.cashier.id, pin });
    for (let i = 0; i < 4; i += 1) await tryPin("5555");
    expect((await tryPin("4826")).ok).toBe(true);
    expect(await tryPin("5555")).toEqual({ ok: false, error: { code: "wrongPin", triesLeft: 4 } });
    // Guessing across members at one till stops at the till's limit (30 in 15 minutes).
    let refused = null;
    for (let i = 0; i < 31 && !refused; i += 1) {
      const answer = await checkTillPin(db, {
        shopId: c.t.shop.id,
        tillKey: "t3",
        userId: `nobody-${i}`,
        pin: "5555",
      });
      if (!answer.ok && answer.error.code === "tooManyTries") refused = i;
    }
    expect(refused).toBe(30);
  });

  it("five wrong PINs at the till's switch lock it too (a cashier guessing a manager's PIN)", async () => {
    const c = await counter();
    await setTillPin(db, c.t.shop.id, c.manager.id, "4826");
    for (let i = 0; i < 4; i += 1) {
      const answer = await switchTo(c, c.manager.id, "1111");
      expect(answer.ok ? null : answer.error.code).toBe("wrongPin");
    }
    const fifth = await switchTo(c, c.manager.id, "1111");
    expect(fifth.ok ? null : fifth.error.code).toBe("locked");
    const right = await switchTo(c, c.manager.id, "4826");
    expect(right.ok ? null : right.error.code).toBe("locked");
  });
});

describe("a cashier taking over the till by PIN", () => {
  it("records the sale as the cashier's, under a cashier's discount limit", async () => {
    const c = await counter();
    await setTillPin(db, c.t.shop.id, c.cashier.id, "4826");
    const switched = await switchTo(c, c.cashier.id, "4826");
    if (!switched.ok || !switched.switchId) throw new Error(JSON.stringify(switched));
    expect(switched.cashier).toEqual({ userId: c.cashier.id, name: "สมศรี แคชเชียร์" });

    const sold = await fromTill(c, { ...bill(c), cashierSwitch: switched.switchId });
    if (!sold.ok) throw new Error(JSON.stringify(sold.error));
    expect(await cashierOfSale(sold.sale.id)).toEqual({
      id: c.cashier.id,
      name: "สมศรี แคชเชียร์",
    });

    // The owner's session has no limit, the cashier who took over has the cashier's.
    const half = { ...bill(c, { discountBasisPoints: 5_000 }), cashierSwitch: switched.switchId };
    const refused = await fromTill(c, half);
    expect(refused.ok ? null : refused.error.code).toBe("discountNeedsApproval");
    c.seq -= 1;
    // An approval for that cashier (found from the switch) lets it through.
    await setApprovalPin(db, c.t.shop.id, c.t.ownerId, "7391");
    const approved = await approveDiscount(
      db,
      { shopId: c.t.shop.id, cashierId: c.cashier.id },
      {
        clientSaleId: half.clientSaleId,
        approverId: c.t.ownerId,
        pin: "7391",
        shares: { lineBasisPoints: 5_000, billBasisPoints: 0 },
        discountSatang: PRICE / 2,
      },
    );
    expect(approved.ok).toBe(true);
    const sold2 = await fromTill(c, half);
    if (!sold2.ok) throw new Error(JSON.stringify(sold2.error));
    expect((await cashierOfSale(sold2.sale.id))?.id).toBe(c.cashier.id);

    // Without the switch the same session sells as the owner.
    const own = await fromTill(c, bill(c));
    if (!own.ok) throw new Error(JSON.stringify(own.error));
    expect((await cashierOfSale(own.sale.id))?.id).toBe(c.t.ownerId);

    // Sales by cashier (the reports' cashier table): the cashier's two bills, the owner's one.
    const day = bangkokIsoDate(new Date());
    const pnl = await profitAndLoss(db, c.t.shop.id, { from: day, to: day });
    expect(pnl.byCashier.find((row) => row.cashierId === c.cashier.id)).toMatchObject({
      name: "สมศรี แคชเชียร์",
      bills: 2,
      discountSatang: PRICE / 2,
      approvedBills: 1,
    });
    expect(pnl.byCashier.find((row) => row.cashierId === c.t.ownerId)).toMatchObject({ bills: 1 });
  });

  it("refuses a forged, foreign or stale switch, and a switch from a browser that is no till", async () => {
    const c = await counter();
    await setTillPin(db, c.t.shop.id, c.cashier.id, "4826");
    await setTillPin(db, c.t.shop.id, c.manager.id, "6392");
    const switched = await switchTo(c, c.cashier.id, "4826");
    if (!switched.ok || !switched.switchId) throw new Error("no switch");
    const switchId = switched.switchId;
    // A refused sale takes no number: the till's next sale has the same one.
    const refusedCode = async (promise: ReturnType<typeof completeSale>, on: Counter = c) => {
      const result = await promise;
      if (result.ok) return "sold";
      on.seq -= 1;
      return result.error.code;
    };

    // A made-up id: refused, no sale, no number taken.
    expect(await refusedCode(fromTill(c, { ...bill(c), cashierSwitch: randomUUID() }))).toBe(
      "cashierSwitchInvalid",
    );
    // The cashier's own session cannot use a switch (it is the owner's till session's).
    const cashierSession: SaleActor = {
      shopId: c.t.shop.id,
      userId: c.cashier.id,
      cashierName: "สมศรี",
      role: "cashier",
    };
    expect(
      await refusedCode(
        fromTill(c, { ...bill(c), cashierSwitch: switchId }, { actor: cashierSession }),
      ),
    ).toBe("cashierSwitchInvalid");
    // Another owner/manager session (the manager signed in elsewhere) cannot either.
    const managerSession: SaleActor = {
      shopId: c.t.shop.id,
      userId: c.manager.id,
      cashierName: "มานพ",
      role: "manager",
    };
    expect(
      await refusedCode(
        fromTill(c, { ...bill(c), cashierSwitch: switchId }, { actor: managerSession }),
      ),
    ).toBe("cashierSwitchInvalid");
    // Not from a registered till: refused.
    const plain = await completeSale(db, c.owner, { ...bill(c), cashierSwitch: switchId });
    expect(plain.ok ? null : plain.error.code).toBe("cashierSwitchInvalid");
    // Another shop's owner with this shop's switch id: refused.
    const other = await counter();
    expect(
      await refusedCode(fromTill(other, { ...bill(other), cashierSwitch: switchId }), other),
    ).toBe("cashierSwitchInvalid");

    // The owner takes the till back with their own PIN: the switch ends. (Its times are moved
    // back here, so that "after it ended" is past the clock's slack.) A sale queued offline
    // while it lasted is the cashier's; one made after it ended with the old id is refused.
    const back = await switchTo(c, c.t.ownerId, "7391");
    expect(back).toMatchObject({ ok: true, switchId: null });
    const [ended] = await db
      .update(tillCashierSwitch)
      .set({
        createdAt: new Date(Date.now() - 30 * 60_000),
        endedAt: new Date(Date.now() - 10 * 60_000),
      })
      .where(eq(tillCashierSwitch.id, switchId))
      .returning({ endedAt: tillCashierSwitch.endedAt });
    expect(ended?.endedAt).toBeInstanceOf(Date);
    const queued = await fromTill(
      c,
      { ...bill(c), cashierSwitch: switchId },
      { soldAt: new Date(Date.now() - 20 * 60_000) },
    );
    if (!queued.ok) throw new Error(JSON.stringify(queued.error));
    expect((await cashierOfSale(queued.sale.id))?.id).toBe(c.cashier.id);
    expect(await refusedCode(fromTill(c, { ...bill(c), cashierSwitch: switchId }))).toBe(
      "cashierSwitchInvalid",
    );

    // A cashier removed from the shop since: their switch sells nothing more.
    const again = await switchTo(c, c.cashier.id, "4826");
    if (!again.ok || !again.switchId) throw new Error("no switch");
    await db
      .delete(shopMember)
      .where(and(eq(shopMember.shopId, c.t.shop.id), eq(shopMember.userId, c.cashier.id)));
    expect(await refusedCode(fromTill(c, { ...bill(c), cashierSwitch: again.switchId }))).toBe(
      "cashierSwitchInvalid",
    );
  });

  it("only an owner's or a manager's session at a registered till switches; stock staff do not sell", async () => {
    const c = await counter();
    await setTillPin(db, c.t.shop.id, c.cashier.id, "4826");
    await setTillPin(db, c.t.shop.id, c.stock.id, "5937");
    const cashierSession: SaleActor = {
      shopId: c.t.shop.id,
      userId: c.cashier.id,
      cashierName: "สมศรี",
      role: "cashier",
    };
    const bySession = await switchTo(c, c.cashier.id, "4826", cashierSession);
    expect(bySession.ok ? null : bySession.error.code).toBe("notTillSession");
    const stock = await switchTo(c, c.stock.id, "5937");
    expect(stock.ok ? null : stock.error.code).toBe("notSeller");
    const wrongToken = await switchCashier(
      db,
      { shopId: c.t.shop.id, userId: c.t.ownerId, role: "owner" },
      { tillId: c.till.tillId, token: "x".repeat(40), memberId: c.cashier.id, pin: "4826" },
    );
    expect(wrongToken.ok ? null : wrongToken.error.code).toBe("tillNotRegistered");
    // An owner without a till PIN could not take the till back: nobody takes it over.
    await setTillPin(db, c.t.shop.id, c.t.ownerId, null);
    const noOwnPin = await switchTo(c, c.cashier.id, "4826");
    expect(noOwnPin.ok ? null : noOwnPin.error.code).toBe("sessionWithoutPin");
  });
});

describe("clocking in and out", () => {
  it("clocks by PIN at the till and adds up the week's hours per member", async () => {
    const c = await counter();
    await setTillPin(db, c.t.shop.id, c.stock.id, "5937");
    const clock = (direction: "in" | "out", pin = "5937") =>
      clockByPin(db, c.t.shop.id, {
        tillId: c.till.tillId,
        token: c.till.token,
        memberId: c.stock.id,
        pin,
        direction,
      });
    expect((await clock("out")).ok ? null : "refused").toBe("refused");
    const wrong = await clock("in", "1111");
    expect(wrong.ok ? null : wrong.error.code).toBe("wrongPin");
    const inAt = await clock("in");
    expect(inAt).toMatchObject({ ok: true, direction: "in", name: "สมชาย สต็อก" });
    const twice = await clock("in");
    expect(twice.ok ? null : twice.error.code).toBe("alreadyIn");
    const out = await clock("out");
    expect(out).toMatchObject({ ok: true, direction: "out" });

    // Hours: Monday 2026-11-23 Bangkok. 09:00–17:30 on Monday, 22:00 Tuesday – 02:00 Wednesday.
    await db.delete(staffClock).where(eq(staffClock.shopId, c.t.shop.id));
    const at = (day: string, time: string) => new Date(`${day}T${time}:00+07:00`);
    await db.insert(staffClock).values([
      {
        shopId: c.t.shop.id,
        userId: c.stock.id,
        memberName: "สมชาย สต็อก",
        clockIn: at("2026-11-23", "09:00"),
        clockOut: at("2026-11-23", "17:30"),
      },
      {
        shopId: c.t.shop.id,
        userId: c.stock.id,
        memberName: "สมชาย สต็อก",
        clockIn: at("2026-11-24", "22:00"),
        clockOut: at("2026-11-25", "02:00"),
      },
      {
        shopId: c.t.shop.id,
        userId: c.cashier.id,
        memberName: "สมศรี แคชเชียร์",
        clockIn: at("2026-11-29", "20:00"),
      },
    ]);
    const rows = await weekHours(db, c.t.shop.id, "2026-11-23", at("2026-11-29", "21:15"));
    expect(rows).toEqual(
      [
        {
          userId: c.stock.id,
          name: "สมชาย สต็อก",
          days: [510, 120, 120, 0, 0, 0, 0],
          totalMinutes: 750,
          open: false,
        },
        {
          userId: c.cashier.id,
          name: "สมศรี แคชเชียร์",
          days: [0, 0, 0, 0, 0, 0, 75],
          totalMinutes: 75,
          open: true,
        },
      ].sort((a, b) => a.name.localeCompare(b.name)),
    );
    // Another shop sees none of them.
    const other = await insertShop(db);
    expect(await weekHours(db, other.shop.id, "2026-11-23")).toEqual([]);
  });
});

describe("a return from the till's last receipts", () => {
  it("lists the till's bills and opens one under the cashier who holds the till", async () => {
    const c = await counter();
    await setSalesSettings(db, c.t.shop.id, { cashierMayVoidOwn: true });
    await setTillPin(db, c.t.shop.id, c.cashier.id, "4826");
    const switched = await switchTo(c, c.cashier.id, "4826");
    if (!switched.ok || !switched.switchId) throw new Error("no switch");
    const theirs = await fromTill(c, { ...bill(c), cashierSwitch: switched.switchId });
    const owners = await fromTill(c, bill(c));
    if (!theirs.ok || !owners.ok) throw new Error("not sold");
    const owner = sessionUserOf(c.t.ownerId, "เจ้าของ");
    const call = <T>(
      fn: Parameters<typeof callRoute>[0],
      path: string,
      form?: Record<string, string>,
    ) =>
      outcomeOf<T>(
        callRoute(fn, path, { ...(form ? { form } : {}), context: routeContext(db, owner) }),
      );

    const recent = await call(
      recentRoute.loader,
      `/shophub/sell/recent?shop=${c.t.shop.id}&till=${encodeURIComponent("เครื่อง 1")}`,
    );
    const listed = (await recent.response!.json()) as recentRoute.TillRecentAnswer;
    expect(listed.sales.map((row) => row.id)).toEqual([owners.sale.id, theirs.sale.id]);

    type Page = Awaited<ReturnType<typeof detailRoute.loader>>;
    const shop = `shop=${c.t.shop.id}`;
    const asCashier = `&cashier=${switched.switchId}&till=${c.till.tillId}`;
    const pageOf = async (saleId: number, query = "") =>
      (await call<Page>(detailRoute.loader, `/shophub/invoices/${saleId}?${shop}${query}`)).data;
    // The owner's own session: any bill. The cashier holding the till: their own bill only.
    expect(await pageOf(owners.sale.id)).toMatchObject({ mayReturn: true, role: "owner" });
    expect(await pageOf(theirs.sale.id, asCashier)).toMatchObject({
      mayReturn: true,
      role: "cashier",
    });
    expect(await pageOf(owners.sale.id, asCashier)).toMatchObject({
      mayReturn: false,
      mayVoid: false,
    });
    // A made-up switch is a cashier with no bill of their own.
    const forged = `&cashier=${randomUUID()}&till=${c.till.tillId}`;
    expect(await pageOf(theirs.sale.id, forged)).toMatchObject({ mayReturn: false });

    const [line] = await db
      .select({ id: saleLine.id })
      .from(saleLine)
      .where(eq(saleLine.saleId, owners.sale.id));
    const refused = await call(
      detailRoute.action,
      `/shophub/invoices/${owners.sale.id}?${shop}${asCashier}`,
      {
        shopId: c.t.shop.id,
        intent: "return",
        reason: "ลูกค้าเปลี่ยนใจ",
        refundMethod: "cash",
        [`qty-${line!.id}`]: "1",
      },
    );
    expect(refused.status).toBe(403);
    const [theirLine] = await db
      .select({ id: saleLine.id })
      .from(saleLine)
      .where(eq(saleLine.saleId, theirs.sale.id));
    const returned = await call(
      detailRoute.action,
      `/shophub/invoices/${theirs.sale.id}?${shop}${asCashier}`,
      {
        shopId: c.t.shop.id,
        intent: "return",
        reason: "ลูกค้าเปลี่ยนใจ",
        refundMethod: "cash",
        [`qty-${theirLine!.id}`]: "1",
      },
    );
    expect(returned.status).toBe(302);
    expect(returned.location).toContain(`cashier=${switched.switchId}`);
    const notes = await db
      .select({ saleId: creditNote.saleId })
      .from(creditNote)
      .where(eq(creditNote.shopId, c.t.shop.id));
    expect(notes).toEqual([{ saleId: theirs.sale.id }]);
  });

  it("holds the owner's whole session for the cashier until the owner takes the till back (decision 0088)", async () => {
    const c = await counter();
    await setSalesSettings(db, c.t.shop.id, { cashierMayVoidOwn: true });
    await setTillPin(db, c.t.shop.id, c.cashier.id, "4826");
    // The owner's browser at the till: its session cookie, which the switch remembers (hashed).
    const cookie = `dptech.session_token=${randomUUID()}.signature`;
    const otherBrowser = `dptech.session_token=${randomUUID()}.signature`;
    const request = new Request("http://localhost/shophub/sell/staff", { headers: { cookie } });
    const switched = await switchCashier(
      db,
      { shopId: c.t.shop.id, userId: c.t.ownerId, role: "owner" },
      {
        tillId: c.till.tillId,
        token: c.till.token,
        memberId: c.cashier.id,
        pin: "4826",
        sessionKey: heldSessionKey(request),
      },
    );
    if (!switched.ok || !switched.switchId) throw new Error("no switch");
    const [stored] = await db
      .select({ key: tillCashierSwitch.sessionKey })
      .from(tillCashierSwitch)
      .where(eq(tillCashierSwitch.id, switched.switchId));
    expect(stored!.key).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.key).not.toContain(cookie.split("=")[1]!.slice(0, 8));

    const owner = sessionUserOf(c.t.ownerId, "เจ้าของ");
    const asOwner = <T>(fn: Parameters<typeof callRoute>[0], path: string, from = cookie) =>
      outcomeOf<T>(callRoute(fn, path, { cookie: from, context: routeContext(db, owner) }));
    const shop = `shop=${c.t.shop.id}`;

    // Typed into the held browser: the owner's settings, reports, PINs, profile are refused in
    // Thai, naming who holds the till.
    for (const [fn, path] of [
      [settingsRoute.loader, `/shophub/settings/selling?${shop}`],
      [reportsRoute.loader, `/shophub/reports?${shop}`],
      [pinRoute.loader, `/shophub/till-pin?${shop}`],
      [profileRoute.loader, "/user/profile"],
    ] as const) {
      const refused = await asOwner<string>(fn, path);
      expect(refused.status, path).toBe(403);
      // A gate's refusal arrives as the answer React Router made of it.
      const said = refused.data ?? (await refused.response!.text());
      expect(said).toContain("สมศรี แคชเชียร์");
    }
    // The same owner in another browser is not held.
    expect(
      (await asOwner(settingsRoute.loader, `/shophub/settings/selling?${shop}`, otherBrowser))
        .status,
    ).toBe(200);

    // The bills the till opens are the cashier's, with or without the till's link.
    const owners = await fromTill(c, bill(c));
    if (!owners.ok) throw new Error("not sold");
    type Page = Awaited<ReturnType<typeof detailRoute.loader>>;
    const page = await asOwner<Page>(
      detailRoute.loader,
      `/shophub/invoices/${owners.sale.id}?${shop}`,
    );
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ role: "cashier", mayReturn: false, mayVoid: false });

    // A bill sent without the switch while the session is held is the cashier's, under a
    // cashier's discount limit (10 %): a 20 % discount needs approval.
    const held = { id: switched.switchId, since: new Date(Date.now() - 1000) };
    const plain = await fromTill(c, bill(c), { actor: { ...c.owner, heldSwitch: held } });
    if (!plain.ok) throw new Error(JSON.stringify(plain));
    expect(await cashierOfSale(plain.sale.id)).toEqual({ id: c.cashier.id, name: "สมศรี แคชเชียร์" });
    const discounted = await fromTill(c, bill(c, { discountBasisPoints: 2_000 }), {
      actor: { ...c.owner, heldSwitch: held },
    });
    expect(discounted).toMatchObject({ ok: false, error: { code: "discountNeedsApproval" } });
    c.seq -= 1; // the refused bill took no number
    // A bill queued before the switch stays the owner's.
    const earlier = await fromTill(c, bill(c), {
      actor: { ...c.owner, heldSwitch: held },
      soldAt: new Date(Date.now() - 60_000),
    });
    if (!earlier.ok) throw new Error(JSON.stringify(earlier));
    expect((await cashierOfSale(earlier.sale.id))!.id).toBe(c.t.ownerId);

    // The owner takes the till back with their own PIN: the session is theirs again.
    const back = await switchCashier(
      db,
      { shopId: c.t.shop.id, userId: c.t.ownerId, role: "owner" },
      { tillId: c.till.tillId, token: c.till.token, memberId: c.t.ownerId, pin: OWNER_PIN },
    );
    expect(back.ok).toBe(true);
    expect((await asOwner(settingsRoute.loader, `/shophub/settings/selling?${shop}`)).status).toBe(
      200,
    );
  });
});
