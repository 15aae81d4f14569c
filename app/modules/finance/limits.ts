/** Rows per page of the expenses and other income lists. */
export const FINANCE_PAGE_SIZE = 20;
/** Longest note and supplier name kept (a receipt's line, not a letter). */
export const NOTE_MAX = 500;
export const SUPPLIER_MAX = 120;
export const CATEGORY_NAME_MAX = 60;
