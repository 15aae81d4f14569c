import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from "playwright-core";
import { inject } from "vitest";

/** The system Chromium (Debian's package); CHROMIUM_PATH points elsewhere if needed. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      "--no-first-run",
    ],
  });
}

/** A fresh browser profile pointed at the server under test. */
export function newContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({ baseURL: inject("baseURL"), locale: "th-TH", ...options });
}

export const baseURL = () => inject("baseURL");

/** Runs `body` with a fresh page in a fresh browser context, and always closes the context. */
export async function withPage(
  browser: Browser,
  body: (page: Page, context: BrowserContext) => Promise<void>,
  options: BrowserContextOptions = {},
): Promise<void> {
  const context = await newContext(browser, options);
  try {
    const page = await context.newPage();
    // Fail fast: nothing here legitimately takes longer.
    page.setDefaultTimeout(10_000);
    await body(page, context);
  } finally {
    await context.close();
  }
}
