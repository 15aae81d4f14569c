import { Button } from "react-bootstrap";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/import";
import { appContext } from "~/context";
import { readForm } from "~/lib/forms/read-form";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatQuantity } from "~/lib/money";
import {
  checkItemImport,
  decodeCsvUpload,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  importItems,
  type ImportCheck,
  type ImportField,
  type ImportLevelColumn,
  type ImportPreviewRow,
  type ImportProblem,
  STOCK_WRITERS,
} from "~/modules/stock/index.server";
import { levelPriceStore } from "~/modules/sales/index.server";
import { Notice, storehubMeta } from "~/features/storehub/storehub-ui";
import { ShopChangedNotice, ShopIdField } from "~/features/shops/shop-form";
import { storehubOf, storehubRoles } from "~/routes/_gates/storehub.server";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";

/** Who may change level prices through the file: those of the price levels page (0089). */
const LEVEL_PRICE_ROLES: readonly string[] = ["owner", "manager"];

/** Problems listed on the page; a file with more shows the first ones and the count. */
const PROBLEMS_SHOWN = 200;

interface CheckSummary {
  fileError: MessageKey | null;
  fileErrorValues?: Record<string, string | number>;
  columns: ImportField[];
  levelColumns: ImportLevelColumn[];
  ignored: string[];
  problems: ImportProblem[];
  problemCount: number;
  rowCount: number;
  validCount: number;
  withStock: number;
  /** Rows that change an item the shop already has (by SKU), and rows that change nothing. */
  updateCount: number;
  sameCount: number;
  preview: ImportPreviewRow[];
}

type ActionData = { check: CheckSummary; fileName: string; csv: string | null };

function summarize(check: ImportCheck): CheckSummary {
  if (!check.ok) {
    return {
      fileError: check.fileError,
      fileErrorValues: check.values,
      columns: [],
      levelColumns: [],
      ignored: [],
      problems: [],
      problemCount: 0,
      rowCount: 0,
      validCount: 0,
      withStock: 0,
      updateCount: 0,
      sameCount: 0,
      preview: [],
    };
  }
  return {
    fileError: null,
    columns: check.columns,
    levelColumns: check.levelColumns,
    ignored: check.ignored,
    problems: check.problems.slice(0, PROBLEMS_SHOWN),
    problemCount: check.problems.length,
    rowCount: check.rowCount,
    validCount: check.rows.length,
    withStock: check.rows.filter((row) => row.openingQty > 0).length,
    updateCount: check.rows.filter((row) => row.existingId !== null && row.changes.length > 0)
      .length,
    sameCount: check.rows.filter((row) => row.existingId !== null && row.changes.length === 0)
      .length,
    preview: check.preview,
  };
}

const fileProblem = (fileError: MessageKey, fileName = "", status = 400) =>
  data<ActionData>({ check: summarize({ ok: false, fileError }), fileName, csv: null }, { status });

// Only the roles that change stock open this page (the area admits its readers).
export const middleware: Route.MiddlewareFunction[] = [storehubRoles(STOCK_WRITERS)];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shopId } = await storehubOf(context, request);
  const created = url.searchParams.get("created");
  return {
    // The shop this page is rendered for: its forms send it back (ShopIdField).
    formShopId: shopId,
    done: created
      ? {
          created: Number(created) || 0,
          updated: Number(url.searchParams.get("updated")) || 0,
          withStock: Number(url.searchParams.get("stock")) || 0,
        }
      : null,
    maxRows: IMPORT_MAX_ROWS,
    maxMegabytes: IMPORT_MAX_BYTES / 1024 / 1024,
  };
}

/**
 * The upload (a file) or, after the check, the confirmation (intent "import" with the checked
 * text). A field of the wrong kind reads as no file.
 */
const importFormSchema = z.object({
  intent: z.string().optional(),
  csv: z.string().optional(),
  fileName: z.string().optional(),
  file: z.file().optional(),
});

export const action = keepFormOnShopChange(async function action({
  request,
  context,
}: Route.ActionArgs) {
  // Refuse an oversized body before anything reads it, the gate's shop check included (the file
  // limit plus the form's fields).
  if (Number(request.headers.get("content-length") ?? 0) > IMPORT_MAX_BYTES + 64 * 1024) {
    return fileProblem("storehub.import.error.tooLarge", "", 413);
  }
  const { shopId, user, active } = await storehubOf(context, request);
  const { db, logger } = context.get(appContext);
  const mayChangeLevelPrices = LEVEL_PRICE_ROLES.includes(active.role);
  const read = readForm(await request.formData(), importFormSchema);
  if (!read.ok) return fileProblem("storehub.import.error.noFile");
  const { intent, file } = read.data;

  if (intent === "import") {
    // The checked file comes back with the confirmation and is checked again in full.
    const text = read.data.csv;
    const fileName = read.data.fileName ?? "";
    if (text === undefined || text === "") {
      return fileProblem("storehub.import.error.noFile");
    }
    const result = await importItems(db, {
      shopId,
      userId: user.id,
      text,
      mayChangeLevelPrices,
      levelPrices: levelPriceStore,
    });
    if (!result.ok) {
      const check = summarize(result.check);
      const valid = check.fileError === null && check.problemCount === 0;
      return data<ActionData>({ check, fileName, csv: valid ? text : null }, { status: 400 });
    }
    logger.info({ shopId, userId: user.id, created: result.created }, "stock items imported");
    return redirect(
      `/storehub/import?created=${result.created}&updated=${result.updated}&stock=${result.withStock}`,
    );
  }

  if (file === undefined || file.size === 0) {
    return fileProblem("storehub.import.error.noFile");
  }
  if (file.size > IMPORT_MAX_BYTES) return fileProblem("storehub.import.error.tooLarge", file.name);
  const text = decodeCsvUpload(new Uint8Array(await file.arrayBuffer()));
  const check = summarize(
    await checkItemImport(db, shopId, text, {
      mayChangeLevelPrices,
      levelPrices: levelPriceStore,
    }),
  );
  const valid = check.fileError === null && check.problemCount === 0;
  return data<ActionData>(
    { check, fileName: file.name, csv: valid ? text : null },
    { status: valid ? 200 : 400 },
  );
});

export const meta: Route.MetaFunction = ({ matches, location }) =>
  storehubMeta(matches, location.pathname, "storehub.import.title");

const COLUMN_LABEL: Record<ImportField, MessageKey> = {
  name: "storehub.field.name",
  sku: "storehub.field.sku",
  barcode: "storehub.field.barcode",
  category: "storehub.field.category",
  unit: "storehub.field.unit",
  price: "storehub.field.price",
  cost: "storehub.field.cost",
  reorderLevel: "storehub.field.reorderLevel",
  openingQty: "storehub.field.openingQty",
  measured: "storehub.csv.measured",
  variantGroup: "storehub.csv.variantGroup",
  variantOptions: "storehub.csv.variantOptions",
  openPrice: "storehub.csv.openPrice",
  openPriceMin: "storehub.field.openPriceMin",
  openPriceMax: "storehub.field.openPriceMax",
  levelPrice: "storehub.csv.levelPrice",
};

const COLUMN_HELP: { field: ImportField; required: boolean; example: string | MessageKey }[] = [
  { field: "name", required: true, example: "storehub.import.exampleName" },
  { field: "sku", required: true, example: "WATER-600" },
  { field: "barcode", required: false, example: "8850999320014" },
  { field: "category", required: false, example: "storehub.import.exampleCategory" },
  { field: "unit", required: true, example: "storehub.import.exampleUnit" },
  { field: "price", required: false, example: "10.00" },
  { field: "cost", required: false, example: "7.50" },
  { field: "reorderLevel", required: false, example: "24" },
  { field: "openingQty", required: false, example: "120" },
  { field: "measured", required: false, example: "storehub.csv.yes" },
  { field: "variantGroup", required: false, example: "storehub.import.exampleVariantGroup" },
  { field: "variantOptions", required: false, example: "storehub.import.exampleVariantOptions" },
  { field: "openPrice", required: false, example: "storehub.csv.yes" },
  { field: "openPriceMin", required: false, example: "20.00" },
  { field: "openPriceMax", required: false, example: "100.00" },
  { field: "levelPrice", required: false, example: "45.00; 10=42.00; 100=40.00" },
];

export default function ImportItems({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const result = actionData as ActionData | undefined;
  const check = result?.check;
  const { done } = loaderData;
  const problemText = (problem: ImportProblem) => t(problem.message, problem.values);
  // A column's name as the file's header says it: a price level's column names its level.
  const columnLabel = (field: ImportField, level?: string) =>
    t(COLUMN_LABEL[field], { name: level ?? t("storehub.import.exampleLevel") });
  return (
    <>
      <h1 className="h2">{t("storehub.import.title")}</h1>
      <ShopChangedNotice />
      {done && !result && (
        <Notice variant="success" testId="import-done">
          {t("storehub.import.done", {
            count: formatQuantity(done.created, lang),
            stock: formatQuantity(done.withStock, lang),
          })}{" "}
          {done.updated > 0 &&
            `${t("storehub.import.doneUpdated", { count: formatQuantity(done.updated, lang) })} `}
          <Link to="/storehub#items">{t("storehub.import.seeItems")}</Link>
        </Notice>
      )}
      <p>{t("storehub.import.lead")}</p>

      {check?.fileError && (
        <Notice variant="danger" testId="import-file-error">
          {t(check.fileError, {
            max: formatQuantity(loaderData.maxRows, lang),
            megabytes: loaderData.maxMegabytes,
            ...check.fileErrorValues,
          })}
        </Notice>
      )}
      {check && !check.fileError && check.problemCount > 0 && (
        <section aria-labelledby="problems-title" className="mb-4">
          <Notice variant="danger" testId="import-problems-summary">
            {t("storehub.import.problems", {
              count: formatQuantity(check.problemCount, lang),
              file: result.fileName,
            })}
          </Notice>
          <h2 id="problems-title" className="h5">
            {t("storehub.import.problemsTitle")}
          </h2>
          <div className="table-responsive">
            <table className="table table-sm" data-testid="import-problems">
              <thead>
                <tr>
                  <th scope="col">{t("storehub.import.row")}</th>
                  <th scope="col">{t("storehub.import.column")}</th>
                  <th scope="col">{t("storehub.import.problem")}</th>
                </tr>
              </thead>
              <tbody>
                {check.problems.map((problem, index) => (
                  <tr key={index} data-testid="import-problem" data-row={problem.row}>
                    <td>{t("storehub.import.rowNumber", { row: problem.row })}</td>
                    <td>{problem.field ? columnLabel(problem.field, problem.level) : ""}</td>
                    <td>{problemText(problem)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {check.problemCount > check.problems.length && (
            <p className="text-secondary">
              {t("storehub.import.moreProblems", {
                count: formatQuantity(check.problemCount - check.problems.length, lang),
              })}
            </p>
          )}
        </section>
      )}
      {check && result.csv !== null && (
        <section className="mb-4" data-testid="import-ready">
          <Notice variant="success">
            {t("storehub.import.ready", {
              count: formatQuantity(check.validCount, lang),
              stock: formatQuantity(check.withStock, lang),
              file: result.fileName,
            })}
            {check.updateCount + check.sameCount > 0 && (
              <>
                {" "}
                <span data-testid="import-updates">
                  {t("storehub.import.readyUpdates", {
                    updates: formatQuantity(check.updateCount, lang),
                    same: formatQuantity(check.sameCount, lang),
                  })}
                </span>
              </>
            )}
          </Notice>
          <Form method="post" encType="multipart/form-data" className="d-flex flex-wrap gap-2">
            <ShopIdField />
            <input type="hidden" name="intent" value="import" />
            <input type="hidden" name="fileName" value={result.fileName} />
            <input type="hidden" name="csv" value={result.csv} />
            <Button type="submit" variant="success" disabled={busy} data-testid="import-confirm">
              {t("storehub.import.confirm", { count: formatQuantity(check.validCount, lang) })}
            </Button>
            <Link to="/storehub/import" className="btn btn-outline-secondary">
              {t("storehub.cancel")}
            </Link>
          </Form>
        </section>
      )}
      {check && check.preview.length > 0 && (
        <section aria-labelledby="preview-title" className="mb-4">
          <h2 id="preview-title" className="h5">
            {t("storehub.import.previewTitle", {
              shown: check.preview.length,
              count: formatQuantity(check.rowCount, lang),
            })}
          </h2>
          {check.ignored.length > 0 && (
            <p className="small text-secondary" data-testid="import-ignored">
              {t("storehub.import.ignored", { columns: check.ignored.join(", ") })}
            </p>
          )}
          <div className="table-responsive">
            <table className="table table-sm" data-testid="import-preview">
              <thead>
                <tr>
                  <th scope="col">{t("storehub.import.row")}</th>
                  {check.columns.map((field) => (
                    <th key={field} scope="col">
                      {t(COLUMN_LABEL[field])}
                    </th>
                  ))}
                  {check.levelColumns.map((level) => (
                    <th key={`level-${level.id}`} scope="col">
                      {columnLabel("levelPrice", level.name)}
                    </th>
                  ))}
                  <th scope="col">{t("storehub.import.changeColumn")}</th>
                </tr>
              </thead>
              <tbody>
                {check.preview.map((row) => (
                  <tr key={row.row} className={row.hasError ? "table-danger" : undefined}>
                    <td>{row.row}</td>
                    {check.columns.map((field) => (
                      <td key={field}>{row.values[field]}</td>
                    ))}
                    {check.levelColumns.map((level, index) => (
                      <td key={`level-${level.id}`}>{row.levelValues[index]}</td>
                    ))}
                    <td data-testid="import-preview-change" data-action={row.action}>
                      {t(`storehub.import.action.${row.action}`)}
                      {row.changes.map((change) => (
                        <div key={`${change.field}-${change.level ?? ""}`} className="small">
                          {t("storehub.import.changeText", {
                            field: columnLabel(change.field, change.level),
                            from: change.from || "–",
                            to: change.to || "–",
                          })}
                        </div>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}

      <section aria-labelledby="upload-title" className="mb-4">
        <h2 id="upload-title" className="h5">
          {check ? t("storehub.import.uploadAgain") : t("storehub.import.uploadTitle")}
        </h2>
        <Form method="post" encType="multipart/form-data" className="row g-2 align-items-end">
          <ShopIdField />
          <input type="hidden" name="intent" value="preview" />
          <div className="col-sm-8 col-lg-6">
            <label htmlFor="import-file" className="form-label">
              {t("storehub.import.file")}
            </label>
            <input
              id="import-file"
              type="file"
              name="file"
              accept=".csv,text/csv"
              className="form-control"
              required
              aria-describedby="import-file-hint"
              data-testid="import-file"
            />
            <div id="import-file-hint" className="form-text">
              {t("storehub.import.fileHint", {
                max: formatQuantity(loaderData.maxRows, lang),
                megabytes: loaderData.maxMegabytes,
              })}
            </div>
          </div>
          <div className="col-auto">
            <Button type="submit" disabled={busy} data-testid="import-check">
              {t("storehub.import.check")}
            </Button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="columns-title">
        <h2 id="columns-title" className="h5">
          {t("storehub.import.columnsTitle")}
        </h2>
        <p className="small">{t("storehub.import.columnsLead")}</p>
        <div className="table-responsive">
          <table className="table table-sm small">
            <thead>
              <tr>
                <th scope="col">{t("storehub.import.column")}</th>
                <th scope="col">{t("storehub.import.required")}</th>
                <th scope="col">{t("storehub.import.example")}</th>
              </tr>
            </thead>
            <tbody>
              {COLUMN_HELP.map((column) => (
                <tr key={column.field}>
                  <td>{columnLabel(column.field)}</td>
                  <td>
                    {column.required
                      ? t("storehub.import.requiredYes")
                      : t("storehub.import.requiredNo")}
                  </td>
                  <td>
                    {column.example.startsWith("storehub.")
                      ? t(column.example as MessageKey)
                      : column.example}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="small">{t("storehub.import.pricesHint")}</p>
        <p className="small text-secondary">{t("storehub.import.excelHint")}</p>
      </section>
    </>
  );
}
