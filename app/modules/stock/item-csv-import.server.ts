import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { pgErrorOf } from "~/db/pg-error";
import { quantityField } from "~/lib/forms/fields";
import type { MessageKey } from "~/lib/i18n";
import { satangToBahtInput } from "~/lib/money";
import { isWholeQuantity, qtyToSql } from "~/lib/quantity";
import { CsvSyntaxError, fromCsvText, parseCsv } from "./csv";
import { itemFieldsSchema, type ItemFields } from "./item-form";
import { readVariantCell, variantKey } from "./variant-form";
import type { StockItem } from "./items.server";
import { postStockDocument } from "./ledger.server";
import { getDefaultLocation } from "./locations.server";
import { stockItem, stockItemVariant, stockVariantGroup } from "./schema";
import { announceStockChange } from "./stock-change-notifier.server";

// CSV import of items, with optional opening stock: checked and previewed first, then written
// all or nothing (item-csv-export.server.ts writes the same columns).

/** Largest file accepted for import, and most rows. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5_000;

const encoder = new TextEncoder();
/** As the export writes them, so the preview compares like with like. */
const baht = (satang: number) => satangToBahtInput(satang);
const plainQty = (milli: number) => qtyToSql(milli);

export const IMPORT_FIELDS = [
  "name",
  "sku",
  "barcode",
  "category",
  "unit",
  "price",
  "cost",
  "reorderLevel",
  "openingQty",
  "measured",
  "variantGroup",
  "variantOptions",
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** "ราคาขาย (บาท)" and "Selling price" both become "ราคาขาย"/"sellingprice". */
function normalizeHeader(text: string): string {
  return text
    .toLowerCase()
    .replace(/\(.*?\)/g, "")
    .replace(/[\s_\-.:*]/g, "");
}

// Headers people write, in Thai or English; our own export's headers are among them.
const HEADER_ALIASES: Record<ImportField, string[]> = {
  name: ["name", "itemname", "productname", "ชื่อสินค้า", "ชื่อ", "สินค้า"],
  sku: ["sku", "code", "itemcode", "รหัสสินค้า", "รหัส"],
  barcode: ["barcode", "ean", "upc", "บาร์โค้ด", "บาร์โค๊ด", "รหัสบาร์โค้ด"],
  category: ["category", "หมวดหมู่", "หมวด", "ประเภท"],
  unit: ["unit", "หน่วยนับ", "หน่วย"],
  price: ["price", "sellingprice", "ราคาขาย", "ราคา"],
  cost: ["cost", "unitcost", "ต้นทุนต่อหน่วย", "ต้นทุน"],
  reorderLevel: ["reorderlevel", "reorder", "reorderpoint", "จุดสั่งซื้อ"],
  openingQty: ["openingqty", "openingstock", "opening", "ยอดยกมา", "จำนวนยกมา"],
  measured: [
    "measured",
    "soldbyweightorlength",
    "soldbyweight",
    "byweight",
    "ขายตามน้ำหนัก/ความยาว",
    "ขายตามน้ำหนัก",
    "ชั่งน้ำหนัก",
  ],
  variantGroup: ["variantgroup", "variant", "กลุ่มสินค้าหลายแบบ", "สินค้าหลายแบบ"],
  variantOptions: ["variantoptions", "options", "ตัวเลือกของแบบ", "ตัวเลือก"],
};

// What a "sold by weight or length" cell may say (our export writes ใช่ / Yes or nothing).
const MEASURED_YES = new Set(["ใช่", "yes", "y", "true", "1", "x", "✓"]);
const MEASURED_NO = new Set(["", "ไม่", "ไม่ใช่", "no", "n", "false", "0", "-"]);

/** The cell read as a flag; null when it is neither yes nor no. */
function readMeasured(cell: string): boolean | null {
  const value = cell.trim().toLowerCase();
  if (MEASURED_YES.has(value)) return true;
  if (MEASURED_NO.has(value)) return false;
  return null;
}
const FIELD_OF_HEADER = new Map<string, ImportField>(
  IMPORT_FIELDS.flatMap((field) => HEADER_ALIASES[field].map((alias) => [alias, field] as const)),
);

const REQUIRED_COLUMNS: ImportField[] = ["name", "sku", "unit"];

export interface ImportProblem {
  /** Row in the file, the header being row 1 (what a spreadsheet shows). */
  row: number;
  field: ImportField | null;
  message: MessageKey;
  values?: Record<string, string | number>;
}

/** What importing a row changes on the item the shop already has with its SKU. */
export interface ImportChange {
  field: Exclude<ImportField, "sku" | "openingQty">;
  /** As the item export writes it (prices in baht), so people compare like with like. */
  from: string;
  to: string;
}

export interface ImportRow {
  row: number;
  fields: ItemFields;
  /** In thousandths. */
  openingQty: number;
  /** The shop's item with this SKU: the row updates it (only the file's columns). */
  existingId: number | null;
  changes: ImportChange[];
  /** The variant group the row's item belongs to, by name, with its option values. */
  variant: { group: string; names: string[]; values: string[] } | null;
}

export interface ImportPreviewRow {
  row: number;
  values: Partial<Record<ImportField, string>>;
  hasError: boolean;
  /** new: the row adds an item; update: it changes `changes` of an item; same: nothing. */
  action: "new" | "update" | "same";
  changes: ImportChange[];
}

export type ImportCheck =
  | { ok: false; fileError: MessageKey; values?: Record<string, string | number> }
  | {
      ok: true;
      /** Recognised columns, in file order. */
      columns: ImportField[];
      /** Headers that were not recognised (left out of the import). */
      ignored: string[];
      rows: ImportRow[];
      problems: ImportProblem[];
      /** Data rows read (blank lines are skipped). */
      rowCount: number;
      /** The first rows as typed, for the preview table. */
      preview: ImportPreviewRow[];
    };

/** Rows of the preview table. */
export const PREVIEW_ROWS = 20;

/**
 * The text of an uploaded CSV file: UTF-8 (with or without BOM), or, when the bytes are not
 * UTF-8, Thai Windows-874 (what older Excel versions save as "CSV" on a Thai Windows).
 */
export function decodeCsvUpload(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder("windows-874").decode(bytes);
  }
}

/**
 * Reads and checks an import file without writing anything: the columns by their headers,
 * every row against the item form's rules, SKUs and barcodes repeated inside the file, and
 * those the shop already uses. All problems are reported with their row and column.
 */
export async function checkItemImport(
  db: DbExecutor,
  shopId: string,
  text: string,
): Promise<ImportCheck> {
  if (encoder.encode(text).byteLength > IMPORT_MAX_BYTES) {
    return { ok: false, fileError: "storehub.import.error.tooLarge" };
  }
  let records: string[][];
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) {
      return {
        ok: false,
        fileError:
          error.reason === "unclosedQuote"
            ? "storehub.import.error.unclosedQuote"
            : "storehub.import.error.textAfterQuote",
        values: { row: error.record },
      };
    }
    throw error;
  }
  const [headerRecord, ...dataRecords] = records;
  if (!headerRecord || headerRecord.every((cell) => cell.trim() === "")) {
    return { ok: false, fileError: "storehub.import.error.empty" };
  }
  const columnOf = new Map<ImportField, number>();
  const ignored: string[] = [];
  for (const [index, cell] of headerRecord.entries()) {
    const field = FIELD_OF_HEADER.get(normalizeHeader(cell));
    if (!field) {
      if (cell.trim()) ignored.push(cell.trim());
      continue;
    }
    if (columnOf.has(field)) {
      return {
        ok: false,
        fileError: "storehub.import.error.duplicateColumn",
        values: { column: cell.trim() },
      };
    }
    columnOf.set(field, index);
  }
  const missing = REQUIRED_COLUMNS.filter((field) => !columnOf.has(field));
  if (missing.length > 0) {
    return {
      ok: false,
      fileError: "storehub.import.error.missingColumns",
      values: { columns: missing.join(", ") },
    };
  }
  const data = dataRecords
    .map((record, index) => ({ record, row: index + 2 }))
    .filter(({ record }) => record.some((cell) => cell.trim() !== ""));
  if (data.length === 0) return { ok: false, fileError: "storehub.import.error.noRows" };
  if (data.length > IMPORT_MAX_ROWS) {
    return {
      ok: false,
      fileError: "storehub.import.error.tooManyRows",
      values: { max: IMPORT_MAX_ROWS, count: data.length },
    };
  }

  const columns = IMPORT_FIELDS.filter((field) => columnOf.has(field)).sort(
    (a, b) => (columnOf.get(a) ?? 0) - (columnOf.get(b) ?? 0),
  );
  const problems: ImportProblem[] = [];
  const rows: ImportRow[] = [];
  const badRows = new Set<number>();
  const skuRow = new Map<string, number>();
  const barcodeRow = new Map<string, number>();
  const openingSchema = quantityField("storehub.error.qtyInvalid");

  for (const { record, row } of data) {
    const cell = (field: ImportField) => {
      const index = columnOf.get(field);
      return index === undefined ? "" : fromCsvText(record[index] ?? "");
    };
    const raw = {
      name: cell("name"),
      sku: cell("sku"),
      barcode: cell("barcode"),
      category: cell("category"),
      unit: cell("unit"),
      price: cell("price"),
      cost: cell("cost"),
      reorderLevel: cell("reorderLevel"),
      // A checkbox's form value; a cell that is neither yes nor no is reported below.
      measured: readMeasured(cell("measured")) ? "on" : undefined,
    };
    const report = (
      field: ImportField | null,
      message: MessageKey,
      values?: ImportProblem["values"],
    ) => {
      problems.push({ row, field, message, ...(values ? { values } : {}) });
      badRows.add(row);
    };
    const parsed = itemFieldsSchema.safeParse(raw);
    const opening = openingSchema.safeParse(cell("openingQty"));
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "") as ImportField;
        if (seen.has(field)) continue;
        seen.add(field);
        report(IMPORT_FIELDS.includes(field) ? field : null, issue.message as MessageKey);
      }
    }
    if (!opening.success) report("openingQty", "storehub.error.qtyInvalid");
    const measured = readMeasured(cell("measured"));
    if (measured === null) report("measured", "storehub.import.error.measuredInvalid");
    if (!parsed.success || !opening.success || measured === null) continue;
    const fields = parsed.data;
    // An item not sold by weight or length starts with whole units (as the add form says).
    if (!fields.measured && !isWholeQuantity(opening.data)) {
      report("openingQty", "storehub.error.qtyWhole");
      continue;
    }
    let variant: ImportRow["variant"] = null;
    const group = cell("variantGroup").trim();
    if (group !== "") {
      const options = readVariantCell(cell("variantOptions"));
      if (group.length > 80) {
        report("variantGroup", "storehub.error.nameTooLong");
        continue;
      }
      if (!options) {
        report("variantOptions", "storehub.import.error.variantOptions");
        continue;
      }
      variant = { group, ...options };
    } else if (cell("variantOptions").trim() !== "") {
      report("variantGroup", "storehub.import.error.variantGroupMissing");
      continue;
    }
    const firstSku = skuRow.get(fields.sku);
    if (firstSku !== undefined) {
      report("sku", "storehub.import.error.skuRepeated", { row: firstSku });
    } else skuRow.set(fields.sku, row);
    if (fields.barcode !== null) {
      const firstBarcode = barcodeRow.get(fields.barcode);
      if (firstBarcode !== undefined) {
        report("barcode", "storehub.import.error.barcodeRepeated", { row: firstBarcode });
      } else barcodeRow.set(fields.barcode, row);
    }
    rows.push({ row, fields, openingQty: opening.data, existingId: null, changes: [], variant });
  }
  await checkVariants(db, shopId, rows, (row, field, message) => {
    problems.push({ row, field, message });
    badRows.add(row);
  });

  // SKUs and barcodes the shop already uses (one query per 1,000 codes). A SKU the shop has
  // means "update that item" (an export imported back); a barcode is taken only when another
  // item has it.
  const skus = [...skuRow.keys()];
  const barcodes = [...barcodeRow.keys()];
  const existingBySku = new Map<string, StockItem>();
  const barcodeOwner = new Map<string, string>();
  for (let start = 0; start < Math.max(skus.length, barcodes.length); start += 1_000) {
    const skuChunk = skus.slice(start, start + 1_000);
    const barcodeChunk = barcodes.slice(start, start + 1_000);
    const matches = [
      ...(skuChunk.length ? [inArray(stockItem.sku, skuChunk)] : []),
      ...(barcodeChunk.length ? [inArray(stockItem.barcode, barcodeChunk)] : []),
    ];
    const found = await db
      .select()
      .from(stockItem)
      .where(and(eq(stockItem.shopId, shopId), or(...matches)));
    for (const item of found) {
      existingBySku.set(item.sku, item);
      if (item.barcode !== null) barcodeOwner.set(item.barcode, item.sku);
    }
  }
  for (const planned of rows) {
    const existing =
      skuRow.get(planned.fields.sku) === planned.row
        ? existingBySku.get(planned.fields.sku)
        : undefined;
    if (existing) {
      planned.existingId = existing.id;
      planned.changes = changesOf(existing, planned.fields, columns);
      if (planned.openingQty > 0) {
        // Stock of an item that exists comes in through a receipt, with its cost and history.
        problems.push({
          row: planned.row,
          field: "openingQty",
          message: "storehub.import.error.openingOnUpdate",
        });
        badRows.add(planned.row);
      }
    }
    const barcode = planned.fields.barcode;
    const owner = barcode === null ? undefined : barcodeOwner.get(barcode);
    if (
      barcode !== null &&
      barcodeRow.get(barcode) === planned.row &&
      owner !== undefined &&
      owner !== planned.fields.sku
    ) {
      problems.push({ row: planned.row, field: "barcode", message: "storehub.error.barcodeTaken" });
      badRows.add(planned.row);
    }
  }
  const plannedByRow = new Map(rows.map((planned) => [planned.row, planned]));
  problems.sort((a, b) => a.row - b.row || fieldOrder(a.field) - fieldOrder(b.field));

  const preview = data.slice(0, PREVIEW_ROWS).map(({ record, row }) => {
    const planned = plannedByRow.get(row);
    const changes = planned?.changes ?? [];
    return {
      row,
      values: Object.fromEntries(
        columns.map((field) => [field, record[columnOf.get(field) ?? -1] ?? ""]),
      ),
      hasError: badRows.has(row),
      action: !planned?.existingId
        ? ("new" as const)
        : changes.length > 0
          ? ("update" as const)
          : ("same" as const),
      changes,
    };
  });
  return {
    ok: true,
    columns,
    ignored,
    rows: rows.filter((planned) => !badRows.has(planned.row)),
    problems,
    rowCount: data.length,
    preview,
  };
}

const UPDATABLE = [
  "name",
  "barcode",
  "category",
  "unit",
  "price",
  "cost",
  "reorderLevel",
  "measured",
] as const;

/** What the file's columns change on an existing item, as the export would print it. */
function changesOf(item: StockItem, fields: ItemFields, columns: ImportField[]): ImportChange[] {
  const shown: Record<(typeof UPDATABLE)[number], [string, string]> = {
    name: [item.name, fields.name],
    barcode: [item.barcode ?? "", fields.barcode ?? ""],
    category: [item.category, fields.category],
    unit: [item.unit, fields.unit],
    price: [baht(item.priceSatang), baht(fields.price)],
    cost: [baht(item.costSatang), baht(fields.cost)],
    reorderLevel: [plainQty(item.reorderLevel), plainQty(fields.reorderLevel)],
    measured: [item.measured ? "✓" : "", fields.measured ? "✓" : ""],
  };
  return UPDATABLE.filter((field) => columns.includes(field))
    .filter((field) => shown[field][0] !== shown[field][1])
    .map((field) => ({ field, from: shown[field][0], to: shown[field][1] }));
}

/** The item columns a row updates: only those the file has (a missing column changes nothing). */
function updateValues(fields: ItemFields, columns: ImportField[]) {
  const all = {
    name: fields.name,
    barcode: fields.barcode,
    category: fields.category,
    unit: fields.unit,
    priceSatang: fields.price,
    costSatang: fields.cost,
    reorderLevel: fields.reorderLevel,
    measured: fields.measured,
  };
  const column: Record<(typeof UPDATABLE)[number], keyof typeof all> = {
    name: "name",
    barcode: "barcode",
    category: "category",
    unit: "unit",
    price: "priceSatang",
    cost: "costSatang",
    reorderLevel: "reorderLevel",
    measured: "measured",
  };
  return Object.fromEntries(
    UPDATABLE.filter((field) => columns.includes(field)).map((field) => [
      column[field],
      all[column[field]],
    ]),
  ) as Partial<typeof all>;
}

/**
 * The rows' variant groups (decision 0080): one group's rows name the same options in the same
 * order as each other and as the group the shop has, and no two items share one combination.
 */
async function checkVariants(
  db: DbExecutor,
  shopId: string,
  rows: readonly ImportRow[],
  report: (row: number, field: ImportField, message: MessageKey) => void,
): Promise<void> {
  const named = rows.flatMap((planned) =>
    planned.variant ? [{ row: planned.row, sku: planned.fields.sku, ...planned.variant }] : [],
  );
  if (named.length === 0) return;
  const groupNames = [...new Set(named.map((planned) => planned.group))];
  const saved = await db
    .select({
      name: stockVariantGroup.name,
      optionNames: stockVariantGroup.optionNames,
      values: stockItemVariant.optionValues,
      sku: stockItem.sku,
    })
    .from(stockVariantGroup)
    .leftJoin(stockItemVariant, eq(stockItemVariant.groupId, stockVariantGroup.id))
    .leftJoin(stockItem, eq(stockItem.id, stockItemVariant.itemId))
    .where(and(eq(stockVariantGroup.shopId, shopId), inArray(stockVariantGroup.name, groupNames)));
  const namesOf = new Map<string, string>();
  const skuOf = new Map<string, string>();
  for (const link of saved) {
    namesOf.set(link.name, link.optionNames.join("\u0000"));
    if (link.values && link.sku) {
      skuOf.set(`${link.name}\u0000${variantKey(link.values)}`, link.sku);
    }
  }
  for (const planned of named) {
    const { group, names, values } = planned;
    const key = names.join("\u0000");
    const expected = namesOf.get(group);
    if (expected === undefined) namesOf.set(group, key);
    else if (expected !== key) {
      report(planned.row, "variantOptions", "storehub.import.error.variantNames");
      continue;
    }
    const combination = `${group}\u0000${variantKey(values)}`;
    const owner = skuOf.get(combination);
    if (owner !== undefined && owner !== planned.sku) {
      report(planned.row, "variantOptions", "storehub.import.error.variantRepeated");
      continue;
    }
    skuOf.set(combination, planned.sku);
  }
}

/**
 * Links the imported items to their variant groups, making the groups the shop does not have
 * yet; an item already in its group with the same values stays as it is.
 */
async function linkVariants(
  tx: DbExecutor,
  shopId: string,
  rows: readonly { itemId: number; variant: ImportRow["variant"] }[],
): Promise<void> {
  const groupIds = new Map<string, number>();
  for (const { itemId, variant } of rows) {
    if (!variant) continue;
    let groupId = groupIds.get(variant.group);
    if (groupId === undefined) {
      const [found] = await tx
        .select({ id: stockVariantGroup.id })
        .from(stockVariantGroup)
        .where(
          and(eq(stockVariantGroup.shopId, shopId), eq(stockVariantGroup.name, variant.group)),
        );
      groupId =
        found?.id ??
        (
          await tx
            .insert(stockVariantGroup)
            .values({ shopId, name: variant.group, optionNames: variant.names })
            .returning({ id: stockVariantGroup.id })
        )[0]?.id;
      if (groupId === undefined) throw new Error("variant group insert returned no row");
      groupIds.set(variant.group, groupId);
    }
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${stockItemVariant.position}), -1)::int` })
      .from(stockItemVariant)
      .where(eq(stockItemVariant.groupId, groupId));
    await tx
      .insert(stockItemVariant)
      .values({
        shopId,
        groupId,
        itemId,
        optionValues: variant.values,
        position: (last?.position ?? -1) + 1,
      })
      .onConflictDoUpdate({
        target: stockItemVariant.itemId,
        set: { groupId, optionValues: variant.values },
      });
  }
}

function fieldOrder(field: ImportField | null): number {
  return field === null ? -1 : IMPORT_FIELDS.indexOf(field);
}

export type ImportResult =
  | { ok: true; created: number; updated: number; withStock: number }
  | { ok: false; check: ImportCheck };

/**
 * Imports the file's items, checking it again first: nothing is written unless every row is
 * valid, and then every item (with its opening stock at the default location, in one
 * document) is written in one transaction. A SKU or barcode taken meanwhile by someone else
 * rolls everything back and the check shows which row.
 */
export async function importItems(
  db: Database,
  input: { shopId: string; userId: string; text: string },
): Promise<ImportResult> {
  const check = await checkItemImport(db, input.shopId, input.text);
  if (!check.ok || check.problems.length > 0) return { ok: false, check };
  const added = check.rows.filter((planned) => planned.existingId === null);
  const changed = check.rows.filter(
    (planned) => planned.existingId !== null && planned.changes.length > 0,
  );
  // An item the shop has may join a variant group even when none of its own columns changed.
  const changedOrSame = check.rows.filter((planned) => planned.existingId !== null);
  try {
    const withStock = await db.transaction(async (tx) => {
      // Items the shop has (by SKU): only the file's columns change; stock does not.
      for (const planned of changed) {
        await tx
          .update(stockItem)
          .set({ ...updateValues(planned.fields, check.columns), updatedAt: new Date() })
          .where(
            and(eq(stockItem.shopId, input.shopId), eq(stockItem.id, planned.existingId ?? 0)),
          );
      }
      const ids: number[] = [];
      for (let start = 0; start < added.length; start += 500) {
        const chunk = added.slice(start, start + 500);
        const inserted = await tx
          .insert(stockItem)
          .values(
            chunk.map(({ fields }) => ({
              shopId: input.shopId,
              name: fields.name,
              sku: fields.sku,
              barcode: fields.barcode,
              category: fields.category,
              unit: fields.unit,
              priceSatang: fields.price,
              costSatang: fields.cost,
              reorderLevel: fields.reorderLevel,
              measured: fields.measured,
            })),
          )
          .returning({ id: stockItem.id });
        ids.push(...inserted.map((row) => row.id));
      }
      await linkVariants(tx, input.shopId, [
        ...changedOrSame.map((planned) => ({
          itemId: planned.existingId ?? 0,
          variant: planned.variant,
        })),
        ...added.map((planned, index) => ({ itemId: ids[index] ?? 0, variant: planned.variant })),
      ]);
      const location = await getDefaultLocation(tx, input.shopId);
      const lines = added.flatMap((planned, index) => {
        const itemId = ids[index];
        return planned.openingQty > 0 && itemId !== undefined
          ? [
              {
                itemId,
                locationId: location.id,
                qty: planned.openingQty,
                unitCostSatang: planned.fields.cost,
              },
            ]
          : [];
      });
      if (lines.length > 0) {
        const posted = await postStockDocument(tx, {
          shopId: input.shopId,
          userId: input.userId,
          kind: "opening",
          reference: "CSV",
          lines,
        });
        if (!posted.ok) throw new Error(`opening stock of an import failed: ${posted.error.code}`);
      }
      return lines.length;
    });
    announceStockChange(db, input.shopId);
    return { ok: true, created: added.length, updated: changed.length, withStock };
  } catch (error) {
    if (pgErrorOf(error)?.code === "23505") {
      // Someone added one of these SKUs or barcodes meanwhile: the new check names the row.
      return { ok: false, check: await checkItemImport(db, input.shopId, input.text) };
    }
    throw error;
  }
}
