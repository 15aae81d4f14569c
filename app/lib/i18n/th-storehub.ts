/** Thai interface text of the storehub area (sent by that area's layout loader, see areas.ts). */
export const thStorehub = {
  "storehub.title": "storehub ระบบสต็อกและคลังสินค้า",
} as const;
