import type pg from "pg";
import { expect } from "vitest";
import { baseURL } from "./fixtures/browser";

const SESSION_COOKIE = "dptech.session_token";
const PASSWORD = "secret-harbour-72";

/**
 * Registers a member over HTTP, as a visitor would, then makes them a verified admin who owns
 * a shop, so that every signed-in form is open to them. Returns their session cookie
 * (`name=value`) for plain HTTP requests.
 */
export async function verifiedAdminWhoOwnsAShop(db: pg.Client, label: string): Promise<string> {
  const email = `${label}-${Date.now()}@example.com`;
  const response = await fetch(`${baseURL()}/register`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: baseURL() },
    body: new URLSearchParams({
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      name: "ผู้ทดสอบความปลอดภัย",
      phone: "",
      acceptTerms: "on",
      redirectTo: "/",
    }),
  });
  expect(response.status).toBe(302);
  const cookie = response.headers
    .getSetCookie()
    .find((value) => value.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error("no session cookie");
  // Posting listings needs a verified address (account pre-hijacking).
  const { rows: users } = await db.query<{ id: string }>(
    "UPDATE app_user SET role = 'admin', email_verified = true WHERE email = $1 RETURNING id",
    [email],
  );
  const { rows: shops } = await db.query<{ id: string }>(
    `INSERT INTO shop (name, business_type, address, phone)
     VALUES ('ร้านทดสอบความปลอดภัย', 'grocery', '12 ถนนสุขุมวิท กรุงเทพฯ', '+66812345678') RETURNING id`,
  );
  await db.query("INSERT INTO shop_member (shop_id, user_id, role) VALUES ($1, $2, 'owner')", [
    shops[0]?.id,
    users[0]?.id,
  ]);
  return cookie.split(";")[0] ?? "";
}
