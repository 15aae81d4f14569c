import { type Dispatch, useState } from "react";
import { type SubmitTarget, useFetcher } from "react-router";
import type { CompleteSaleRequest } from "~/modules/sales";
import type { TillActionData } from "./route";
import type { TillAction } from "./till-state";

/*
 * Sending a completed bill to the server and taking its answer. The request carries the
 * bill's client sale id, so sending it again (a retry after a lost answer) never sells twice.
 * The answer is taken once, while rendering (React's pattern for state that follows data),
 * and becomes a `saleDone` or a `saleFailed` action. The offline queue (issue 34) sits here:
 * this hook is the one place a sale leaves the till.
 */
export function useSaleSubmission(shopId: string, dispatch: Dispatch<TillAction>) {
  const fetcher = useFetcher<TillActionData>({ key: "till-sale" });
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
  const send = (request: CompleteSaleRequest) => {
    if (busy) return;
    dispatch({ type: "saleSent" });
    // JSON, with `shopId` naming the shop the page was opened for (the gate checks it).
    void fetcher.submit({ ...request, shopId } as unknown as SubmitTarget, {
      method: "post",
      encType: "application/json",
    });
  };
  return { busy, send };
}
