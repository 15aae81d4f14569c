import { type Dispatch, useRef, useState } from "react";
import { type SubmitTarget, useFetcher } from "react-router";
import type { TillQueue } from "~/features/till-offline/use-till-queue";
import {
  type Bill,
  buddhistYear,
  type CompleteSaleRequest,
  type ReceiptLineInfo,
  receiptDocument,
  settlePayments,
} from "~/modules/sales";
import type { TillActionData, TillLoaderData } from "./route";
import type { TillAction } from "./till-state";

/*
 * Where a completed bill leaves the till. On a registered till (decision 0071) it is numbered
 * and queued on the device, and done at once, online or not: the queue sends it. Anywhere else
 * (a device that is no till, or one whose storage failed) it goes straight to the server, which
 * numbers it in the shop's series. Either way the request carries the bill's client sale id,
 * so sending it again (a retry after a lost answer) never sells twice. The server's answer is
 * taken once, while rendering (React's pattern for state that follows data), and becomes a
 * `saleDone` or a `saleFailed` action.
 */
export function useSaleSubmission(
  data: Pick<TillLoaderData, "numbering" | "receipt" | "cashierName"> & { shopId: string },
  queue: TillQueue,
  dispatch: Dispatch<TillAction>,
) {
  const { shopId, numbering } = data;
  const fetcher = useFetcher<TillActionData>({ key: "till-sale" });
  const queueing = useRef(false);
  const busy = fetcher.state !== "idle";
  const [handled, setHandled] = useState<TillActionData | null>(null);
  const answer = fetcher.state === "idle" ? (fetcher.data ?? null) : null;
  if (answer && answer !== handled) {
    setHandled(answer);
    if (answer.ok) {
      dispatch({ type: "saleDone", sale: answer.sale, newCartId: crypto.randomUUID() });
    } else {
      dispatch({ type: "saleFailed", error: answer.error });
    }
  }

  const post = (request: CompleteSaleRequest) => {
    // JSON, with `shopId` naming the shop the page was opened for (the gate checks it).
    void fetcher.submit({ ...request, shopId } as unknown as SubmitTarget, {
      method: "post",
      encType: "application/json",
    });
  };

  /** `printed`: the bill and its lines as the slip names them (a queued sale prints from it). */
  const send = (
    request: CompleteSaleRequest,
    printed: { bill: Bill; lines: ReceiptLineInfo[] },
  ) => {
    if (busy || queueing.current) return;
    dispatch({ type: "saleSent" });
    if (!queue.bound) {
      post(request);
      return;
    }
    queueing.current = true;
    const soldAt = new Date();
    void queue
      .add({
        request,
        kind: numbering.kind,
        prefix: numbering.prefix,
        year: buddhistYear(soldAt),
        soldAt,
      })
      .then((entry) => {
        if (!entry) {
          post(request);
          return;
        }
        const settled = settlePayments(request.expectedTotalSatang, request.payments);
        const changeSatang = settled.ok ? settled.changeSatang : 0;
        const slip = receiptDocument({
          kind: entry.kind,
          documentNumber: entry.documentNumber,
          issuedAt: soldAt,
          seller: data.receipt.seller,
          paperWidth: data.receipt.paperWidth,
          cashierName: data.cashierName,
          till: request.till,
          note: request.note ?? "",
          bill: printed.bill,
          lines: printed.lines,
          payments: request.payments,
          changeSatang,
        });
        dispatch({
          type: "saleDone",
          sale: {
            id: null,
            clientSaleId: entry.clientSaleId,
            documentKind: entry.kind,
            documentNumber: entry.documentNumber,
            totalSatang: request.expectedTotalSatang,
            changeSatang,
            replayed: false,
            slip,
          },
          newCartId: crypto.randomUUID(),
        });
      })
      .finally(() => {
        queueing.current = false;
      });
  };
  return { busy, send };
}
