import { Form, Link } from "react-router";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatQuantityMilli } from "~/lib/quantity";
import { SEARCH_MAX } from "./page-data";
import { useHref } from "./use-href";

/** Finding an item by name or SKU to see its places and its ledger. */
export function ItemPicker({
  q,
  matches,
  location,
}: {
  q: string;
  matches: { id: number; name: string; sku: string; onHand: number; unit: string }[] | undefined;
  location: { id: number; path: string } | null;
}) {
  const t = useT();
  const lang = useLang();
  const href = useHref();
  return (
    <section className="mb-4" aria-labelledby="storage-pick">
      <h2 id="storage-pick" className="h5">
        {t("storehub.storage.pickItem")}
      </h2>
      <Form method="get" action="/storehub/storage" role="search" className="row g-2 mb-2">
        {location && <input type="hidden" name="location" value={location.id} />}
        <div className="col-sm-8 col-md-6">
          <label htmlFor="storage-search" className="visually-hidden">
            {t("storehub.storage.search")}
          </label>
          <input
            id="storage-search"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={SEARCH_MAX}
            className="form-control"
            placeholder={t("storehub.storage.searchHint")}
            data-testid="storage-search"
          />
        </div>
        <div className="col-auto">
          <button type="submit" className="btn btn-outline-primary">
            {t("storehub.storage.searchButton")}
          </button>
        </div>
      </Form>
      {matches &&
        (matches.length === 0 ? (
          <p data-testid="storage-no-match">{t("storehub.storage.noMatch", { q })}</p>
        ) : (
          <ul className="list-unstyled mb-2" data-testid="storage-matches">
            {matches.map((match) => (
              <li key={match.id}>
                <Link to={href({ item: match.id, q: null, page: null })}>{match.name}</Link>{" "}
                <span className="small text-secondary">
                  {match.sku} · {formatQuantityMilli(match.onHand, lang)} {match.unit}
                </span>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
