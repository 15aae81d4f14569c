import { describe, expect, it } from "vitest";
import { areaMessagesFor, messagesFor } from "./i18n/messages.server";
import { th } from "./i18n/th";
import { translateFromMatches } from "./area-meta";

describe("page titles of an area's pages", () => {
  it("are translated with the area's text, which the root messages no longer carry", () => {
    const matches = [
      { id: "root", loaderData: { messages: messagesFor("th") } },
      { id: "routes/admin/layout", loaderData: { areaMessages: areaMessagesFor("th", "admin") } },
      { id: "routes/admin/users", loaderData: {} },
    ];
    const t = translateFromMatches(matches);
    expect(t("admin.nav.users")).toBe(th["admin.nav.users"]);
    expect(t("nav.contact")).toBe(th["nav.contact"]);
    // Outside the area the key is not known (and shows as the key, never as another text).
    expect(translateFromMatches(matches.slice(0, 1))("admin.nav.users")).toBe("admin.nav.users");
  });
});
