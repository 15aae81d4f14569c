/** Thai interface text of the shops area (sent by that area's layout loader, see areas.ts). */
export const thShops = {
  "shops.error.lastOwner": "ร้านต้องมีเจ้าของอย่างน้อยหนึ่งคน จึงเปลี่ยนบทบาทหรือลบเจ้าของคนสุดท้ายไม่ได้",
  "shops.error.notMember": "ผู้ใช้นี้ไม่ได้เป็นสมาชิกของร้านแล้ว",
  "shops.error.taxIdInvalid": "เลขประจำตัวผู้เสียภาษีไม่ถูกต้อง ต้องเป็นตัวเลข 13 หลักและเลขตรวจสอบถูกต้อง",
} as const;
