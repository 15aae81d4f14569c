import type { MessageKey } from "./th";

/**
 * Thai text for the site frame and the error pages, bundled into the browser code so they
 * still read well when the root loader (which carries the full messages) has failed.
 * Kept in step with th.ts by a test.
 */
export const FALLBACK_MESSAGES: Partial<Record<MessageKey, string>> = {
  "site.name": "ดีพี เทค",
  "site.title": "ดีพี เทค | กล้อง AI กล้องตรวจสอบ เครื่องยิงเลเซอร์ โซลูชันคลังสินค้า และหุ่นยนต์ AMR",
  "site.description":
    "ดีพี เทค จำหน่ายและติดตั้งกล้อง AI ระบบ Machine Vision ตรวจสอบชิ้นงาน เครื่องยิงเลเซอร์มาร์กกิ้ง โซลูชันคลังสินค้า และหุ่นยนต์ AMR พร้อมระบบ POS shophub และระบบสต็อก storehub โทร {phone}",
  "site.keywords":
    "กล้อง AI, กล้องตรวจสอบ, machine vision, เครื่องยิงเลเซอร์, laser marking, คลังสินค้า, หุ่นยนต์ AMR, เซ็นเซอร์, สายไฟอุตสาหกรรม, POS, shophub, storehub",
  "nav.home": "หน้าแรก",
  "nav.products": "สินค้า",
  "nav.articles": "บทความ",
  "nav.shophub": "shophub",
  "nav.storehub": "storehub",
  "nav.listings": "ประกาศซื้อขาย",
  "nav.contact": "ติดต่อเรา",
  "nav.signIn": "เข้าสู่ระบบ",
  "nav.menu": "เมนู",
  "nav.openMenu": "เปิดเมนู",
  "nav.close": "ปิด",
  "nav.skipToContent": "ข้ามไปยังเนื้อหา",
  "nav.main": "เมนูหลัก",
  "lang.switchLabel": "เปลี่ยนภาษา",
  "lang.other": "English",
  "lang.otherShort": "EN",
  "footer.products": "สินค้าและโซลูชัน",
  "footer.tools": "เครื่องมือธุรกิจ",
  "footer.contact": "ติดต่อ",
  "footer.hours": "เวลาทำการ",
  "footer.phone": "โทรศัพท์",
  "footer.email": "อีเมล",
  "footer.rights": "สงวนลิขสิทธิ์",
  "footer.selfCheck": "ตรวจสอบระบบ",
  "status.offline": "คุณออฟไลน์อยู่ ข้อมูลที่แสดงอาจไม่เป็นปัจจุบัน",
  "status.online": "กลับมาออนไลน์แล้ว",
  "status.loading": "กำลังโหลด",
  "error.notFound": "ไม่พบหน้านี้",
  "error.notFoundHint": "ลิงก์อาจไม่ถูกต้อง หรือหน้านี้ถูกย้ายไปแล้ว",
  "error.backHome": "กลับสู่หน้าแรก",
  "error.title": "เกิดข้อผิดพลาด",
  "error.serverError": "ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง",
  "error.status": "รหัสสถานะ {status}",
  "error.pageFailed": "เกิดข้อผิดพลาดขณะแสดงหน้าแสดงข้อผิดพลาด",
  "error.goHome": "กลับไปหน้าแรก",
  "error.chunkFailed": "โหลดหน้านี้ไม่สำเร็จ",
  "error.chunkFailedHint": "เว็บไซต์อาจเพิ่งอัปเดต หรือการเชื่อมต่อขาดหาย กรุณาโหลดหน้าใหม่อีกครั้ง",
  "error.reload": "โหลดหน้าใหม่",
  "error.tooManyRequests": "คุณส่งคำขอบ่อยเกินไป กรุณารอ {minutes} นาทีแล้วลองใหม่",
};
