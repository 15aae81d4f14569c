import type { ShopRole } from "~/modules/shops";

/** Who opens the dashboard: everyone who sells (a cashier without the profit). */
export const DASHBOARD_ROLES: readonly ShopRole[] = ["owner", "manager", "cashier"];
/** Who opens the stock balance: a cashier sees the quantities without costs. */
export const STOCK_BALANCE_ROLES: readonly ShopRole[] = ["owner", "manager", "cashier"];
