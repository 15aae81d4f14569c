import { and, asc, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { sale, shopSalesSetting } from "~/db/schema";
import {
  addSession,
  bindFirstTill,
  e2eTest as test,
  memberWithShop,
  openRegisteredTill,
} from "./fixtures";

const SLOW = { timeout: 20_000 };

/*
 * A registered till sells through its queue (issue 34, decision 0071): online the sale is done
 * at once and sent; with the network gone the till keeps selling, numbering its own slips,
 * comes back from the service worker on a reload with the queue intact, and sends every sale
 * exactly once, in its numbers' order, when the network returns.
 */
describe("a registered till that loses its network", () => {
  test("keeps selling offline, reloads from the service worker, and sends each sale once", async ({
    e2e,
    context,
    page,
  }) => {
    const n = `${Date.now() % 1_000_000}`;
    const owner = await memberWithShop(e2e, {
      shop: { name: "ร้านเน็ตหลุด" },
      items: [
        {
          fields: { name: "น้ำดื่ม", sku: `OFFW-${n}`, barcode: null, unit: "ขวด", price: 1_000 },
          qty: 50_000,
        },
        {
          fields: {
            name: "กล้วยหอม",
            sku: `OFFK-${n}`,
            barcode: null,
            unit: "kg",
            price: 4_000,
            measured: true,
          },
          qty: 20_000,
        },
      ],
    });
    const sku = owner.items[0]!.sku;
    await e2e.db
      .insert(shopSalesSetting)
      .values({ shopId: owner.shop.id, promptPayId: "0812345678" });
    await addSession(context, owner.member);

    // The owner makes this browser the shop's first till.
    await bindFirstTill(page);
    await openRegisteredTill(page);
    // The service worker keeps the till from its first visit.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));

    async function sell(
      quantity: number,
      cash: string,
      beforeNext?: () => Promise<void>,
      ring?: () => Promise<void>,
    ) {
      const field = page.getByTestId("till-scan");
      for (let i = 0; i < quantity; i += 1) {
        await field.fill(sku);
        await field.press("Enter");
      }
      await ring?.();
      await page.getByTestId("till-pay-open").click();
      const dialog = page.getByTestId("till-pay-dialog");
      await dialog.getByTestId("till-cash").fill(cash);
      await dialog.getByTestId("till-complete").click();
      const done = page.getByTestId("till-done");
      await done.waitFor(SLOW);
      const number = (await done.getByTestId("till-done-number").innerText()).replace("เลขที่ ", "");
      await beforeNext?.();
      await page.getByTestId("till-next").click();
      return number;
    }

    // Online: numbered on the till, sent at once.
    const first = await sell(1, "20");
    expect(first).toMatch(/^RC-?P01-\d{4}-\d{6}$/);
    await expect
      .poll(() => page.getByTestId("till-queue").getAttribute("data-waiting"), SLOW)
      .toBe("0");

    // Offline: the till keeps selling, and says what waits.
    await context.setOffline(true);
    // A bill with a line discount, parked and recalled, paid by PromptPay: the QR is made on the
    // till, no server needed.
    const field = page.getByTestId("till-scan");
    for (let i = 0; i < 2; i += 1) {
      await field.fill(sku);
      await field.press("Enter");
    }
    const line = page.getByTestId("till-line").first();
    await line.getByTestId("till-line-discount").fill("2");
    await page.getByTestId("till-park").click();
    await page.getByTestId("till-park-label").fill("โต๊ะ 1");
    await page.getByTestId("till-park-save").click();
    await expect.poll(() => page.getByTestId("till-line").count()).toBe(0);
    await page.getByTestId("till-parked").click();
    await page.getByTestId("till-parked-bill").getByTestId("till-recall").click();
    await expect.poll(() => page.getByTestId("till-total").innerText()).toBe("฿18.00");
    await page.getByTestId("till-pay-open").click();
    const dialog = page.getByTestId("till-pay-dialog");
    await dialog.getByTestId("till-method-promptpay").click();
    await dialog.getByTestId("till-qr").locator("svg").waitFor();
    await dialog.getByTestId("till-promptpay-confirm").click();
    await dialog.getByTestId("till-complete").click();
    await page.getByTestId("till-done").waitFor(SLOW);
    const second = (await page.getByTestId("till-done-number").innerText()).replace("เลขที่ ", "");
    await page.getByTestId("till-next").click();
    // Its slip prints offline, from the till's own bill: what the print dialog got is kept.
    let offlineSlip = "";
    let reprint = "";
    const printed = async () => {
      await page.evaluate(() => {
        delete document.body.dataset.printed;
        window.print = () => {
          const slip = document.querySelector("[data-testid=till-queued-slip] .doc");
          document.body.dataset.printed = slip instanceof HTMLElement ? slip.innerText : "";
        };
      });
      await page.getByTestId("till-print").click();
      await expect.poll(() => page.locator("body").getAttribute("data-printed")).toBeTruthy();
      return (await page.locator("body").getAttribute("data-printed")) ?? "";
    };
    const third = await sell(3, "30", async () => {
      offlineSlip = await printed();
      // Printed again from the till: a copy, as the server would mark it.
      reprint = await printed();
    });
    expect(offlineSlip).toContain(third);
    expect(offlineSlip).not.toContain("สำเนา");
    expect(reprint).toContain("สำเนา");
    // A weight item: the weight asked on the till (its dialog kept by the service worker).
    const fourth = await sell(0, "20", undefined, async () => {
      await page.getByTestId("till-item").filter({ hasText: "กล้วยหอม" }).click();
      const ask = page.getByTestId("till-ask-qty");
      await ask.fill("0.5");
      await ask.press("Enter");
      await expect.poll(() => page.getByTestId("till-total").innerText(), SLOW).toBe("฿20.00");
    });
    await expect.poll(() => page.getByTestId("till-queue").getAttribute("data-waiting")).toBe("3");
    expect(await page.getByTestId("till-queue-count").innerText()).toBe("รอส่ง 3 บิล");

    // Signing out would leave them behind: the menu says so and stays signed in.
    await page.getByTestId("member-menu").locator("summary").click();
    await page.getByTestId("member-menu").getByRole("button", { name: "ออกจากระบบ" }).click();
    await expect
      .poll(() => page.getByTestId("leave-waiting").innerText())
      .toContain("ยังมี 3 บิลที่ขายแล้วรอส่ง");
    expect(page.url()).toContain("/shophub/sell");

    // A reload with no network: the page comes from the service worker, the queue is intact.
    await page.reload();
    await page.locator("[data-testid=till][data-ready=yes]").waitFor(SLOW);
    await expect
      .poll(() => page.getByTestId("till-queue").getAttribute("data-waiting"), SLOW)
      .toBe("3");

    // Back online: everything arrives once, in the till's numbers' order.
    await context.setOffline(false);
    await expect
      .poll(() => page.getByTestId("till-queue").getAttribute("data-waiting"), SLOW)
      .toBe("0");
    const stored = await e2e.db
      .select({ id: sale.id, number: sale.documentNumber, total: sale.totalSatang })
      .from(sale)
      .where(and(eq(sale.shopId, owner.shop.id)))
      .orderBy(asc(sale.id));
    expect(stored.map(({ number, total }) => ({ number, total }))).toEqual([
      { number: first, total: 1_000 },
      { number: second, total: 1_800 },
      { number: third, total: 3_000 },
      { number: fourth, total: 2_000 },
    ]);
    const seqs = stored.map((row) => Number(row.number.slice(-6)));
    expect(seqs).toEqual([seqs[0], seqs[0]! + 1, seqs[0]! + 2, seqs[0]! + 3]);

    // The slip printed offline is the server's document of that sale, word for word; the
    // till printed the original, so the server's print is a copy. The server's print adds the
    // e-receipt's QR (decision 0094): a till offline has no link to print.
    await page.goto(
      `/shophub/invoices/${stored[2]!.id}/print?doc=sale&paper=80&shop=${owner.shop.id}`,
    );
    const served = await page.locator(".doc").innerText();
    expect(served).toContain("สแกนเพื่อดูใบเสร็จออนไลน์");
    expect(
      served
        .split("\n")
        .filter((line) => line !== "สแกนเพื่อดูใบเสร็จออนไลน์")
        .join("\n"),
    ).toBe(reprint);
  });
});
