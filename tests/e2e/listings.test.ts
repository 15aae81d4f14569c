import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { th } from "~/lib/i18n/th";
import {
  baseURL,
  hydrated,
  newContext,
  registerMember,
  setupE2E,
  signedInContext,
} from "./fixtures";

const e2e = setupE2E();
let folder: string;
let counter = 0;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "dptech-e2e-photos-"));
});
afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

/**
 * Registers a member through the real form handler (without a browser, to keep the test
 * quick) and returns a browser context signed in with the session cookie it received.
 */
async function signedInMember(options: { javaScript?: boolean } = {}) {
  counter += 1;
  const member = await registerMember(e2e, {
    emailPrefix: "listings-e2e",
    name: `ผู้ขาย ทดสอบ ${counter}`,
    phone: "081-234-5678",
    // Only members with a verified address may post (account pre-hijacking).
    verified: "database",
  });
  const context = await signedInContext(e2e.browser, member, {
    javaScriptEnabled: options.javaScript ?? true,
  });
  return { context, name: member.name };
}

/** A JPEG of the given size and colour in the temporary folder; returns its path. */
async function photo(name: string, width: number, height: number, colour: string) {
  const file = path.join(folder, name);
  await writeFile(
    file,
    await sharp({ create: { width, height, channels: 3, background: colour } })
      .jpeg({ quality: 85 })
      .toBuffer(),
  );
  return file;
}

async function openPage(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(url);
  return page;
}

async function fillListing(
  page: Page,
  fields: { title: string; description: string; price: string },
): Promise<void> {
  await page.locator("#listing-title").fill(fields.title);
  await page.locator("#listing-description").fill(fields.description);
  await page.locator("#listing-category").selectOption("land");
  await page.locator("#listing-province").selectOption("22");
  await page.locator("#listing-price").fill(fields.price);
}

async function coverOf(listingId: string) {
  const { rows } = await e2e.sql.query<{ width: number; height: number }>(
    "SELECT width, height FROM listing_photo WHERE listing_id = $1 AND is_cover",
    [listingId],
  );
  return rows[0];
}

describe("listings", () => {
  it("posts with three photos and a chosen cover, is found by a Thai word, then edited, sold and deleted", async () => {
    const { context } = await signedInMember();
    const files = [
      await photo("front.jpg", 1200, 900, "#c62828"),
      await photo("garden.jpg", 900, 1200, "#2e7d32"),
      await photo("river.jpg", 1600, 900, "#1565c0"),
    ];
    const page = await openPage(context, "/user/bhPost");
    // The photo editor replaces the plain file input once the page has hydrated.
    await page.getByTestId("photo-picker").waitFor();
    const title = `ขายสวนทุเรียนพร้อมบ้านพักจันทบุรี ${counter}`;
    await fillListing(page, {
      title,
      description: "ที่ดินสวนทุเรียนหมอนทองสิบไร่ติดลำธารมีบ้านพักคนงานระบบน้ำครบพร้อมเก็บผลผลิตปีนี้",
      price: "4,800,000",
    });
    await page.getByTestId("photo-input").setInputFiles(files);
    await expect.poll(() => page.getByTestId("photo-item").count()).toBe(3);
    // Previews come from the files themselves, before anything is uploaded.
    const previews = await page
      .getByTestId("photo-preview")
      .evaluateAll((images) => images.map((img) => (img as HTMLImageElement).src));
    expect(previews.every((src) => src.startsWith("blob:"))).toBe(true);
    await expect
      .poll(() =>
        page
          .getByTestId("photo-preview")
          .evaluateAll((images) =>
            images.every((img) => (img as HTMLImageElement).naturalWidth > 0),
          ),
      )
      .toBe(true);
    expect(await page.getByTestId("photo-item").first().getAttribute("data-cover")).toBe("true");

    // The river photo becomes the cover, and moves one place earlier.
    await page.getByTestId("photo-item").nth(2).getByTestId("photo-cover").check();
    expect(await page.getByTestId("photo-item").nth(2).getAttribute("data-cover")).toBe("true");
    await page.getByTestId("photo-item").nth(2).getByTestId("photo-earlier").click();
    expect(await page.getByTestId("photo-item").nth(1).getAttribute("data-cover")).toBe("true");
    await page.locator("#listing-status-published").check();

    await page.getByTestId("listing-save").click();
    await page.waitForURL(/\/asset\/[0-9a-f-]+\?saved=1$/, { timeout: 60_000 });
    const listingId = new URL(page.url()).pathname.split("/").pop() ?? "";
    await page.getByTestId("listing-saved").waitFor();
    expect(await page.getByTestId("listing-title").innerText()).toBe(title);
    expect(await page.getByTestId("listing-price").innerText()).toBe("฿4,800,000");
    expect(await coverOf(listingId)).toEqual({ width: 1600, height: 900 });
    const { rows: order } = await e2e.sql.query<{ width: number }>(
      "SELECT width FROM listing_photo WHERE listing_id = $1 ORDER BY position",
      [listingId],
    );
    expect(order.map((row) => row.width)).toEqual([1200, 1600, 900]);

    // Search engines learn about it.
    const sitemap = await (await fetch(`${baseURL()}/sitemap.xml`)).text();
    for (const loc of ["/asset", "/search", `/asset/${listingId}`]) {
      expect(sitemap).toContain(`${loc}</loc>`);
    }

    // Anyone finds it by a word in the middle of its (space-less) description.
    const visitor = await newContext(e2e.browser);
    const search = await openPage(visitor, `/search/${encodeURIComponent("หมอนทอง")}`);
    const card = search.getByTestId("listing-card").filter({ hasText: title });
    await card.waitFor();
    expect(await card.locator("mark").first().innerText()).toBe("หมอนทอง");
    await card.getByRole("link", { name: title }).click();
    await search.waitForURL(`**/asset/${listingId}`);
    await search.getByTestId("gallery").waitFor();
    // The keyboard needs the page hydrated.
    await hydrated(search, ".photo-gallery__stage");
    // The cover comes first in the gallery; the phone is for members only.
    const coverPhotoId = await search.getByTestId("gallery-image").getAttribute("data-photo-id");
    const { rows: coverRows } = await e2e.sql.query<{ id: string }>(
      "SELECT id FROM listing_photo WHERE listing_id = $1 AND is_cover",
      [listingId],
    );
    expect(coverPhotoId).toBe(coverRows[0]?.id);
    expect(await search.getByTestId("listing-phone").count()).toBe(0);
    await search.getByTestId("listing-sign-in-for-phone").waitFor();
    expect(await search.getByTestId("listing-posted").innerText()).toMatch(/25\d\d/);
    // The gallery answers the keyboard.
    await search.locator(".photo-gallery__stage").focus();
    await search.keyboard.press("ArrowRight");
    expect(await search.getByTestId("gallery-counter").innerText()).toBe(
      th["listings.gallery.photoOf"].replace("{n}", "2").replace("{total}", "3"),
    );
    const ogImage = await search.locator('meta[property="og:image"]').getAttribute("content");
    expect(ogImage).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/listings\/.+-full\.webp$/);
    const image = await visitor.request.get(ogImage ?? "");
    expect(image.headers()["content-type"]).toBe("image/webp");
    await visitor.close();

    // The owner edits it.
    await page.getByTestId("listing-edit").click();
    await page.waitForURL(`**/user/bhPost?id=${listingId}`);
    await page.getByTestId("photo-picker").waitFor();
    expect(await page.getByTestId("photo-item").count()).toBe(3);
    const newTitle = `${title} ราคาต่อรองได้`;
    await page.locator("#listing-title").fill(newTitle);
    await page.getByTestId("listing-save").click();
    await page.waitForURL(`**/asset/${listingId}?saved=1`);
    expect(await page.getByTestId("listing-title").innerText()).toBe(newTitle);
    expect(await page.getByTestId("listing-phone").innerText()).toContain("081-234-5678");

    // Marks it sold, then deletes it, from "my listings".
    await page.goto("/user/listings");
    const row = page.locator(`[data-listing-id="${listingId}"]`);
    await row.getByTestId("listing-action-sold").click();
    await page.getByTestId("listing-done").waitFor();
    expect(await row.getByTestId("my-listing-status").innerText()).toBe(th["listings.status.sold"]);
    const { rows: sold } = await e2e.sql.query("SELECT status FROM listing WHERE id = $1", [
      listingId,
    ]);
    expect(sold[0]?.status).toBe("sold");

    await row.getByTestId("listing-action-delete").click();
    await page.getByTestId("confirm-delete").waitFor();
    await page.getByTestId("confirm-delete-submit").click();
    // The "sold" line is still showing until the delete's answer replaces it.
    await expect
      .poll(() => page.getByTestId("listing-done").innerText())
      .toBe(th["listings.mine.done.deleted"]);
    expect(await page.locator(`[data-listing-id="${listingId}"]`).count()).toBe(0);
    const gone = await page.goto(`/asset/${listingId}`);
    expect(gone?.status()).toBe(404);
    await context.close();
  });

  it("adds photos and chooses the cover without JavaScript, with plain form fields", async () => {
    const { context } = await signedInMember({ javaScript: false });
    const page = await openPage(context, "/user/bhPost");
    const title = `ขายที่ดินเปล่าติดถนนใหญ่ ${counter}`;
    await fillListing(page, {
      title,
      description: "ที่ดินเปล่าสองไร่ถมแล้วติดถนนสี่เลนเหมาะทำโกดังหรือโชว์รูม",
      price: "3500000",
    });
    await page
      .getByTestId("photo-input")
      .setInputFiles([
        await photo("plot-a.jpg", 1000, 750, "#6d4c41"),
        await photo("plot-b.jpg", 800, 800, "#fbc02d"),
      ]);
    await page.getByTestId("listing-save").click();
    await page.waitForURL(/\/asset\/[0-9a-f-]+\?saved=1$/, { timeout: 60_000 });
    const listingId = new URL(page.url()).pathname.split("/").pop() ?? "";
    expect(await coverOf(listingId)).toEqual({ width: 1000, height: 750 });

    // The edit page lists the stored photos with a cover radio each.
    await page.goto(`/user/bhPost?id=${listingId}`);
    const radios = page.locator('input[type="radio"][name="cover"]');
    expect(await radios.count()).toBe(2);
    await radios.nth(1).check();
    await page.getByTestId("listing-save").click();
    await page.waitForURL(`**/asset/${listingId}?saved=1`);
    expect(await coverOf(listingId)).toEqual({ width: 800, height: 800 });
    await context.close();
  });

  it("refuses a text file named .jpg in the picker, before upload, with a Thai note and no preview", async () => {
    const { context } = await signedInMember();
    const page = await openPage(context, "/user/bhPost");
    await page.getByTestId("photo-picker").waitFor();
    const fake = path.join(folder, "notes.jpg");
    await writeFile(fake, "นี่ไม่ใช่รูปภาพ เป็นไฟล์ข้อความที่ตั้งชื่อว่า .jpg");
    const real = await photo("pump.jpg", 640, 480, "#1565c0");
    await page.getByTestId("photo-input").setInputFiles([fake, real]);
    await expect
      .poll(() => page.getByTestId("photo-notes").innerText())
      .toBe(th["listings.photos.skippedNotImage"].replace("{name}", "notes.jpg"));
    // Only the real photo became a preview (and so can become the cover).
    expect(await page.getByTestId("photo-item").count()).toBe(1);
    await context.close();
  });

  it("explains in Thai why the server refuses a file, and keeps what was typed", async () => {
    // Without JavaScript nothing checks the file before upload: the server's check answers.
    const { context } = await signedInMember({ javaScript: false });
    const page = await openPage(context, "/user/bhPost");
    const fake = path.join(folder, "scan.jpg");
    await writeFile(fake, "นี่ไม่ใช่รูปภาพ เป็นไฟล์ข้อความที่ตั้งชื่อว่า .jpg");
    await fillListing(page, {
      title: "ขายเครื่องปั่นไฟดีเซล",
      description: "เครื่องปั่นไฟดีเซลขนาดสามสิบกิโลวัตต์ใช้งานน้อยมาก",
      price: "150000",
    });
    await page.getByTestId("photo-input").setInputFiles([fake]);
    await page.getByTestId("listing-save").click();
    const error = page.locator('[data-error-for="photos"]');
    await error.waitFor();
    expect(await error.innerText()).toContain(`“scan.jpg”: ${th["media.error.notImage"]}`);
    expect(await page.locator("#listing-title").inputValue()).toBe("ขายเครื่องปั่นไฟดีเซล");
    await context.close();
  });
});
