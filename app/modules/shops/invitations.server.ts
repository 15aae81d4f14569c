import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { MiddlewareFunction } from "react-router";
import { appContext, type SessionUser } from "~/context";
import type { Database } from "~/db/client.server";
import { formatDate } from "~/lib/format";
import { serverTranslate } from "~/lib/i18n/messages.server";
import { user } from "~/modules/accounts/schema";
import { getSessionUser } from "~/modules/accounts/session.server";
import { renderBilingualEmail } from "~/modules/platform/email-layout.server";
import { queueEmail } from "~/modules/platform/outbox.server";
import { hitRateLimit } from "~/modules/platform/rate-limit.server";
import { forgetCached } from "~/modules/platform/notified-cache.server";
import { shopInvitation, shopMember, type ShopRole } from "./schema";
import { INVITATION_TTL_DAYS } from "./shop-types";
import { SHOP_RATE_LIMITS, type Shop } from "./shops.server";

export interface PendingInvitation {
  id: number;
  email: string;
  role: ShopRole;
  createdAt: Date;
  expiresAt: Date;
}

export type InviteResult =
  | { ok: true; invitationId: number }
  | { ok: false; error: "shops.error.alreadyMember" }
  | { ok: false; error: "shops.error.tooManyInvitations"; retryAfterSeconds: number };

/**
 * Invites an e-mail address to a shop with a role and queues the invitation e-mail. Inviting
 * the same address again renews the pending invitation (new role, new expiry, new e-mail).
 * Rate-limited per shop. The caller has checked that the inviter is an owner.
 */
export async function inviteToShop(
  db: Database,
  input: {
    shop: Pick<Shop, "id" | "name">;
    email: string;
    role: ShopRole;
    invitedBy: { id: string; name: string };
    /** The site's address, for the links in the e-mail. */
    origin: string;
  },
): Promise<InviteResult> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await db
    .select({ id: shopMember.id })
    .from(shopMember)
    .innerJoin(user, eq(user.id, shopMember.userId))
    .where(and(eq(shopMember.shopId, input.shop.id), eq(user.email, email)));
  if (existing) return { ok: false, error: "shops.error.alreadyMember" };

  const limit = await hitRateLimit(db, SHOP_RATE_LIMITS.invitePerShop, input.shop.id);
  if (!limit.allowed) {
    return {
      ok: false,
      error: "shops.error.tooManyInvitations",
      retryAfterSeconds: limit.retryAfterSeconds,
    };
  }

  const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(shopInvitation)
      .values({
        shopId: input.shop.id,
        email,
        role: input.role,
        invitedBy: input.invitedBy.id,
        expiresAt,
      })
      .onConflictDoUpdate({
        target: [shopInvitation.shopId, shopInvitation.email],
        targetWhere: sql`${shopInvitation.acceptedAt} IS NULL`,
        set: {
          role: input.role,
          invitedBy: input.invitedBy.id,
          createdAt: sql`now()`,
          expiresAt,
        },
      })
      .returning({ id: shopInvitation.id });
    if (!row) throw new Error("invitation upsert returned no row");
    await queueEmail(
      tx,
      invitationEmail({
        to: email,
        shopName: input.shop.name,
        inviterName: input.invitedBy.name,
        role: input.role,
        expiresAt,
        origin: input.origin,
      }),
    );
    return { ok: true, invitationId: row.id };
  });
}

function invitationEmail(input: {
  to: string;
  shopName: string;
  inviterName: string;
  role: ShopRole;
  expiresAt: Date;
  origin: string;
}) {
  const th = serverTranslate("th");
  const en = serverTranslate("en");
  const back = encodeURIComponent("/shophub");
  const signIn = `${input.origin}/user/signIn?email=${encodeURIComponent(input.to)}&redirectTo=${back}`;
  const register = `${input.origin}/register?redirectTo=${back}`;
  const email = renderBilingualEmail({
    subject: {
      th: `คำเชิญเข้าร่วมร้าน ${input.shopName}`,
      en: `You are invited to join ${input.shopName}`,
    },
    th: [
      "สวัสดีค่ะ",
      `คุณ${input.inviterName} เชิญคุณเข้าร่วมร้าน “${input.shopName}” บน ดีพี เทค (shophub และ storehub) ในบทบาท${th(`shops.role.${input.role}`)}`,
      `หากมีบัญชีกับเราแล้ว เพียงเข้าสู่ระบบด้วยอีเมลนี้ (${input.to}) ร้านจะปรากฏในหน้า shophub ของคุณทันที`,
      `หากยังไม่มีบัญชี สมัครสมาชิกด้วยอีเมลนี้แล้วกดลิงก์ยืนยันอีเมลที่เราส่งให้ สมัครได้ที่ ${register}`,
      `คำเชิญนี้ใช้ได้ถึงวันที่ ${formatDate(input.expiresAt, "th")} หากคุณไม่รู้จักร้านนี้ ไม่ต้องทำอะไร`,
    ],
    en: [
      "Hello,",
      `${input.inviterName} invited you to join “${input.shopName}” on DP Tech (shophub and storehub) as ${en(`shops.role.${input.role}`).toLowerCase()}.`,
      `If you already have an account, just sign in with this e-mail address (${input.to}): the shop appears on your shophub page at once.`,
      `If you do not have an account yet, register with this e-mail address and open the confirmation link we send you. Register here: ${register}`,
      `This invitation is valid until ${formatDate(input.expiresAt, "en")}. If you do not know this shop, do nothing.`,
    ],
    link: { url: signIn, th: "เข้าสู่ระบบ", en: "Sign in" },
  });
  return { to: input.to, ...email };
}

/** The invitations of a shop that are not accepted yet (expired ones too), newest first. */
export function listPendingInvitations(db: Database, shopId: string): Promise<PendingInvitation[]> {
  return db
    .select({
      id: shopInvitation.id,
      email: shopInvitation.email,
      role: shopInvitation.role,
      createdAt: shopInvitation.createdAt,
      expiresAt: shopInvitation.expiresAt,
    })
    .from(shopInvitation)
    .where(and(eq(shopInvitation.shopId, shopId), isNull(shopInvitation.acceptedAt)))
    .orderBy(asc(shopInvitation.email))
    .limit(200);
}

/** Withdraws a pending invitation of this shop; false when there is none with that id. */
export async function cancelInvitation(
  db: Database,
  shopId: string,
  invitationId: number,
): Promise<boolean> {
  const deleted = await db
    .delete(shopInvitation)
    .where(
      and(
        eq(shopInvitation.id, invitationId),
        eq(shopInvitation.shopId, shopId),
        isNull(shopInvitation.acceptedAt),
      ),
    )
    .returning({ id: shopInvitation.id });
  return deleted.length > 0;
}

/**
 * Turns the pending, unexpired invitations sent to the member's address into memberships,
 * with the invited role (someone who already belongs to the shop keeps their role), and
 * marks them accepted. Only a verified address counts: otherwise anyone could register
 * somebody else's e-mail and walk into their shop. One statement, so two requests at the
 * same moment cannot accept twice; when nothing is pending it is one partial-index lookup.
 * Returns the shops joined.
 */
export async function acceptPendingInvitations(
  db: Database,
  member: Pick<SessionUser, "id" | "email" | "emailVerified">,
): Promise<string[]> {
  if (!member.emailVerified) return [];
  const result = await db.execute<{ shop_id: string }>(sql`
    WITH accepted AS (
      UPDATE shop_invitation
      SET accepted_at = now(), accepted_by = ${member.id}
      WHERE email = lower(${member.email}) AND accepted_at IS NULL AND expires_at > now()
      RETURNING shop_id, role
    )
    INSERT INTO shop_member (shop_id, user_id, role)
    SELECT shop_id, ${member.id}, role FROM accepted
    ON CONFLICT (shop_id, user_id) DO NOTHING
    RETURNING shop_id
  `);
  // The page this request shows must already list the new shops.
  if (result.rows.length > 0) forgetCached(db, `user:${member.id}`);
  return result.rows.map((row) => row.shop_id);
}

/**
 * Accepts a signed-in member's invitations on their next request. Why here and not in the
 * sign-in or verification flows: it covers every way an address becomes "this member's,
 * verified" (password sign-in, sign-in link, the verification link, a changed e-mail) and a
 * member who was already signed in when invited, and it runs before any loader, so the page
 * they open already sees the new shop. The cost, for signed-in page views only, is one indexed
 * lookup on a partial index of pending invitations. Form posts skip it (the page views around
 * them accept): they are the hot path of a busy shop's tills.
 */
export const shopInvitationsMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  const member = getSessionUser(context);
  if (member?.emailVerified && request.method === "GET") {
    const { db, logger } = context.get(appContext);
    const joined = await acceptPendingInvitations(db, member);
    if (joined.length > 0)
      logger.info({ userId: member.id, shops: joined }, "invitations accepted");
  }
  return next();
};
