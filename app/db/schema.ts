// The whole database schema. Each module owns its tables; this file only gathers them
// for Drizzle and for `drizzle-kit generate`.
export * from "../modules/platform/schema";
export * from "../modules/media/schema";
export * from "../modules/content/schema";
export * from "../modules/contact/schema";
export * from "../modules/accounts/schema";
export * from "../modules/notices/schema";
export * from "../modules/shops/schema";
export * from "../modules/stock/schema";
export * from "../modules/listings/schema";
export * from "../modules/sales/schema";
export * from "../modules/shifts/schema";
export * from "../modules/finance/schema";
export * from "../modules/guide/schema";
export * from "../modules/reports/schema";
export * from "../modules/tills/schema";
export * from "../modules/etax/schema";
export * from "../modules/journal/schema";
export * from "../modules/analytics/schema";
export * from "../modules/push/schema";
export * from "../modules/settings/schema";
export * from "../modules/customers/schema";
export * from "../modules/staff/schema";
