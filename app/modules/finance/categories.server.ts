import { and, asc, eq } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { BUILT_IN, type CategoryRef } from "./form";
import { financeCategory, type FinanceKind } from "./schema";

// The shop's own categories of expenses and other income, beside the built-in ones.

/**
 * Whether the category may be used by the shop for this kind: a built-in one, or one of the
 * shop's own that is not archived (`keepId`: the row's current one stays usable when edited).
 */
export async function categoryUsable(
  db: DbExecutor,
  shopId: string,
  kind: FinanceKind,
  ref: CategoryRef,
  keepId: number | null = null,
): Promise<boolean> {
  if (ref.key !== null) return BUILT_IN[kind].includes(ref.key);
  const [row] = await db
    .select({ archivedAt: financeCategory.archivedAt })
    .from(financeCategory)
    .where(
      and(
        eq(financeCategory.id, ref.id),
        eq(financeCategory.shopId, shopId),
        eq(financeCategory.kind, kind),
      ),
    );
  return row !== undefined && (row.archivedAt === null || ref.id === keepId);
}

export interface FinanceCategoryRow {
  id: number;
  name: string;
  archived: boolean;
}

/** The shop's own categories of a kind, by name (archived ones too: old rows name them). */
export async function listShopCategories(
  db: DbExecutor,
  shopId: string,
  kind: FinanceKind,
): Promise<FinanceCategoryRow[]> {
  const rows = await db
    .select({
      id: financeCategory.id,
      name: financeCategory.name,
      archivedAt: financeCategory.archivedAt,
    })
    .from(financeCategory)
    .where(and(eq(financeCategory.shopId, shopId), eq(financeCategory.kind, kind)))
    .orderBy(asc(financeCategory.name));
  return rows.map((row) => ({ id: row.id, name: row.name, archived: row.archivedAt !== null }));
}

export type CategoryWriteResult = { ok: true } | { ok: false; error: "exists" | "notFound" };

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string }; code?: string }) ?? {};
  return cause.code === "23505" || cause.cause?.code === "23505";
}

/** Adds a category of the shop; a name it already has (of that kind) is refused. */
export async function addShopCategory(
  db: DbExecutor,
  shopId: string,
  kind: FinanceKind,
  name: string,
): Promise<CategoryWriteResult> {
  try {
    await db.insert(financeCategory).values({ shopId, kind, name });
    return { ok: true };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, error: "exists" };
    throw error;
  }
}

/** Renames a category of the shop (rows that use it show the new name). */
export async function renameShopCategory(
  db: DbExecutor,
  shopId: string,
  kind: FinanceKind,
  id: number,
  name: string,
): Promise<CategoryWriteResult> {
  try {
    const rows = await db
      .update(financeCategory)
      .set({ name })
      .where(
        and(
          eq(financeCategory.id, id),
          eq(financeCategory.shopId, shopId),
          eq(financeCategory.kind, kind),
        ),
      )
      .returning({ id: financeCategory.id });
    return rows.length > 0 ? { ok: true } : { ok: false, error: "notFound" };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, error: "exists" };
    throw error;
  }
}

/**
 * Archives (or restores) a category of the shop: archived, it is no longer offered for new
 * rows, while the rows that use it keep it.
 */
export async function archiveShopCategory(
  db: DbExecutor,
  shopId: string,
  kind: FinanceKind,
  id: number,
  archived: boolean,
): Promise<boolean> {
  const rows = await db
    .update(financeCategory)
    .set({ archivedAt: archived ? new Date() : null })
    .where(
      and(
        eq(financeCategory.id, id),
        eq(financeCategory.shopId, shopId),
        eq(financeCategory.kind, kind),
      ),
    )
    .returning({ id: financeCategory.id });
  return rows.length > 0;
}
