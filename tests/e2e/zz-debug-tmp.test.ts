import { it } from "vitest";
import { launchBrowser, newContext } from "./browser";
it("debug", async () => {
  const browser = await launchBrowser();
  const context = await newContext(browser, { viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto("/");
  console.log(await page.locator("header").innerHTML());
  await browser.close();
});
