import type { Route } from "./+types/outbox";
import { appContext } from "~/context";
import { adminMeta, StatusFilters, usePaginationLabels } from "~/layout/admin-page";
import { formatDateTime } from "~/lib/dates";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { readPageNumber } from "~/lib/paging";
import { countOutboxByStatus, listOutbox } from "~/modules/platform/index.server";
import { isOutboxStatus, OUTBOX_STATUSES, type OutboxStatus } from "~/modules/platform";

import { Pagination } from "~/ui/pagination";

export async function loader({ context, url }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const raw = url.searchParams.get("status");
  const status = isOutboxStatus(raw) ? raw : undefined;
  const [emails, counts] = await Promise.all([
    listOutbox(db, { status, page: readPageNumber(url.searchParams) }),
    countOutboxByStatus(db),
  ]);
  return { status: status ?? null, emails, counts };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  adminMeta(matches, location.pathname, "admin.outbox.title");

const STATUS_BADGE: Record<OutboxStatus, string> = {
  pending: "text-bg-warning",
  sending: "text-bg-info",
  sent: "text-bg-success",
  failed: "text-bg-danger",
};

export default function AdminOutbox({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const paginationLabels = usePaginationLabels();
  const { emails, counts, status } = loaderData;
  const all = OUTBOX_STATUSES.reduce((sum, s) => sum + counts[s], 0);
  const filters: { value: OutboxStatus | null; label: string; count: number }[] = [
    { value: null, label: t("admin.filter.all"), count: all },
    ...OUTBOX_STATUSES.map((s) => ({
      value: s,
      label: t(`admin.outbox.status.${s}`),
      count: counts[s],
    })),
  ];
  return (
    <>
      <h1 className="h2">{t("admin.outbox.title")}</h1>
      <p className="text-secondary">{t("admin.outbox.lead")}</p>
      <StatusFilters filters={filters} current={status} testIdPrefix="outbox-filter" />
      {emails.rows.length === 0 ? (
        <p data-testid="outbox-empty">{t("admin.outbox.none")}</p>
      ) : (
        <div className="table-responsive">
          <table className="table align-top" data-testid="outbox-table">
            <thead>
              <tr>
                <th scope="col">{t("admin.outbox.queuedAt")}</th>
                <th scope="col">{t("admin.outbox.to")}</th>
                <th scope="col">{t("admin.outbox.subject")}</th>
                <th scope="col">{t("admin.outbox.statusColumn")}</th>
                <th scope="col">{t("admin.outbox.attempts")}</th>
              </tr>
            </thead>
            <tbody>
              {emails.rows.map((email) => (
                <tr key={email.id} data-testid="outbox-row">
                  <td className="text-nowrap">{formatDateTime(email.createdAt, lang)}</td>
                  <td className="text-break">{email.toAddress}</td>
                  <td>
                    <details>
                      <summary>{email.subject}</summary>
                      {email.replyTo && (
                        <p className="small text-secondary mb-1">
                          {t("admin.outbox.replyTo")}: {email.replyTo}
                        </p>
                      )}
                      <div className="small border rounded p-2" style={{ whiteSpace: "pre-wrap" }}>
                        {email.textBody || t("admin.outbox.bodyPurged")}
                      </div>
                    </details>
                  </td>
                  <td>
                    <span className={`badge ${STATUS_BADGE[email.status]}`}>
                      {t(`admin.outbox.status.${email.status}`)}
                    </span>
                    {email.sentAt && (
                      <div className="small text-secondary text-nowrap">
                        {formatDateTime(email.sentAt, lang)}
                      </div>
                    )}
                    {email.lastError && email.status !== "sent" && (
                      <div className="small text-danger text-break">{email.lastError}</div>
                    )}
                  </td>
                  <td>{email.attempts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={emails.page} pageCount={emails.pageCount} labels={paginationLabels} />
    </>
  );
}
