import type { ShopRole } from "~/db/schema";

/** Who may look at stock (cashiers see it to sell) and who may change it. */
export const STOCK_READERS: readonly ShopRole[] = ["owner", "manager", "stock", "cashier"];
export const STOCK_WRITERS: readonly ShopRole[] = ["owner", "manager", "stock"];
