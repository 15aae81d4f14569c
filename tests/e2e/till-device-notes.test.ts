import { describe, expect } from "vitest";
import { addSession, e2eTest as test, hydrated, memberWithShop } from "./fixtures";

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
    await page.goto("/shophub/tills");
    await hydrated(page, "[data-testid=tills-register]");
    await page.getByTestId("tills-row").first().getByTestId("tills-bind").click();
    await expect
      .poll(() => page.getByTestId("tills-this-device").innerText(), SLOW)
      .toContain("(P01)");

    // Fresh prices: nothing said.
    await page.goto("/shophub/sell");
    await page.locator("[data-testid=till][data-ready=yes]").waitFor();
    await expect.poll(() => page.getByTestId("till-queue").count(), SLOW).toBe(1);
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
    expect(await page.getByTestId("till-storage-refused").count()).toBe(persisted ? 0 : 1);

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
});
