import { Table } from "react-bootstrap";
import type { Route } from "./+types/edit";
import { formatDateTime, formatDay } from "~/lib/dates";
import type { MessageKey, Translate } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatSatang } from "~/lib/money";
import { categoryValue } from "~/modules/finance";
import { type CategoryChoice, categoryText, METHOD_TEXT } from "./finance-text";

// The audit trail under an expense or income: who changed what, field by field, in words.

type History = Route.ComponentProps["loaderData"]["history"];
/** A row as one change left it (as the loader sends it). */
type FinanceSnapshot = NonNullable<History[number]["after"]>;

const FIELD_TEXT = {
  categoryKey: "shops.finance.field.category",
  categoryId: "shops.finance.field.category",
  amountSatang: "shops.finance.field.amount",
  inputVatSatang: "shops.finance.field.inputVat",
  day: "shops.finance.field.day",
  method: "shops.finance.field.method",
  supplier: "shops.finance.field.supplier",
  note: "shops.finance.field.note",
  supplierTaxId: "shops.finance.field.supplierTaxId",
  supplierBranch: "shops.finance.field.supplierBranch",
  taxInvoiceNumber: "shops.finance.field.taxInvoiceNumber",
  taxInvoiceDate: "shops.finance.field.taxInvoiceDate",
  valueBeforeVatSatang: "shops.finance.field.valueBeforeVat",
} as const satisfies Record<string, MessageKey>;

/** What a change did, field by field, in words (the audit trail's "what changed"). */
function describeChange(
  t: Translate,
  lang: "th" | "en",
  choices: CategoryChoice[],
  before: FinanceSnapshot | null,
  after: FinanceSnapshot | null,
): string[] {
  const shown = (snapshot: FinanceSnapshot | null, field: keyof FinanceSnapshot): string => {
    if (!snapshot) return "—";
    const value = snapshot[field];
    if (field === "categoryKey" || field === "categoryId") {
      return categoryText(
        t,
        choices.find((choice) => choice.value === categoryValue(snapshot)),
      );
    }
    if (field === "amountSatang" || field === "inputVatSatang")
      return formatSatang(Number(value ?? 0));
    if (field === "valueBeforeVatSatang") return value == null ? "—" : formatSatang(Number(value));
    if ((field === "day" || field === "taxInvoiceDate") && value) {
      return formatDay(String(value), lang);
    }
    if (field === "method") return t(METHOD_TEXT[value as keyof typeof METHOD_TEXT]);
    return String(value ?? "") || "—";
  };
  const lines: string[] = [];
  const fields = [
    "categoryKey",
    "amountSatang",
    "inputVatSatang",
    "day",
    "method",
    "supplier",
    "note",
    "supplierTaxId",
    "supplierBranch",
    "taxInvoiceNumber",
    "taxInvoiceDate",
    "valueBeforeVatSatang",
  ] as const;
  for (const field of fields) {
    const a = before
      ? field === "categoryKey"
        ? categoryValue(before)
        : before[field]
      : undefined;
    const b = after ? (field === "categoryKey" ? categoryValue(after) : after[field]) : undefined;
    // A row saved before the tax invoice's fields existed reads them as missing: no change.
    if (before && after && (a ?? null) === (b ?? null)) continue;
    if (!before && (b === undefined || b === null || b === "" || b === 0)) continue;
    if (!after) continue;
    lines.push(
      t("shops.finance.history.change", {
        field: t(FIELD_TEXT[field]),
        before: before ? shown(before, field) : "—",
        after: shown(after, field),
      }),
    );
  }
  if ((before?.receiptImageKey ?? null) !== (after?.receiptImageKey ?? null) && after) {
    lines.push(t("shops.finance.history.photoChanged"));
  }
  return lines;
}

const ACTION_TEXT = {
  create: "shops.finance.history.create",
  update: "shops.finance.history.update",
  delete: "shops.finance.history.delete",
} as const satisfies Record<string, MessageKey>;

/** Every change of the row, newest first as the loader sends them; nothing for a new row. */
export function FinanceHistory({
  history,
  everyChoice,
}: {
  history: History;
  everyChoice: CategoryChoice[];
}) {
  const t = useT();
  const lang = useLang();
  if (history.length === 0) return null;
  return (
    <section className="mt-4" aria-labelledby="history-heading">
      <h2 className="h4" id="history-heading">
        {t("shops.finance.history.title")}
      </h2>
      <Table responsive size="sm" data-testid="finance-history">
        <thead>
          <tr>
            <th scope="col">{t("shops.finance.history.at")}</th>
            <th scope="col">{t("shops.finance.history.who")}</th>
            <th scope="col">{t("shops.finance.history.action")}</th>
            <th scope="col">{t("shops.finance.history.changes")}</th>
          </tr>
        </thead>
        <tbody>
          {history.map((change) => {
            const lines = describeChange(t, lang, everyChoice, change.before, change.after);
            return (
              <tr key={change.id} data-testid="finance-history-row">
                <td className="text-nowrap">{formatDateTime(change.at, lang)}</td>
                <td>{change.userName}</td>
                <td>{t(ACTION_TEXT[change.action])}</td>
                <td>
                  {lines.length === 0
                    ? t("shops.finance.history.none")
                    : lines.map((line) => <div key={line}>{line}</div>)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </section>
  );
}
