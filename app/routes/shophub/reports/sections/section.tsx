import type { ReactNode } from "react";
import { useT } from "~/lib/i18n/use-translation";
import type { PnlReport } from "~/modules/reports";

/** One report of the page: its title, the CSV of the same figures, and its table. */
export function Section({
  id,
  title,
  csvHref,
  children,
}: {
  id: PnlReport;
  title: string;
  csvHref: string;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <section className="mb-4" aria-labelledby={`pnl-${id}`}>
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2">
        <h2 className="h4" id={`pnl-${id}`}>
          {title}
        </h2>
        <a
          className="btn btn-sm btn-outline-secondary d-print-none"
          href={csvHref}
          download
          data-testid={`pnl-csv-${id}`}
        >
          {t("shops.reports.csvOf", { report: title })}
        </a>
      </div>
      <div className="table-responsive">{children}</div>
    </section>
  );
}

/** The address of a report's CSV, and its title: every section needs both. */
export interface SectionLinks {
  csvHref: (report: PnlReport) => string;
  sectionTitle: (report: PnlReport) => string;
}

/** A section of the report: its own part of the loader's figures and the links of `Section`. */
export function ReportSection({
  id,
  links,
  children,
}: {
  id: PnlReport;
  links: SectionLinks;
  children: ReactNode;
}) {
  return (
    <Section id={id} title={links.sectionTitle(id)} csvHref={links.csvHref(id)}>
      {children}
    </Section>
  );
}
