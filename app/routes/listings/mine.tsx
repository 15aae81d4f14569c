import { Fragment } from "react";
import { data, Form, Link, redirect, useLocation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/mine";
import { appContext } from "~/context";
import { translateFromMatches } from "~/lib/area-meta";
import { formatDate } from "~/lib/dates";
import { flagField } from "~/lib/forms/fields";
import { readForm } from "~/lib/forms/read-form";
import type { MessageKey } from "~/lib/i18n";
import { langOf } from "~/lib/i18n/lang.server";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { readPageNumber } from "~/lib/paging";
import { buildMeta, siteFromMatches } from "~/lib/seo";
import { useListingPaginationLabels } from "~/layout/listing-grid";
import { deleteListing, listOwnListings, setListingStatus } from "~/modules/listings/index.server";
import { memberOf } from "~/routes/_gates/member.server";
import { Pagination } from "~/ui/pagination";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { LISTING_REFUSALS, listingErrorPage } from "./errors";

const INTENTS = ["sold", "published", "draft", "delete"] as const;
type Intent = (typeof INTENTS)[number];
const listingActionSchema = z.object({
  intent: z.enum(INTENTS),
  id: z.string().min(1),
  confirmed: flagField(),
});
const DONE: Record<Intent, MessageKey> = {
  sold: "listings.mine.done.sold",
  published: "listings.mine.done.published",
  draft: "listings.mine.done.draft",
  delete: "listings.mine.done.deleted",
};

export async function loader({ context, url }: Route.LoaderArgs) {
  const member = memberOf(context);
  const { db, storage } = context.get(appContext);
  const lang = langOf(context);
  const done = url.searchParams.get("done");
  return {
    listings: await listOwnListings(db, storage, lang, member.id, readPageNumber(url.searchParams)),
    done: (INTENTS as readonly string[]).includes(done ?? "") ? (done as Intent) : null,
  };
}

type ActionData = { error: MessageKey } | { confirmDelete: { id: string } };

/** The owner changes a listing's status or deletes it (a second POST confirms the delete). */
export async function action({ request, context, url }: Route.ActionArgs) {
  const member = memberOf(context);
  const { db, storage, logger } = context.get(appContext);
  const read = readForm(await request.formData(), listingActionSchema);
  if (!read.ok) return data<ActionData>({ error: "listings.error.badRequest" }, { status: 400 });
  const { intent, id, confirmed } = read.data;
  if (intent === "delete") {
    if (!confirmed) return data<ActionData>({ confirmDelete: { id } });
    await deleteListing(db, storage, member.id, id).catch(listingErrorPage);
    logger.info({ listingId: id, ownerId: member.id }, "listing deleted");
  } else {
    const outcome = await setListingStatus(db, member.id, id, intent).catch(listingErrorPage);
    if (!outcome.ok) {
      const refusal = LISTING_REFUSALS[outcome.error];
      return data<ActionData>({ error: refusal.message }, { status: refusal.status });
    }
  }
  const back = new URLSearchParams(url.search);
  back.set("done", intent);
  return redirect(`${url.pathname}?${back}`);
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  buildMeta(siteFromMatches(matches), {
    title: translateFromMatches(matches)("listings.mine.title"),
    path: location.pathname,
    noindex: true,
  });

export default function MyListings({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const location = useLocation();
  const paginationLabels = useListingPaginationLabels();
  const { listings, done } = loaderData;
  const result = actionData as ActionData | undefined;
  const confirm = result && "confirmDelete" in result ? result.confirmDelete : null;
  const error = result && "error" in result ? result.error : null;
  const search = new URLSearchParams(location.search);
  search.delete("done");
  const here = `${location.pathname}${search.size > 0 ? `?${search}` : ""}`;

  const statusForm = (id: string, intent: Intent, label: MessageKey, className: string) => (
    <Form method="post" action={here}>
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className={`btn btn-sm ${className}`}
        data-testid={`listing-action-${intent}`}
      >
        {t(label)}
      </button>
    </Form>
  );

  return (
    <div className="container py-4 py-lg-5">
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-3">
        <div>
          <h1>{t("listings.mine.title")}</h1>
          <p className="text-secondary mb-0">{t("listings.mine.lead")}</p>
        </div>
        <Link to="/user/bhPost" className="btn btn-accent" data-testid="post-listing">
          {t("listings.post")}
        </Link>
      </div>
      {done && (
        <div className="alert alert-success" role="status" data-testid="listing-done">
          {t(DONE[done])}
        </div>
      )}
      {error && (
        <div className="alert alert-danger" role="alert" data-testid="listing-error">
          {t(error)}
        </div>
      )}
      {listings.rows.length === 0 ? (
        <p data-testid="my-listings-empty">
          {t("listings.mine.empty")} <Link to="/user/bhPost">{t("listings.mine.postFirst")}</Link>
        </p>
      ) : (
        <div className="table-responsive">
          <table className="table align-middle" data-testid="my-listings">
            <thead>
              <tr>
                <th scope="col">{t("listings.mine.photo")}</th>
                <th scope="col">{t("listings.mine.listing")}</th>
                <th scope="col">{t("listings.mine.status")}</th>
                <th scope="col">{t("listings.mine.price")}</th>
                <th scope="col">{t("listings.mine.updated")}</th>
                <th scope="col">{t("listings.mine.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {listings.rows.map((row) => (
                <Fragment key={row.id}>
                  <tr data-testid="my-listing-row" data-listing-id={row.id}>
                    <td style={{ width: "6rem" }}>
                      {row.cover ? (
                        <img
                          src={row.cover.thumb}
                          alt=""
                          width={80}
                          height={60}
                          loading="lazy"
                          className="rounded object-fit-cover"
                        />
                      ) : (
                        <span className="small text-secondary">{t("listings.noPhoto")}</span>
                      )}
                    </td>
                    <td>
                      <Link to={`/asset/${row.id}`} className="fw-semibold">
                        {row.title}
                      </Link>
                      <div className="small text-secondary">
                        {t(`listings.category.${row.category}` as MessageKey)} · {row.provinceName}
                      </div>
                    </td>
                    <td>
                      <span
                        className={`badge ${row.status === "published" ? "text-bg-success" : row.status === "sold" ? "text-bg-dark" : "text-bg-secondary"}`}
                        data-testid="my-listing-status"
                      >
                        {t(`listings.status.${row.status}`)}
                      </span>
                      {row.hidden && (
                        <span className="badge text-bg-danger ms-1">
                          {t("listings.hiddenBadge")}
                        </span>
                      )}
                    </td>
                    <td className="text-nowrap">{row.priceText}</td>
                    <td className="text-nowrap small">{formatDate(row.updatedAt, lang)}</td>
                    <td>
                      <div className="d-flex flex-wrap gap-2">
                        <Link
                          to={`/user/bhPost?id=${row.id}`}
                          className="btn btn-sm btn-outline-primary"
                          data-testid="listing-action-edit"
                        >
                          {t("listings.mine.edit")}
                        </Link>
                        {row.status !== "sold" &&
                          statusForm(row.id, "sold", "listings.mine.markSold", "btn-outline-dark")}
                        {row.status !== "published" &&
                          !row.hidden &&
                          statusForm(
                            row.id,
                            "published",
                            "listings.mine.publish",
                            "btn-outline-success",
                          )}
                        {row.status !== "draft" &&
                          statusForm(
                            row.id,
                            "draft",
                            "listings.mine.unpublish",
                            "btn-outline-secondary",
                          )}
                        <Form method="post" action={`${here}#confirm-delete`}>
                          <input type="hidden" name="id" value={row.id} />
                          <button
                            type="submit"
                            name="intent"
                            value="delete"
                            className="btn btn-sm btn-outline-danger"
                            data-testid="listing-action-delete"
                          >
                            {t("listings.mine.delete")}
                          </button>
                        </Form>
                      </div>
                    </td>
                  </tr>
                  {confirm?.id === row.id && (
                    <tr>
                      <td colSpan={6}>
                        <ConfirmPanel
                          id="confirm-delete"
                          testId="confirm-delete"
                          submitTestId="confirm-delete-submit"
                          action={here}
                          message={t("listings.mine.confirmDelete", { title: row.title })}
                          fields={{ id: String(row.id), intent: "delete" }}
                          confirmLabel={t("listings.mine.confirmDeleteButton")}
                          cancelLabel={t("listings.mine.cancel")}
                          cancelTo={here}
                        />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={listings.page} pageCount={listings.pageCount} labels={paginationLabels} />
    </div>
  );
}
