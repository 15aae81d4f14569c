import { readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";
import { shopSalesSetting } from "~/db/schema";
import { readPromptPayPayload } from "~/modules/sales";
import { addSession, e2eTest as test, hydrated, memberWithShop, openAs } from "./fixtures";

// The QR reader's WebAssembly from the installed package, never from its default CDN.
const wasm = readFileSync(path.resolve("node_modules/zxing-wasm/dist/reader/zxing_reader.wasm"));
prepareZXingModule({
  overrides: {
    wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength),
  },
});

const FORM = "[data-testid=selling-settings-form]";

describe("a shop's selling settings", () => {
  test("the owner types the PromptPay ID, sees its kind and a 1 baht QR that a phone can read, and saves it", async ({
    e2e,
    context,
    page,
  }) => {
    const owner = await memberWithShop(e2e, { shop: { name: "ร้านพร้อมเพย์ทดสอบ" } });
    await addSession(context, owner.member);
    await page.goto("/shophub/settings/selling");
    await hydrated(page, FORM);
    await page.locator("#field-promptPayId").fill("+66 81 234 5678");
    expect(await page.getByTestId("promptpay-kind").innerText()).toBe(
      "ระบบอ่านเป็น: เบอร์มือถือ 081-234-5678",
    );

    // The form, its previews included, has no accessibility fault axe can find.
    const axe = await new AxeBuilder({ page }).include(FORM).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(" ")}`)).toEqual([]);

    // Read the QR from the pixels on the screen, as a banking app's camera would.
    const shot = await page.getByTestId("promptpay-test-qr").screenshot();
    const [read] = await readBarcodes(new Blob([new Uint8Array(shot)]), { formats: ["QRCode"] });
    expect(readPromptPayPayload(read?.text ?? "")).toEqual({
      id: { kind: "mobile", value: "0812345678" },
      amountSatang: 100,
    });

    await page.getByRole("button", { name: "บันทึกการตั้งค่าการขาย" }).click();
    expect(await page.getByTestId("shops-done").innerText()).toBe("บันทึกการตั้งค่าการขายแล้ว");
    const [row] = await e2e.db
      .select()
      .from(shopSalesSetting)
      .where(eq(shopSalesSetting.shopId, owner.shop.id));
    expect(row?.promptPayId).toBe("0812345678");
    // Opened again, the saved ID shows its QR at once.
    await page.reload();
    expect(await page.locator("#field-promptPayId").inputValue()).toBe("0812345678");
    expect(await page.getByTestId("promptpay-test-qr").isVisible()).toBe(true);
  });

  test("VAT registration is refused without the shop's tax ID, links to the details, and is saved once it is there", async ({
    e2e,
    context,
    page,
  }) => {
    const owner = await memberWithShop(e2e, { shop: { name: "ร้านภาษีทดสอบ" } });
    await addSession(context, owner.member);
    await page.goto("/shophub/settings/selling");
    await hydrated(page, FORM);
    await page.locator("#field-vatRegistered").check();
    await page.locator("#field-receiptFooter").fill("ขอบคุณที่อุดหนุนค่ะ");
    await page.getByRole("button", { name: "บันทึกการตั้งค่าการขาย" }).click();

    const refusal = page.locator("[data-error-for=vatRegistered]");
    expect(await refusal.innerText()).toContain(
      "ต้องกรอกเลขประจำตัวผู้เสียภาษี 13 หลักของร้านก่อน จึงจะจดทะเบียนภาษีมูลค่าเพิ่มได้",
    );
    // What was typed is still there.
    expect(await page.locator("#field-receiptFooter").inputValue()).toBe("ขอบคุณที่อุดหนุนค่ะ");
    expect(await page.locator("#field-vatRegistered").isChecked()).toBe(true);

    const axe = await new AxeBuilder({ page }).include(FORM).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(" ")}`)).toEqual([]);

    await refusal.getByTestId("tax-id-link").click();
    await page.waitForURL(/\/shophub\/settings\?shop=/);
    await hydrated(page, "[data-testid=shop-form]");
    await page.locator("#field-taxId").fill("1-1017-00207-03-0");
    await page.getByRole("button", { name: "บันทึกข้อมูลร้าน" }).click();
    await page.getByTestId("shops-done").waitFor();

    await page.getByRole("link", { name: "ตั้งค่าการขาย" }).click();
    await page.waitForURL(/\/shophub\/settings\/selling\?shop=/);
    await hydrated(page, FORM);
    expect(await page.getByTestId("shop-tax-id").innerText()).toBe(
      "เลขประจำตัวผู้เสียภาษีของร้าน: 1-1017-00207-03-0",
    );
    await page.locator("#field-vatRegistered").check();
    await page.getByRole("button", { name: "บันทึกการตั้งค่าการขาย" }).click();
    expect(await page.getByTestId("shops-done").innerText()).toBe("บันทึกการตั้งค่าการขายแล้ว");
    expect(await page.locator("#field-vatRegistered").isChecked()).toBe(true);
    const [row] = await e2e.db
      .select()
      .from(shopSalesSetting)
      .where(eq(shopSalesSetting.shopId, owner.shop.id));
    expect(row).toMatchObject({ vatRegistered: true, pricesIncludeVat: true });
  });

  test("the owner registers a till, makes this browser that till, and another device is refused it (issue 34)", async ({
    e2e,
    context,
    page,
  }) => {
    const owner = await memberWithShop(e2e, { shop: { name: "ร้านสองเครื่อง" } });
    await addSession(context, owner.member);
    await page.goto("/shophub/tills");
    await hydrated(page, "[data-testid=tills-register]");
    // Every shop has its first till.
    await expect.poll(() => page.getByTestId("tills-row").count()).toBe(1);
    await page.getByTestId("tills-this-device").waitFor();
    expect(await page.getByTestId("tills-this-device").innerText()).toBe(
      "เบราว์เซอร์นี้ยังไม่ได้เป็นเครื่องขายของร้าน",
    );

    const register = page.getByTestId("tills-register");
    await register.locator("#field-name").fill("เคาน์เตอร์หน้า");
    await register.locator("#field-posNumber").fill("E051234567");
    await page.getByTestId("tills-register-submit").click();
    await expect.poll(() => page.getByTestId("tills-row").count()).toBe(2);
    const second = page.getByTestId("tills-row").nth(1);
    expect(await second.innerText()).toContain("P02");

    await second.getByTestId("tills-bind").click();
    await expect
      .poll(() => page.getByTestId("tills-this-device").innerText())
      .toBe("เบราว์เซอร์นี้คือ เคาน์เตอร์หน้า (P02)");
    await expect.poll(() => second.getByTestId("tills-bind").count()).toBe(0);

    // Another browser of the owner cannot take the till while this one holds it.
    const other = await openAs(e2e.browser, owner.member);
    try {
      await other.page.goto("/shophub/tills");
      await hydrated(other.page, "[data-testid=tills-register]");
      expect(
        await other.page.getByTestId("tills-row").nth(1).getByTestId("tills-bind").count(),
      ).toBe(0);
    } finally {
      await other.context.close();
    }
  });
});
