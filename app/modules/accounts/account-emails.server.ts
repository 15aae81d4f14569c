import type { Database } from "~/db/client.server";
import { renderBilingualEmail, queueEmail } from "~/modules/platform/index.server";
import type { AuthMailer } from "./auth.server";

/** The account e-mails, queued in the outbox (sent through SMTP when configured). */
export function createAccountMailer(db: Database): AuthMailer {
  const send = async (to: string, email: Parameters<typeof renderBilingualEmail>[0]) => {
    await queueEmail(db, { to, ...renderBilingualEmail(email) });
  };
  return {
    verifyEmail: (to, url) =>
      send(to.email, {
        subject: { th: "ยืนยันอีเมลของคุณ", en: "Confirm your e-mail address" },
        th: [
          `สวัสดีคุณ${to.name}`,
          "ขอบคุณที่สมัครสมาชิกกับ ดีพี เทค กรุณากดลิงก์ด้านล่างเพื่อยืนยันอีเมลนี้ ลิงก์ใช้ได้ภายใน 24 ชั่วโมง",
          "หากคุณไม่ได้สมัครสมาชิก อย่ากดลิงก์นี้ และไม่ต้องทำอะไร",
        ],
        en: [
          `Hello ${to.name},`,
          "Thank you for registering with DP Tech. Please confirm this e-mail address with the link below; it works for 24 hours.",
          "If you did not register, do not open the link; there is nothing else to do.",
        ],
        link: { url, th: "ยืนยันอีเมล", en: "Confirm e-mail" },
      }),
    resetPassword: (to, url) =>
      send(to.email, {
        subject: { th: "ตั้งรหัสผ่านใหม่", en: "Set a new password" },
        th: [
          `สวัสดีคุณ${to.name}`,
          "มีการขอตั้งรหัสผ่านใหม่สำหรับบัญชีนี้ กดลิงก์ด้านล่างภายใน 60 นาที ลิงก์ใช้ได้ครั้งเดียว หากคุณไม่ได้ขอ ไม่ต้องทำอะไร รหัสผ่านเดิมยังใช้ได้",
        ],
        en: [
          `Hello ${to.name},`,
          "Someone asked to set a new password for this account. Use the link below within 60 minutes; it works once. If it was not you, do nothing: your password stays as it is.",
        ],
        link: { url, th: "ตั้งรหัสผ่านใหม่", en: "Set a new password" },
      }),
    signInLink: (email, url) =>
      send(email, {
        subject: { th: "ลิงก์เข้าสู่ระบบ", en: "Your sign-in link" },
        th: ["กดลิงก์ด้านล่างเพื่อเข้าสู่ระบบ ดีพี เทค ลิงก์ใช้ได้ครั้งเดียวภายใน 15 นาที หากคุณไม่ได้ขอ ไม่ต้องทำอะไร"],
        en: [
          "Use the link below to sign in to DP Tech. It works once, within 15 minutes. If you did not ask for it, do nothing.",
        ],
        link: { url, th: "เข้าสู่ระบบ", en: "Sign in" },
      }),
    passwordChanged: (to) =>
      send(to.email, {
        subject: { th: "รหัสผ่านของคุณถูกเปลี่ยนแล้ว", en: "Your password was changed" },
        th: [
          `สวัสดีคุณ${to.name}`,
          "รหัสผ่านของบัญชีนี้เพิ่งถูกเปลี่ยน และทุกอุปกรณ์ถูกออกจากระบบแล้ว หากคุณไม่ได้เป็นผู้เปลี่ยน กรุณาตั้งรหัสผ่านใหม่ทันทีและติดต่อเราที่ 02-114-7788",
        ],
        en: [
          `Hello ${to.name},`,
          "The password of this account was just changed and every device was signed out. If this was not you, set a new password at once and call us on 02-114-7788.",
        ],
      }),
  };
}
