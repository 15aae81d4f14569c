import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { knownMessages } from "~/lib/i18n/message-registry";
import { seedDemoContent } from "~/modules/content/index.server";
import * as langSwitch from "~/routes/api/lang";
import * as legal from "~/routes/site/legal";
import * as root from "~/root";
import { callRoute, outcomeOf, routeContext } from "../setup/route-call";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

// The language a visitor chose reaches every loader through the root middleware (langOf):
// from the cookie the switch writes now (createCookie), and from the bare value it wrote
// before, which browsers keep for up to a year.

let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase();
  await seedDemoContent(test.db);
});
afterAll(async () => {
  await test.drop();
});

/** The terms page and the site frame (root loader) as a visitor with this Cookie header. */
async function pageIn(cookie?: string) {
  const context = routeContext(test.db, null);
  const terms = (await callRoute(legal.loader, "/terms", { context, cookie })) as {
    title: string;
  };
  const frame = (await callRoute(root.loader, "/terms", { context, cookie })) as Awaited<
    ReturnType<typeof root.loader>
  >;
  // The root refers to the frame's text (a script); the server reads it behind the reference.
  return {
    title: terms.title,
    lang: frame.lang,
    contact: knownMessages(frame.messages)?.["nav.contact"],
  };
}

describe("the language of a page", () => {
  it("is Thai without a cookie", async () => {
    expect(await pageIn()).toEqual({
      title: "ข้อกำหนดการใช้งาน",
      lang: "th",
      contact: "ติดต่อเรา",
    });
  });

  it("is English with the cookie the language switch writes", async () => {
    const switched = await outcomeOf(
      callRoute(langSwitch.action, "/lang", {
        context: routeContext(test.db, null),
        form: { lang: "en", redirectTo: "/terms" },
      }),
    );
    expect(switched).toMatchObject({ status: 302, location: "/terms" });
    const cookie = switched.setCookie!.split(";")[0]!;
    expect(cookie).not.toBe("lang=en");
    expect(await pageIn(cookie)).toEqual({
      title: "Terms of Use",
      lang: "en",
      contact: "Contact",
    });
  });

  it("is English with the bare cookie value written before the switch used createCookie", async () => {
    expect(await pageIn("lang=en")).toEqual({
      title: "Terms of Use",
      lang: "en",
      contact: "Contact",
    });
  });
});
