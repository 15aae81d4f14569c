import { Form } from "react-router";
import { useLang, useT } from "~/lib/i18n/use-translation";
import type { ReversalPreview } from "~/modules/stock";
import { Pagination, type PaginationLabels } from "~/ui/pagination";
import { say } from "../stock-text";
import { ItemSummary } from "./item-summary";
import { LedgerTable } from "./ledger-table";
import type { ChosenItem, LedgerPage, Message, TreeNode } from "./page-data";
import { ReversePanel } from "./reverse-panel";

/** The ledger of the shop, an item or a place, with the reversal being confirmed. */
export function LedgerSection({
  item,
  location,
  tree,
  ledger,
  showCosts,
  here,
  confirmReverse,
  reverseError,
}: {
  item: ChosenItem | null;
  location: { id: number; path: string } | null;
  tree: TreeNode[];
  ledger: LedgerPage;
  showCosts: boolean;
  here: string;
  confirmReverse: { confirmReverse: ReversalPreview; error?: Message; reason?: string } | null;
  /** A refusal before any document was read (not allowed, no such document). */
  reverseError: Message | undefined;
}) {
  const t = useT();
  const lang = useLang();
  const pagination: PaginationLabels = {
    nav: t("storehub.pagination.nav"),
    previous: t("storehub.pagination.previous"),
    next: t("storehub.pagination.next"),
    page: (n) => t("storehub.pagination.page", { n }),
  };
  return (
    <section aria-labelledby="storage-ledger">
      <h2 id="storage-ledger" className="h5" data-testid="ledger-title">
        {item ? t("storehub.storage.ledgerOf", { name: item.name }) : t("storehub.storage.ledger")}
        {location && <span className="text-secondary"> · {location.path}</span>}
      </h2>
      {item && <ItemSummary item={item} tree={tree} />}

      <Form method="get" action="/storehub/storage" className="row g-2 align-items-end mb-3">
        {item && <input type="hidden" name="item" value={item.id} />}
        <div className="col-sm-6 col-md-4">
          <label htmlFor="storage-filter-location" className="form-label">
            {t("storehub.storage.filterLocation")}
          </label>
          <select
            id="storage-filter-location"
            name="location"
            defaultValue={location?.id ?? ""}
            key={location?.id ?? "all"}
            className="form-select"
            data-testid="ledger-location-filter"
          >
            <option value="">{t("storehub.storage.allLocations")}</option>
            {tree.map((node) => (
              <option key={node.id} value={node.id}>
                {node.path}
              </option>
            ))}
          </select>
        </div>
        <div className="col-auto">
          <button type="submit" className="btn btn-outline-secondary">
            {t("storehub.storage.filter")}
          </button>
        </div>
      </Form>

      {confirmReverse && (
        <div className="mb-3" id="storage-confirm">
          <ReversePanel
            action={here}
            confirm={confirmReverse.confirmReverse}
            error={say(t, lang, confirmReverse.error)}
            reason={confirmReverse.reason ?? ""}
          />
        </div>
      )}
      {reverseError && (
        <div className="alert alert-danger" role="alert" data-testid="storage-error">
          {say(t, lang, reverseError)}
        </div>
      )}

      <LedgerTable ledger={ledger} item={item} showCosts={showCosts} here={here} />
      <Pagination
        page={ledger.page}
        pageCount={ledger.pageCount}
        labels={pagination}
        search={here.includes("?") ? here.slice(here.indexOf("?")) : ""}
      />
    </section>
  );
}
