import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { Auth } from "./auth.server";
import { settleFirstVerification } from "./email-ownership.server";
import { hashPassword } from "./password-hash.server";
import { account, user } from "./schema";

export type MakeAdminOutcome =
  | { status: "promoted"; email: string }
  | { status: "already-admin"; email: string }
  | { status: "created"; email: string; generatedPassword: string | null };

/**
 * Makes the account with this e-mail an admin, creating it first when it does not exist
 * (with the given password, or a random one that is returned once). Used by
 * `npm run admin:create` to create the first admin.
 */
export async function makeAdmin(
  auth: Auth,
  db: Database,
  input: { email: string; password?: string; name?: string },
): Promise<MakeAdminOutcome> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await db.select().from(user).where(eq(user.email, email));
  const generatedPassword = input.password ? null : randomBytes(12).toString("base64url");
  if (existing && !existing.emailVerified) {
    // Anyone may have registered this address (account pre-hijacking): the operator vouches
    // for the address, not for whoever chose the account's password. Its password and
    // sessions end; the admin signs in with the operator's password.
    await settleFirstVerification(db, existing.id, null);
    await db.insert(account).values({
      id: randomBytes(16).toString("hex"),
      accountId: existing.id,
      providerId: "credential",
      userId: existing.id,
      password: await hashPassword(input.password ?? generatedPassword ?? ""),
    });
    await db
      .update(user)
      .set({ role: "admin", emailVerified: true, updatedAt: new Date() })
      .where(eq(user.id, existing.id));
    return { status: "created", email, generatedPassword };
  }
  if (existing) {
    if (existing.role === "admin") return { status: "already-admin", email };
    await db
      .update(user)
      .set({ role: "admin", updatedAt: new Date() })
      .where(eq(user.id, existing.id));
    return { status: "promoted", email };
  }
  // Created by the operator on the server: the address counts as confirmed from the start.
  // better-auth's sign-up endpoint would queue a "confirm your e-mail" message for it, so the
  // account is made through its adapter instead (the same rows the endpoint writes).
  const context = await auth.$context;
  const created = await context.internalAdapter.createUser(
    { email, name: input.name ?? "ผู้ดูแลระบบ", emailVerified: true, role: "admin" },
    { method: "email-password" },
  );
  await context.internalAdapter.linkAccount({
    userId: created.id,
    providerId: "credential",
    accountId: created.id,
    password: await context.password.hash(input.password ?? generatedPassword ?? ""),
  });
  return { status: "created", email, generatedPassword };
}
