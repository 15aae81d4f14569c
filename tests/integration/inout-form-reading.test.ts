import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/context";
import { serverTranslate } from "~/lib/i18n/messages.server";
import { lineFieldName, type InoutErrors, type InoutValues } from "~/modules/stock";
import * as inoutRoute from "~/routes/storehub/inout/route";
import { callRoute, outcomeOf, routeContext, sessionUserOf } from "../setup/route-call";
import { insertItem, insertShop } from "../setup/factories";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

// The in/out form's numbered line fields ("lines[3].qty") are read by the one form reader
// (readForm, Conform with zod): a refused post answers each message under the line and field
// it belongs to, with what was typed, so the page shows it next to that line.

let test: TestDatabase;
let owner: SessionUser;
let shopId: string;
let home: number;
let sku: string;
const th = serverTranslate("th");

beforeAll(async () => {
  test = await createTestDatabase();
  const shop = await insertShop(test.db);
  shopId = shop.shop.id;
  home = shop.defaultLocationId;
  owner = sessionUserOf(shop.ownerId);
  sku = (await insertItem(test.db, shopId, owner.id)).sku;
});
afterAll(() => test.drop());

interface Answer {
  values: InoutValues;
  errors: InoutErrors;
}

const post = (form: Record<string, string>) =>
  outcomeOf<Answer>(
    callRoute(inoutRoute.action, "/storehub/inout?kind=receive", {
      context: routeContext(test.db, owner),
      form: { kind: "receive", intent: "post", ...form },
    }),
  );

describe("the in/out form's line fields", () => {
  it("put a bad line field's Thai message next to that line, keeping what was typed", async () => {
    const answer = await post({
      shopId,
      [lineFieldName("item", 0)]: sku,
      [lineFieldName("location", 0)]: String(home),
      [lineFieldName("qty", 0)]: "2",
      // The browser skipped numbers 1 and 2 (lines removed): this is the form's second line.
      [lineFieldName("item", 3)]: sku,
      [lineFieldName("location", 3)]: String(home),
      [lineFieldName("qty", 3)]: "สองโหล",
    });
    expect(answer.status).toBe(400);
    const { values, errors } = answer.data!;
    expect(values.lines.map((line) => [line.item, line.qty])).toEqual([
      [sku, "2"],
      [sku, "สองโหล"],
    ]);
    expect(Object.keys(errors.lines)).toEqual(["1"]);
    const message = errors.lines[1]?.qty;
    expect(message && th(message.key, message.values)).toBe(th("storehub.inout.error.qty"));
    expect(errors.form).toBeUndefined();
    // The page draws line 1's quantity under this name, and its message with it.
    expect(lineFieldName("qty", 1)).toBe("lines[1].qty");
  });

  it("keep the lines as typed when the post was made for another shop (409)", async () => {
    const other = await insertShop(test.db);
    const answer = await outcomeOf<{ kept: Answer }>(
      callRoute(inoutRoute.action, "/storehub/inout?kind=receive", {
        context: routeContext(test.db, owner),
        form: {
          shopId: other.shop.id,
          kind: "receive",
          intent: "post",
          [lineFieldName("item", 0)]: sku,
          [lineFieldName("qty", 0)]: "7",
        },
      }),
    );
    expect(answer.status).toBe(409);
    expect(answer.data?.kept.values.lines.map((line) => [line.item, line.qty])).toEqual([
      [sku, "7"],
    ]);
  });
});
