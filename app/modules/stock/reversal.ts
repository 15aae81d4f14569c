import type { ShopRole } from "~/modules/shops";
import type { DocumentKind } from "./schema";

/*
 * The rules of reversing a stock document, in one place: storehub's ledger asks them today and
 * the till's void will ask the same ones. Pure functions, so the page, the action and the
 * tests read the same answers; the posting itself is stock_reverse_document() in PostgreSQL.
 */

/** What the reversal rules need to know about the member. */
export interface ReversingMember {
  role: ShopRole;
  shop: { stockMayReverse: boolean };
}

/** What the reversal rules need to know about the document. */
export interface ReversibleDocument {
  kind: DocumentKind;
  /** The reversal that undid this document already, if any. */
  reversedBy: number | null;
}

/** Why a reversal is refused: the route turns it into a status and a text. */
export type ReversalRefusal = "alreadyReversed" | "notReversible";

/**
 * Whether the member may reverse stock documents: owners and managers always; stock staff
 * only when the shop's owner allows it (shop.stock_may_reverse, shop settings); cashiers never.
 */
export function mayReverseDocuments(member: ReversingMember): boolean {
  if (member.role === "owner" || member.role === "manager") return true;
  return member.role === "stock" && member.shop.stockMayReverse;
}

/** Whether storehub may undo this document (sales are undone from the till, reversals never). */
export function isReversible(document: ReversibleDocument): boolean {
  return (
    document.reversedBy === null &&
    document.kind !== "reversal" &&
    document.kind !== "sale" &&
    document.kind !== "sale_void"
  );
}

/**
 * Why the document cannot be reversed, or null when it can. Whether the member may reverse at
 * all (mayReverseDocuments) is asked first, before the document is read.
 */
export function documentRefusal(document: ReversibleDocument): ReversalRefusal | null {
  if (document.reversedBy !== null) return "alreadyReversed";
  return isReversible(document) ? null : "notReversible";
}

/** One line of what a reversal undoes, as the confirmation lists it. */
export interface ReversalLine {
  itemName: string;
  /** The quantity the document moved (the reversal posts its opposite). */
  qty: number;
  unit: string;
  locationName: string;
}

/** What a reversal of this document posts: each of its lines at the opposite quantity. */
export interface ReversalPreview {
  documentId: number;
  /** The document's printed number, e.g. "GR-000012". */
  number: string;
  lines: ReversalLine[];
}

/** The confirmation of reversing a document: its number and the lines the reversal undoes. */
export function reversalPreview(
  document: {
    id: number;
    lines: readonly { itemName: string; qty: number; unit: string; locationName: string }[];
  },
  number: string,
): ReversalPreview {
  return {
    documentId: document.id,
    number,
    lines: document.lines.map((line) => ({
      itemName: line.itemName,
      qty: line.qty,
      unit: line.unit,
      locationName: line.locationName,
    })),
  };
}
