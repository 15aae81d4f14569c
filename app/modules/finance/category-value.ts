/** The form value of a row's category. */
export function categoryValue(row: { categoryKey: string | null; categoryId: number | null }) {
  return row.categoryKey ?? `c${row.categoryId}`;
}
