import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bundleText } from "./messages.server";
import { th } from "./th";
import { isTillMessage } from "./till-messages";

const root = path.resolve(import.meta.dirname, "../../..");

/** The files whose text the till page shows (the page, its panels, its frame, its printing). */
function tillFiles(): string[] {
  const inFolder = (folder: string) =>
    readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file) && !file.includes(".test."))
      .map((file) => path.join(folder, file));
  return [
    ...inFolder("app/routes/shophub/sell"),
    ...inFolder("app/features/sales-documents"),
    ...inFolder("app/modules/shifts"),
    "app/routes/shophub/sell-text.ts",
    "app/routes/shophub/layout.tsx",
    "app/features/shops/shophub-nav.tsx",
  ];
}

describe("the till's text", () => {
  it("covers every shophub key the till's files name", () => {
    const named = new Set<string>();
    for (const file of tillFiles()) {
      for (const [, key] of readFileSync(path.join(root, file), "utf8").matchAll(
        /["'`](shops\.[A-Za-z0-9_.]+)["'`]/g,
      )) {
        named.add(key!);
      }
    }
    expect(named.size).toBeGreaterThan(200);
    const missing = [...named].filter((key) => key in th && !isTillMessage(key));
    expect(missing).toEqual([]);
  });

  it("is a part of the area's text: the till's page is sent far less than all of shophub's", () => {
    const till = bundleText("th", "till");
    const all = bundleText("th", "shops");
    expect(till["shops.sell.pay.complete"]).toBe(th["shops.sell.pay.complete"]);
    expect(till["shops.finance.category.expense.rent"]).toBe(
      th["shops.finance.category.expense.rent"],
    );
    expect("shops.invoices.detail.lines" in till).toBe(false);
    expect(JSON.stringify(till).length).toBeLessThan(JSON.stringify(all).length / 2);
  });
});
