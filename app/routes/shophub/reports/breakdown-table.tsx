import type { ReactNode } from "react";
import { Table } from "react-bootstrap";
import { useT } from "~/lib/i18n/use-translation";
import { formatSatang } from "~/lib/money";

/*
 * One table of the profit-and-loss page: a row header naming each row (what a screen reader
 * announces before every figure), then figures aligned right. Every breakdown (summary, by
 * period, expenses, items, categories, cashiers, payment methods, hours, VAT) is one of these,
 * so they read alike and a change to their markup is made once.
 */

/** A column: what each cell shows, or (most columns) the baht amount it shows. */
export type BreakdownColumn<Row> =
  /** `words`: a column of text (a payment method), read from the start like the row header. */
  | { header: string; cell: (row: Row) => ReactNode; words?: boolean }
  | { header: string; satang: (row: Row) => number };

function alignOf<Row>(column: BreakdownColumn<Row>): string | undefined {
  return "cell" in column && column.words ? undefined : "text-end";
}

/** An amount in baht, red when negative. */
export function Money({ satang }: { satang: number }) {
  return <span className={satang < 0 ? "text-danger" : undefined}>{formatSatang(satang)}</span>;
}

function cellOf<Row>(column: BreakdownColumn<Row>, row: Row): ReactNode {
  return "cell" in column ? column.cell(row) : <Money satang={column.satang(row)} />;
}

export interface BreakdownTableProps<Row> {
  testId: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** The first column; a null header leaves out the header row (a short list of figures). */
  rowHeader: { header: string | null; cell: (row: Row) => ReactNode; nowrap?: boolean };
  columns: readonly BreakdownColumn<Row>[];
  striped?: boolean;
  className?: string;
  /** Says "nothing in this period" in a row of its own when there are no rows. */
  sayEmpty?: boolean;
  /** A row in bold (the profit lines of the summary). */
  strong?: (row: Row) => boolean;
  rowTestId?: (row: Row) => string;
  /** Rows after the rows (the summary's voids line). */
  after?: ReactNode;
}

export function BreakdownTable<Row>({
  testId,
  rows,
  rowKey,
  rowHeader,
  columns,
  striped,
  className,
  sayEmpty,
  strong,
  rowTestId,
  after,
}: BreakdownTableProps<Row>) {
  const t = useT();
  return (
    <Table size="sm" striped={striped} className={className} data-testid={testId}>
      {rowHeader.header !== null && (
        <thead>
          <tr>
            <th scope="col">{rowHeader.header}</th>
            {columns.map((column) => (
              <th scope="col" className={alignOf(column)} key={column.header}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
      )}
      <tbody>
        {sayEmpty && rows.length === 0 && (
          <tr>
            <td colSpan={columns.length + 1} className="text-secondary">
              {t("shops.reports.empty")}
            </td>
          </tr>
        )}
        {rows.map((row) => {
          const bold = strong?.(row) ?? false;
          return (
            <tr
              key={rowKey(row)}
              className={bold ? "fw-bold" : undefined}
              data-testid={rowTestId?.(row)}
            >
              <th
                scope="row"
                className={
                  [bold ? null : "fw-normal", rowHeader.nowrap ? "text-nowrap" : null]
                    .filter(Boolean)
                    .join(" ") || undefined
                }
              >
                {rowHeader.cell(row)}
              </th>
              {columns.map((column) => (
                <td className={alignOf(column)} key={column.header}>
                  {cellOf(column, row)}
                </td>
              ))}
            </tr>
          );
        })}
        {after}
      </tbody>
    </Table>
  );
}
