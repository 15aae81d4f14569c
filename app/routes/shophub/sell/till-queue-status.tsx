import { useEffect, useState } from "react";
import type { TillQueue } from "~/features/till-offline/use-till-queue";
import type { PersistState } from "~/features/till-offline/use-till-service-worker";
import { formatDateTime } from "~/lib/dates";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht } from "~/lib/money";
import { QUEUE_REFUSAL_KEYS } from "./queue-text";

/*
 * What the registered till's queue holds (issue 34, decision 0071): "รอส่ง 3 บิล" with the
 * oldest sale's time and the list, a refusal said with its bill and what to do, the device's
 * clock when the server found it off, and the waiting bills saved as a file (a refused entry is
 * never dropped: the owner takes it from here).
 */

function saveAsFile(queue: TillQueue) {
  const body = JSON.stringify(queue.waiting, null, 2);
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([body], { type: "application/json" }));
  link.download = `till-${queue.bound?.code ?? "queue"}-${new Date().toISOString().slice(0, 10)}.json`;
  link.click();
  URL.revokeObjectURL(link.href);
}

/** Prices read longer ago than this are said on the till (it was offline, or left open). */
const CATALOGUE_SAID_AFTER_MS = 15 * 60_000;

/** The clock, read again each minute (the catalogue's age is said once it is old). */
function useMinute(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function TillQueueStatus({
  queue,
  memberId,
  catalogueAt,
  storage,
}: {
  queue: TillQueue;
  memberId: string;
  /** When the till's prices and items were read (ISO). */
  catalogueAt: string;
  storage: PersistState;
}) {
  const t = useT();
  const lang = useLang();
  const now = useMinute();
  const { bound, waiting, clockSkewSeconds, noStorage } = queue;
  const noStorageNote = noStorage && (
    <p className="small text-warning-emphasis mb-2" role="status" data-testid="till-no-storage">
      {t("shops.sell.queue.noStorage")}
    </p>
  );
  if (!bound) return noStorageNote || null;
  const catalogueOld = now - Date.parse(catalogueAt) > CATALOGUE_SAID_AFTER_MS;
  const refused = waiting.find((entry) => entry.state === "refused");
  const oldest = waiting[0];
  // The next to send is another member's: it waits for them to sign in here.
  const othersFirst =
    oldest && oldest.sellerId !== undefined && oldest.sellerId !== memberId ? oldest : null;
  return (
    <div className="small mb-2" data-testid="till-queue" data-waiting={waiting.length}>
      <span className="me-2">
        {t("shops.sell.queue.till", { name: bound.name, code: bound.code })}
      </span>
      {oldest ? (
        <details className="d-inline">
          <summary className="badge text-bg-warning" data-testid="till-queue-count">
            {t("shops.sell.queue.waiting", { count: waiting.length })}
          </summary>
          <p className="mb-1">
            {t("shops.sell.queue.oldest", { time: formatDateTime(oldest.soldAt, lang) })}
          </p>
          <table className="table table-sm mb-1">
            <caption className="visually-hidden">{t("shops.sell.queue.list")}</caption>
            <tbody>
              {waiting.map((entry) => (
                <tr key={entry.clientSaleId}>
                  <td>{entry.documentNumber}</td>
                  <td>{formatDateTime(entry.soldAt, lang)}</td>
                  <td className="text-end">
                    {formatBaht(entry.request.expectedTotalSatang, lang)}
                  </td>
                  <td>
                    {entry.state === "refused"
                      ? t("shops.sell.queue.stateRefused")
                      : t("shops.sell.queue.stateWaiting")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => saveAsFile(queue)}
          >
            {t("shops.sell.queue.export")}
          </button>
        </details>
      ) : (
        <span className="text-success" data-testid="till-queue-count">
          {t("shops.sell.queue.allSent")}
        </span>
      )}
      {refused && (
        <p className="text-danger mb-0" role="alert" data-testid="till-queue-refused">
          {t("shops.sell.queue.refused", {
            number: refused.documentNumber,
            reason: t(QUEUE_REFUSAL_KEYS[refused.refusal ?? ""] ?? "shops.sell.queue.reason.other"),
          })}{" "}
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            onClick={() => queue.retry(refused.clientSaleId)}
            data-testid="till-queue-retry"
          >
            {t("shops.sell.queue.retry")}
          </button>
        </p>
      )}
      {othersFirst && (
        <p className="text-warning-emphasis mb-0" role="alert" data-testid="till-queue-other">
          {t("shops.sell.queue.otherSeller", { name: othersFirst.sellerName ?? "" })}
        </p>
      )}
      {noStorageNote}
      {catalogueOld && (
        <p className="text-warning-emphasis mb-0" data-testid="till-catalogue-age">
          {t("shops.sell.queue.catalogue", { time: formatDateTime(catalogueAt, lang) })}
        </p>
      )}
      {/* Said while bills wait, when it matters; the owner's list of tills says it always. */}
      {oldest && (storage === "refused" || storage === "unsupported") && (
        <p className="text-warning-emphasis mb-0" data-testid="till-storage-refused">
          {t("shops.sell.queue.storageRefused")}
        </p>
      )}
      {clockSkewSeconds !== null && (
        <p className="text-warning-emphasis mb-0" role="alert">
          {t("shops.sell.queue.clockSkew", {
            minutes: Math.round(Math.abs(clockSkewSeconds) / 60),
          })}
        </p>
      )}
    </div>
  );
}
