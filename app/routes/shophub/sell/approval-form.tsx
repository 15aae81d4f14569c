import { useState } from "react";
import { type SubmitTarget, useFetcher } from "react-router";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht } from "~/lib/money";
import type { DiscountApprovalAnswer } from "./approve-discount";
import { ApproverPinFields } from "./approver-pin-fields";
import type { Approval, ApprovalNeed } from "./discount-approval";
import type { Cart } from "./cart";
import { overridesOf } from "./price-lines";
import type { TillLoaderData } from "./route";
import type { ItemIndex } from "./till-data";

/*
 * The approval dialog's form (decision 0059), loaded when a bill first needs an approval: the
 * approver picks their name and types their PIN; for a cashier who took over the till by PIN
 * (decision 0088) the request names that switch, so the approval is theirs.
 */

export function ApprovalForm({
  onApproved,
  shopId,
  clientSaleId,
  need,
  approvers,
  cashierSwitch,
  cart,
  index,
}: {
  onApproved: (approval: Approval) => void;
  shopId: string;
  clientSaleId: string;
  need: Extract<ApprovalNeed, { kind: "needed" }> | null;
  approvers: TillLoaderData["approvers"];
  /** The cashier who took over the till by PIN (decision 0088): the approval is theirs. */
  cashierSwitch: { switchId: string; tillId: string } | null;
  /** The bill, for its prices typed below the list (decision 0093). */
  cart: Cart;
  index: ItemIndex;
}) {
  const t = useT();
  const lang = useLang();
  const prices = need?.below ? overridesOf(cart, index) : null;
  // A fetcher of this form's own: its answer goes with the form when the dialog closes.
  const fetcher = useFetcher<DiscountApprovalAnswer>();
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
        below: need.below,
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
        // Prices typed below the list (decision 0093), approved with the same PIN.
        ...(prices ? { priceOverrides: prices } : {}),
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
  return approvers.length === 0 ? (
    <p data-testid="till-approval-none">{t("shops.sell.approval.noApprovers")}</p>
  ) : (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p>{t("shops.sell.approval.lead")}</p>
      {prices && (
        <p data-testid="till-approval-prices">
          {t("shops.sell.approval.prices", {
            count: prices.lines.length,
            amount: formatBaht(prices.belowSatang, lang),
          })}
        </p>
      )}
      <ApproverPinFields
        approvers={approvers}
        approverId={approverId}
        onApprover={setApproverId}
        pin={pin}
        onPin={setPin}
        error={refusal}
        ids={{ approver: "till-approver", pin: "till-approval-pin", error: "till-approval-error" }}
      />
      <button
        type="submit"
        className="btn btn-primary btn-lg till-btn mt-3"
        disabled={pin === "" || fetcher.state !== "idle"}
        data-testid="till-approval-submit"
      >
        {t("shops.sell.approval.submit")}
      </button>
    </form>
  );
}
