import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { sale, till } from "~/db/schema";
import {
  addSession,
  bindFirstTill,
  e2eTest as test,
  hydrated,
  memberWithShop,
  openRegisteredTill,
} from "./fixtures";

const SLOW = { timeout: 20_000 };

/*
 * What a registered till tells about itself (issue 34, decision 0071): how old its prices are
 * when it has not read them for a while (offline, or left open), and — to the owner on the
 * list of tills — that the browser refused to keep its data for good, so bills waiting to be
 * sent could be cleared when the device runs out of space.
 */
describe("a registered till's notes about itself", () => {
  test("says how old its prices are, and the owner sees what the browser said to persistent storage", async ({
    e2e,
    context,
    page,
  }) => {
    const n = `${Date.now() % 1_000_000}`;
    const owner = await memberWithShop(e2e, {
      shop: { name: "ร้านเครื่องบอกอายุ" },
      items: [
        {
          fields: { name: "น้ำแข็ง", sku: `AGE-${n}`, barcode: null, unit: "ถุง", price: 1_000 },
          qty: 5_000,
        },
      ],
    });
    await addSession(context, owner.member);
    await bindFirstTill(page);

    // Fresh prices: nothing said.
    await openRegisteredTill(page);
    expect(await page.getByTestId("till-catalogue-age").count()).toBe(0);
    // The device has caught up (nothing waits): it said so, with the browser's storage answer.
    await expect
      .poll(() => page.getByTestId("till-queue-count").innerText(), SLOW)
      .toBe("ส่งบิลเข้าระบบครบแล้ว");
    const persisted = await page.evaluate(() => navigator.storage.persisted());

    // The same page twenty minutes on (a till left open, or reloaded offline): its age is said.
    await page.clock.setFixedTime(new Date(Date.now() + 20 * 60_000));
    await page.reload();
    await page.locator("[data-testid=till][data-ready=yes]").waitFor();
    await expect
      .poll(() => page.getByTestId("till-catalogue-age").innerText(), SLOW)
      .toMatch(/^ราคาและรายการสินค้าบนเครื่องนี้อัปเดตล่าสุดเมื่อ /);
    // Nothing waits: the till does not repeat the storage answer (the owner's list says it).
    expect(await page.getByTestId("till-storage-refused").count()).toBe(0);

    // The owner's list of tills says the same of the device.
    await page.goto("/shophub/tills");
    await hydrated(page, "[data-testid=tills-register]");
    await expect
      .poll(() => page.getByTestId("tills-storage-refused").count(), SLOW)
      .toBe(persisted ? 0 : 1);
  });

  test("says a browser that keeps nothing on the device cannot sell offline, and sells online", async ({
    e2e,
    context,
    page,
  }) => {
    const n = `${Date.now() % 1_000_000}`;
    const owner = await memberWithShop(e2e, {
      shop: { name: "ร้านหน้าต่างส่วนตัว" },
      items: [
        {
          fields: { name: "ขนมปัง", sku: `PRIV-${n}`, barcode: null, unit: "ชิ้น", price: 2_500 },
          qty: 5_000,
        },
      ],
    });
    // A private window of some browsers: no IndexedDB at all.
    await context.addInitScript(() => {
      Object.defineProperty(window, "indexedDB", { value: undefined, configurable: true });
    });
    await addSession(context, owner.member);
    await page.goto("/shophub/tills");
    await hydrated(page, "[data-testid=tills-register]");
    await page.getByTestId("tills-row").first().getByTestId("tills-bind").click();
    await expect
      .poll(() => page.getByTestId("tills-this-device").innerText(), SLOW)
      .toContain("เก็บข้อมูลไว้ในเครื่องไม่ได้");

    await page.goto("/shophub/sell");
    await page.locator("[data-testid=till][data-ready=yes]").waitFor();
    await expect
      .poll(() => page.getByTestId("till-no-storage").innerText(), SLOW)
      .toContain("ขายตอนไม่มีอินเทอร์เน็ตไม่ได้");
    // Online selling works as before: the server numbers the sale in the shop's series.
    const field = page.getByTestId("till-scan");
    await field.fill(owner.items[0]!.sku);
    await field.press("Enter");
    await page.getByTestId("till-pay-open").click();
    const dialog = page.getByTestId("till-pay-dialog");
    await dialog.getByTestId("till-cash").fill("30");
    await dialog.getByTestId("till-complete").click();
    await expect.poll(() => page.getByTestId("till-done-change").innerText(), SLOW).toBe("฿5.00");
    expect(await page.getByTestId("till-done-queued").count()).toBe(0);
  });

  test("keeps a refused bill on the till, shows it to the owner, and sends it again once put right", async ({
    e2e,
    context,
    page,
  }) => {
    const n = `${Date.now() % 1_000_000}`;
    const owner = await memberWithShop(e2e, {
      shop: { name: "ร้านบิลค้าง" },
      items: [
        {
          fields: { name: "ไข่ไก่", sku: `REF-${n}`, barcode: null, unit: "แผง", price: 12_000 },
          qty: 5_000,
        },
      ],
    });
    await addSession(context, owner.member);
    await bindFirstTill(page);
    await openRegisteredTill(page);

    const field = page.getByTestId("till-scan");
    const sell = async () => {
      await field.fill(owner.items[0]!.sku);
      await field.press("Enter");
      await expect.poll(() => page.getByTestId("till-line").count(), SLOW).toBe(1);
      await page.getByTestId("till-pay-open").click();
      const dialog = page.getByTestId("till-pay-dialog");
      await dialog.getByTestId("till-cash").fill("120");
      await dialog.getByTestId("till-complete").click();
      const sold = (await page.getByTestId("till-done-number").innerText()).replace("เลขที่ ", "");
      await page.getByTestId("till-next").click();
      return sold;
    };
    // A sale online first (the till as it is used before the network drops).
    const first = await sell();
    await expect
      .poll(() => page.getByTestId("till-queue").getAttribute("data-waiting"), SLOW)
      .toBe("0");

    // Sold offline; meanwhile the owner released this device from another one.
    await context.setOffline(true);
    const number = await sell();
    await e2e.db
      .update(till)
      .set({ deviceTokenHash: null, deviceBoundAt: null, deviceLabel: null })
      .where(eq(till.shopId, owner.shop.id));

    // Back online: refused for good, kept on the till, marked, with what to do.
    await context.setOffline(false);
    // Sent on the "online" event, or at the latest by the backoff timer (5 s, then 10 s).
    await expect
      .poll(() => page.getByTestId("till-queue-refused").innerText(), { timeout: 30_000 })
      .toContain(`บิล ${number} ส่งเข้าระบบไม่ผ่าน (เครื่องนี้ไม่ได้เป็นเครื่องขายของร้านแล้ว)`);
    expect(await page.getByTestId("till-queue").getAttribute("data-waiting")).toBe("1");
    // A bill waits on a browser that did not promise to keep it: said on the till.
    const persisted = await page.evaluate(() => navigator.storage.persisted());
    expect(await page.getByTestId("till-storage-refused").count()).toBe(persisted ? 0 : 1);

    // The owner's list of tills shows it, wherever the owner is.
    await page.goto("/shophub/tills");
    await hydrated(page, "[data-testid=tills-register]");
    const row = page.getByTestId("tills-refused-row");
    await expect.poll(() => row.count(), SLOW).toBe(1);
    expect(await row.innerText()).toContain(number);
    expect(await row.innerText()).toContain("฿120.00");

    // Put right (this device bound again), then sent again from the till: it arrives once.
    await page.getByTestId("tills-row").first().getByTestId("tills-bind").click();
    await expect
      .poll(() => page.getByTestId("tills-this-device").innerText(), SLOW)
      .toContain("(P01)");
    await page.goto("/shophub/sell");
    await page.locator("[data-testid=till][data-ready=yes]").waitFor();
    await page.getByTestId("till-queue-retry").click();
    await expect
      .poll(() => page.getByTestId("till-queue").getAttribute("data-waiting"), SLOW)
      .toBe("0");
    const stored = await e2e.db
      .select({ number: sale.documentNumber })
      .from(sale)
      .where(eq(sale.shopId, owner.shop.id));
    expect(stored.map((row) => row.number).sort()).toEqual([first, number]);
    await page.goto("/shophub/tills");
    await hydrated(page, "[data-testid=tills-register]");
    expect(await page.getByTestId("tills-refused").count()).toBe(0);
  });
});
