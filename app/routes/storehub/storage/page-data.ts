import type { FormMessage, ReversalPreview } from "~/modules/stock";
import type { LocationOption } from "~/modules/stock/index.server";
import type { DocumentKind, MovementKind } from "~/db/schema";

// The shapes the storage page's loader and action hand to its components.

export const SEARCH_MAX = 100;
export const DONE = ["created", "renamed", "deleted", "reversed"] as const;
export type Done = (typeof DONE)[number];

/** A place of the tree, with the quantity here and below it. */
export interface TreeNode {
  id: number;
  kind: LocationOption["kind"];
  name: string;
  path: string;
  depth: number;
  isDefault: boolean;
  hasChildren: boolean;
  qty: number;
  /** Value at cost: only for a member who sees costs (maySeeCosts). */
  valueSatang?: number;
  totalQty: number;
}

/** The item chosen with ?item=. */
export interface ChosenItem {
  id: number;
  name: string;
  sku: string;
  unit: string;
  onHand: number;
  /** Only for a member who sees costs. */
  stockValueSatang?: number;
}

/** One movement of the ledger as the page shows it. */
export interface LedgerRow {
  id: number;
  documentId: number;
  documentNumber: string;
  documentKind: DocumentKind;
  reversedBy: string | null;
  canReverse: boolean;
  itemId: number;
  itemName: string;
  sku: string;
  unit: string;
  locationId: number;
  locationPath: string;
  kind: MovementKind;
  qty: number;
  running: number;
  /** Only for a member who sees costs. */
  unitCostSatang?: number;
  valueSatang?: number;
  reference: string;
  reason: string;
  userName: string | null;
  createdAt: Date;
}

/** One page of the ledger. */
export interface LedgerPage {
  page: number;
  pageCount: number;
  total: number;
  capped: boolean;
  cap: number;
  /** "location": what was left at the filtered place; "item": the item's total. */
  running: string;
  rows: LedgerRow[];
}

/** Which form on the page an answer belongs to: "add", "location-7", "reverse". */
export type Target = string;

/** A text of the page with its placeholders (the stock forms' message shape). */
export type Message = FormMessage;

export type ActionData =
  | { error: Message; target: Target; name?: string; adding?: boolean }
  | { confirmDelete: { id: number; path: string } }
  | {
      confirmReverse: ReversalPreview;
      error?: Message;
      reason?: string;
    };
