import { useFetcher } from "react-router";
import { ShopIdField } from "~/features/shops/shop-form";
import { useT } from "~/lib/i18n/use-translation";
import type { TillLoaderData } from "./route";
import type { ShiftAnswer } from "./shift-action.server";
import { shiftActionPath } from "./shift-path";

/*
 * Who sells into the shift's drawer (issue 31, decision 0058): its opener and the members added
 * since, for a till shared by several cashiers. A member of the shift (or the owner, a manager)
 * adds a selling member of the shop or takes one who was added off; the server decides who may
 * and books each sale into its cashier's shift whatever the till says.
 */

type OpenShift = TillLoaderData["shifts"]["open"][number];
type Seller = TillLoaderData["shifts"]["sellers"][number];

/** The failure's text of the members' fetcher, when its last answer was a refusal. */
function refusalOf(answer: ShiftAnswer | undefined) {
  return answer && !answer.ok ? (answer.formError ?? null) : null;
}

export function ShiftMembers({
  shopId,
  current,
  sellers,
}: {
  shopId: string;
  current: OpenShift;
  sellers: Seller[];
}) {
  const t = useT();
  const fetcher = useFetcher<ShiftAnswer>({ key: "till-shift-members" });
  const refusal = refusalOf(fetcher.data);
  const inShift = new Set(current.members.map((m) => m.userId));
  const addable = sellers.filter((seller) => !inShift.has(seller.userId));
  const busy = fetcher.state !== "idle";
  return (
    <section className="mb-4" data-testid="shift-members">
      <h3 className="h5">{t("shops.shifts.members.heading")}</h3>
      <p className="text-secondary small mb-2">{t("shops.shifts.members.lead")}</p>
      {refusal && (
        <div className="alert alert-danger" role="alert" data-testid="shift-members-error">
          {t(refusal)}
        </div>
      )}
      <ul className="list-group mb-3">
        {current.members.map((m) => (
          <li
            key={m.userId}
            className="list-group-item d-flex justify-content-between align-items-center"
          >
            <span>
              {m.userName}
              {m.userId === current.openedBy && (
                <span className="text-secondary"> · {t("shops.shifts.members.opener")}</span>
              )}
            </span>
            {current.mine && m.userId !== current.openedBy && (
              <fetcher.Form method="post" action={shiftActionPath(shopId)}>
                <ShopIdField shopId={shopId} />
                <input type="hidden" name="intent" value="removeShiftMember" />
                <input type="hidden" name="shiftId" value={current.id} />
                <input type="hidden" name="userId" value={m.userId} />
                <button
                  type="submit"
                  className="btn btn-sm btn-outline-danger"
                  disabled={busy}
                  aria-label={t("shops.shifts.members.removeNamed", { name: m.userName })}
                >
                  {t("shops.shifts.members.remove")}
                </button>
              </fetcher.Form>
            )}
          </li>
        ))}
      </ul>
      {current.mine && addable.length > 0 && (
        <fetcher.Form
          method="post"
          action={shiftActionPath(shopId)}
          className="d-flex gap-2 align-items-end flex-wrap"
        >
          <ShopIdField shopId={shopId} />
          <input type="hidden" name="intent" value="addShiftMember" />
          <input type="hidden" name="shiftId" value={current.id} />
          <div className="flex-grow-1">
            <label className="form-label" htmlFor="shift-add-member">
              {t("shops.shifts.members.add")}
            </label>
            <select
              id="shift-add-member"
              name="userId"
              className="form-select"
              data-testid="shift-add-member"
            >
              {addable.map((seller) => (
                <option key={seller.userId} value={seller.userId}>
                  {seller.name}
                </option>
              ))}
            </select>
          </div>
          <button
            type="submit"
            className="btn btn-outline-primary"
            disabled={busy}
            data-testid="shift-add-member-submit"
          >
            {t("shops.shifts.members.addSubmit")}
          </button>
        </fetcher.Form>
      )}
    </section>
  );
}
