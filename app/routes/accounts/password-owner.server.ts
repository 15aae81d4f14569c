import type { Database } from "~/db/client.server";
import type { PasswordOwner } from "~/modules/accounts/index.server";
import { listShopsOfMember } from "~/modules/shops/index.server";

/**
 * The member's words a new password must not be built on: their e-mail and name, and the
 * names of their shops (a colleague's or customer's first guess). Put together here, where
 * both modules are known: accounts does not read shops.
 */
export async function passwordOwnerOf(
  db: Database,
  member: { id: string; email: string; name: string },
): Promise<PasswordOwner> {
  const shops = await listShopsOfMember(db, member.id);
  return { email: member.email, name: member.name, shopNames: shops.map((each) => each.shop.name) };
}
