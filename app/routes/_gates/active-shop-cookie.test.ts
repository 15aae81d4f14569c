import { describe, expect, it } from "vitest";
import { chooseActiveShop, preferredShopId } from "./active-shop-cookie.server";

const SHOP = "0b9a1c7e-1f6e-4c1e-9a55-5b0a3c2b1d11";

const requestWith = (cookie: string) =>
  new Request("http://localhost/storehub", { headers: { cookie } });

describe("the active-shop cookie", () => {
  it("keeps its name and attributes, and is Secure only on an HTTPS site", async () => {
    const plain = await chooseActiveShop(SHOP, "http://localhost:3000");
    expect(plain).toMatch(/^shop=[^;]+; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/);
    const secure = await chooseActiveShop(SHOP, "https://www.dptech.co.th");
    expect(secure).toMatch(/; Secure(;|$)/);
  });

  it("reads back the shop it chose, among other cookies", async () => {
    const [pair] = (await chooseActiveShop(SHOP, "http://localhost")).split(";");
    expect(await preferredShopId(requestWith(`lang=en; ${pair}; other=1`))).toBe(SHOP);
  });

  it("reads no preference from a missing, empty, malformed or pre-createCookie value", async () => {
    expect(await preferredShopId(new Request("http://localhost/"))).toBeNull();
    expect(await preferredShopId(requestWith("shop="))).toBeNull();
    expect(await preferredShopId(requestWith("shop=%E0%A4%A"))).toBeNull();
    // What browsers kept from before (the bare id): the member lands on the shop used last.
    expect(await preferredShopId(requestWith(`shop=${SHOP}`))).toBeNull();
    // A value that decodes to something other than a shop id text is no preference either.
    const notText = btoa(JSON.stringify({ id: SHOP }));
    expect(await preferredShopId(requestWith(`shop=${notText}`))).toBeNull();
  });
});
