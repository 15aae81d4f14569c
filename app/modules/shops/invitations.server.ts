import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { SessionUser } from "~/modules/accounts/session-user";
import type { Database } from "~/db/client.server";
import { formatDate } from "~/lib/format";
import { serverTranslate } from "~/lib/i18n/messages.server";
import { user } from "~/modules/accounts/schema";
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
      `หากมีบัญชีกับเราแล้ว เข้าสู่ระบบด้วยอีเมลนี้ (${input.to}) แล้วกด “ตอบรับ” ที่คำเชิญในหน้า shophub`,
      `หากยังไม่มีบัญชี สมัครสมาชิกด้วยอีเมลนี้ กดลิงก์ยืนยันอีเมลที่เราส่งให้ แล้วตอบรับคำเชิญในหน้า shophub สมัครได้ที่ ${register}`,
      `คำเชิญนี้ใช้ได้ถึงวันที่ ${formatDate(input.expiresAt, "th")} หากคุณไม่รู้จักร้านนี้ ไม่ต้องทำอะไร`,
    ],
    en: [
      "Hello,",
      `${input.inviterName} invited you to join “${input.shopName}” on DP Tech (shophub and storehub) as ${en(`shops.role.${input.role}`).toLowerCase()}.`,
      `If you already have an account, sign in with this e-mail address (${input.to}) and press “Accept” on the invitation on your shophub page.`,
      `If you do not have an account yet, register with this e-mail address, open the confirmation link we send you, then accept the invitation on your shophub page. Register here: ${register}`,
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

/** An invitation waiting for the signed-in member's answer, as /shophub lists it. */
export interface InvitationForMember {
  id: number;
  shopName: string;
  role: ShopRole;
  invitedByName: string | null;
  expiresAt: Date;
}

/**
 * The pending, unexpired invitations sent to the member's address, for the header's notice
 * and the list on /shophub. Only a verified address sees them: the address must be proven
 * theirs before they can join anything with it. One lookup on the partial index of pending
 * invitations.
 */
export async function listInvitationsForMember(
  db: Database,
  member: Pick<SessionUser, "email" | "emailVerified">,
): Promise<InvitationForMember[]> {
  if (!member.emailVerified) return [];
  const rows = await db.execute<{
    id: string;
    shop_name: string;
    role: ShopRole;
    invited_by_name: string | null;
    expires_at: string | Date;
  }>(sql`
    SELECT i.id, s.name AS shop_name, i.role, u.name AS invited_by_name, i.expires_at
    FROM shop_invitation i
    JOIN shop s ON s.id = i.shop_id
    LEFT JOIN app_user u ON u.id = i.invited_by
    WHERE i.email = lower(${member.email}) AND i.accepted_at IS NULL AND i.expires_at > now()
    ORDER BY i.created_at DESC
    LIMIT 20
  `);
  return rows.rows.map((row) => ({
    id: Number(row.id),
    shopName: row.shop_name,
    role: row.role,
    invitedByName: row.invited_by_name,
    expiresAt: new Date(row.expires_at),
  }));
}

export type InvitationAnswer =
  | { ok: true; shopId: string; shopName: string }
  | { ok: false; error: "shopInvite.error.notFound" | "shopInvite.error.unverified" };

/**
 * Accepts one invitation, on the member's explicit request (a button on /shophub): they
 * become a member with the invited role (someone who already belongs keeps their role) and
 * the invitation is kept as accepted. Only the member whose verified address it was sent to
 * may: otherwise anyone could register somebody else's address and walk into their shop, or
 * accept another member's invitation by its id. One statement, so two clicks at the same
 * moment cannot accept twice.
 */
export async function acceptInvitation(
  db: Database,
  member: Pick<SessionUser, "id" | "email" | "emailVerified">,
  invitationId: number,
): Promise<InvitationAnswer> {
  if (!member.emailVerified) return { ok: false, error: "shopInvite.error.unverified" };
  const result = await db.execute<{ shop_id: string; shop_name: string }>(sql`
    WITH accepted AS (
      UPDATE shop_invitation
      SET accepted_at = now(), accepted_by = ${member.id}
      WHERE id = ${invitationId} AND email = lower(${member.email})
        AND accepted_at IS NULL AND expires_at > now()
      RETURNING shop_id, role
    ), joined AS (
      INSERT INTO shop_member (shop_id, user_id, role)
      SELECT shop_id, ${member.id}, role FROM accepted
      ON CONFLICT (shop_id, user_id) DO NOTHING
    )
    SELECT accepted.shop_id, shop.name AS shop_name
    FROM accepted JOIN shop ON shop.id = accepted.shop_id
  `);
  const [row] = result.rows;
  if (!row) return { ok: false, error: "shopInvite.error.notFound" };
  // The page shown next must already list the new shop.
  forgetCached(db, `user:${member.id}`);
  return { ok: true, shopId: row.shop_id, shopName: row.shop_name };
}

/**
 * Declines one invitation sent to the member's address: it is removed, so the shop's owner
 * sees it gone from their pending list and may invite again. Someone else's invitation is
 * "not found". An unverified address may decline too: declining grants nothing.
 */
export async function declineInvitation(
  db: Database,
  member: Pick<SessionUser, "email">,
  invitationId: number,
): Promise<boolean> {
  const deleted = await db
    .delete(shopInvitation)
    .where(
      and(
        eq(shopInvitation.id, invitationId),
        eq(shopInvitation.email, member.email.toLowerCase()),
        isNull(shopInvitation.acceptedAt),
      ),
    )
    .returning({ id: shopInvitation.id });
  return deleted.length > 0;
}
