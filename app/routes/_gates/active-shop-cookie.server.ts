import { createCookie } from "react-router";

/**
 * The cookie that remembers which of a member's shops they are working in. Not signed: it is
 * only a preference, and the member's shops are read from the database on every request, so a
 * forged value can only pick one of the member's own shops (or none, which falls back to the
 * shop they chose last). A value written before this cookie went through createCookie (the
 * bare shop id) no longer parses; the member then lands on the shop they switched to last.
 */
export const activeShopCookie = createCookie("shop", {
  path: "/",
  maxAge: 31_536_000,
  httpOnly: true,
  sameSite: "lax",
});

/** The shop id the member chose in the header, if the cookie holds one. */
export async function preferredShopId(request: Request): Promise<string | null> {
  const value: unknown = await activeShopCookie.parse(request.headers.get("cookie"));
  return typeof value === "string" && value !== "" ? value : null;
}

/** Set-Cookie value choosing the active shop (a year; HttpOnly, Lax, Secure over HTTPS). */
export function chooseActiveShop(shopId: string, publicOrigin: string): Promise<string> {
  return activeShopCookie.serialize(shopId, { secure: publicOrigin.startsWith("https:") });
}
