import { useState } from "react";
import { type SubmitTarget, useFetcher } from "react-router";
import { useT } from "~/lib/i18n/use-translation";
import {
  type Bill,
  type DiscountShares,
  discountShares,
  formatBasisPoints,
  withinShares,
} from "~/modules/sales";
import type { DiscountApprovalAnswer } from "./approve-discount";
import type { TillLoaderData } from "./route";
import { TillDialog } from "./till-dialog";

/*
 * A cashier's discount past the shop's limits (issue 31, decision 0059): before payment the
 * till asks an owner or a manager to pick their name and type their PIN on this device. The
 * approval covers this bill (its sale id) up to its shares and its discount in all; changing
 * the bill to give more asks again. completeSale checks the same, whatever the till does.
 */

/** What an approval covers, as the till keeps it for the open bill. */
export interface Approval {
  clientSaleId: string;
  shares: DiscountShares;
  discountSatang: number;
  approverName: string;
}

export type ApprovalNeed =
  | { kind: "none" }
  | { kind: "approved"; approverName: string }
  | { kind: "needed"; shares: DiscountShares; discountSatang: number };

/** Whether the open bill's discounts need an approval the till does not have yet. */
export function approvalNeed(
  limit: DiscountShares | null,
  bill: Bill | null,
  clientSaleId: string,
  approval: Approval | null,
): ApprovalNeed {
  if (!limit || !bill) return { kind: "none" };
  const shares = discountShares(bill);
  if (withinShares(shares, limit)) return { kind: "none" };
  const discountSatang = bill.lineDiscountSatang + bill.billDiscountSatang;
  if (
    approval &&
    approval.clientSaleId === clientSaleId &&
    withinShares(shares, approval.shares) &&
    discountSatang <= approval.discountSatang
  ) {
    return { kind: "approved", approverName: approval.approverName };
  }
  return { kind: "needed", shares, discountSatang };
}

/** The line under the bill that says a discount needs, or has, an approval. */
export function ApprovalNote({
  need,
  limit,
}: {
  need: ApprovalNeed;
  limit: DiscountShares | null;
}) {
  const t = useT();
  if (need.kind === "none" || !limit) return null;
  return (
    <p
      className={`small mb-2 ${need.kind === "needed" ? "text-warning-emphasis" : "text-success"}`}
      data-testid="till-approval-note"
    >
      {need.kind === "needed"
        ? t("shops.sell.approval.needed", {
            line: formatBasisPoints(limit.lineBasisPoints),
            bill: formatBasisPoints(limit.billBasisPoints),
          })
        : t("shops.sell.approval.approvedBy", { name: need.approverName })}
    </p>
  );
}

export function ApprovalDialog({
  open,
  onClose,
  onApproved,
  shopId,
  clientSaleId,
  need,
  approvers,
  cashierSwitch,
}: {
  open: boolean;
  onClose: () => void;
  onApproved: (approval: Approval) => void;
  shopId: string;
  clientSaleId: string;
  need: Extract<ApprovalNeed, { kind: "needed" }> | null;
  approvers: TillLoaderData["approvers"];
  /** The cashier who took over the till by PIN (decision 0088): the approval is theirs. */
  cashierSwitch: { switchId: string; tillId: string } | null;
}) {
  const t = useT();
  const fetcher = useFetcher<DiscountApprovalAnswer>({ key: "till-approval" });
  const [approverId, setApproverId] = useState(approvers[0]?.userId ?? "");
  const [pin, setPin] = useState("");
  const [taken, setTaken] = useState<DiscountApprovalAnswer | null>(null);
  // The answer is taken once, while rendering (as the till takes a sale's).
  const answer = fetcher.state === "idle" ? (fetcher.data ?? null) : null;
  if (answer && answer !== taken) {
    setTaken(answer);
    setPin("");
    if (answer.ok && need) {
      onApproved({
        clientSaleId,
        shares: answer.shares,
        discountSatang: need.discountSatang,
        approverName: answer.approverName,
      });
    }
  }
  const refusal = taken && !taken.ok ? t(taken.error.key) : null;
  const submit = () => {
    if (!need || pin === "" || fetcher.state !== "idle") return;
    void fetcher.submit(
      {
        shopId,
        clientSaleId,
        approverId,
        pin,
        shares: need.shares,
        discountSatang: need.discountSatang,
        ...(cashierSwitch
          ? { cashierSwitch: cashierSwitch.switchId, tillId: cashierSwitch.tillId }
          : {}),
      } satisfies Record<string, unknown> as unknown as SubmitTarget,
      {
        method: "post",
        action: `/shophub/sell/approve?shop=${encodeURIComponent(shopId)}`,
        encType: "application/json",
      },
    );
  };
  return (
    <TillDialog
      open={open}
      onClose={onClose}
      title={t("shops.sell.approval.title")}
      testId="till-approval-dialog"
    >
      {approvers.length === 0 ? (
        <p data-testid="till-approval-none">{t("shops.sell.approval.noApprovers")}</p>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <p>{t("shops.sell.approval.lead")}</p>
          <label htmlFor="till-approver" className="form-label">
            {t("shops.sell.approval.approver")}
          </label>
          <select
            id="till-approver"
            className="form-select form-select-lg mb-3"
            value={approverId}
            onChange={(event) => setApproverId(event.target.value)}
            data-testid="till-approver"
          >
            {approvers.map((approver) => (
              <option key={approver.userId} value={approver.userId}>
                {approver.name}
              </option>
            ))}
          </select>
          <label htmlFor="till-approval-pin" className="form-label">
            {t("shops.sell.approval.pin")}
          </label>
          <input
            id="till-approval-pin"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={8}
            className={`form-control form-control-lg${refusal ? " is-invalid" : ""}`}
            value={pin}
            onChange={(event) => setPin(event.target.value)}
            aria-invalid={refusal ? true : undefined}
            aria-describedby={refusal ? "till-approval-error" : undefined}
            data-autofocus
            data-testid="till-approval-pin"
          />
          {refusal && (
            <div id="till-approval-error" className="invalid-feedback d-block" role="alert">
              {refusal}
            </div>
          )}
          <button
            type="submit"
            className="btn btn-primary btn-lg till-btn mt-3"
            disabled={pin === "" || fetcher.state !== "idle"}
            data-testid="till-approval-submit"
          >
            {t("shops.sell.approval.submit")}
          </button>
        </form>
      )}
    </TillDialog>
  );
}
