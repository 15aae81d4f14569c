import { Fragment } from "react";
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/users";
import { appContext } from "~/context";
import {
  adminMeta,
  ConfirmPanel,
  DoneAlert,
  ErrorAlert,
  useHere,
  usePaginationLabels,
} from "~/layout/admin-page";
import { formatDateTime } from "~/lib/dates";
import { flagField } from "~/lib/forms/fields";
import { readForm } from "~/lib/forms/read-form";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { readPageNumber } from "~/lib/paging";
import { isUserIntent, USER_SEARCH_MAX, type UserIntent, USER_INTENTS } from "~/modules/accounts";
import { applyUserAction, listUsers } from "~/modules/accounts/index.server";
import { memberOf } from "~/routes/_gates/member.server";
import { Pagination } from "~/ui/pagination";
import { truncateText } from "~/lib/truncate-text";
import { USER_ACTION_REFUSALS } from "./errors";

export async function loader({ context, url }: Route.LoaderArgs) {
  const admin = memberOf(context);
  const { db } = context.get(appContext);
  const q = truncateText((url.searchParams.get("q") ?? "").trim(), USER_SEARCH_MAX);
  const done = url.searchParams.get("done");
  return {
    q,
    users: await listUsers(db, { search: q, page: readPageNumber(url.searchParams) }),
    selfId: admin.id,
    done: isUserIntent(done) ? done : null,
  };
}

type ActionData =
  | { error: MessageKey; userId?: string }
  | { confirm: { intent: UserIntent; user: { id: string; name: string; email: string } } };

const userActionSchema = z.object({
  intent: z.enum(USER_INTENTS),
  userId: z.string().min(1),
  confirmed: flagField(),
});

export async function action({ request, context, url }: Route.ActionArgs) {
  const admin = memberOf(context);
  const { db, logger } = context.get(appContext);
  const read = readForm(await request.formData(), userActionSchema);
  if (!read.ok) return data<ActionData>({ error: "admin.error.badRequest" }, { status: 400 });
  const { intent, userId, confirmed } = read.data;
  const outcome = await applyUserAction(db, admin.id, { intent, userId, confirmed });
  if (outcome.status === "error") {
    const refusal = USER_ACTION_REFUSALS[outcome.error];
    return data<ActionData>({ error: refusal.message, userId }, { status: refusal.status });
  }
  if (outcome.status === "confirm") {
    return data<ActionData>({ confirm: { intent, user: outcome.user } });
  }
  logger.info({ adminId: admin.id, userId, intent }, "admin changed an account");
  const back = new URLSearchParams(url.search);
  back.set("done", intent);
  return redirect(`${url.pathname}?${back}`);
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  adminMeta(matches, location.pathname, "admin.users.title");

const CONFIRM_TEXT: Record<UserIntent, { message: MessageKey; button: MessageKey }> = {
  disable: { message: "admin.users.confirm.disable", button: "admin.users.confirmButton.disable" },
  enable: { message: "admin.users.confirm.enable", button: "admin.users.confirmButton.enable" },
  grantAdmin: {
    message: "admin.users.confirm.grantAdmin",
    button: "admin.users.confirmButton.grantAdmin",
  },
  revokeAdmin: {
    message: "admin.users.confirm.revokeAdmin",
    button: "admin.users.confirmButton.revokeAdmin",
  },
};

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const here = useHere();
  const paginationLabels = usePaginationLabels();
  const { users, q, selfId, done } = loaderData;
  const result = actionData as ActionData | undefined;
  const confirm = result && "confirm" in result ? result.confirm : null;
  const error = result && "error" in result ? result.error : null;
  // The first POST jumps to the confirmation, which appears under the row.
  const askAction = `${here.href}#admin-confirm`;
  const confirmPanel = confirm && (
    <ConfirmPanel
      message={t(CONFIRM_TEXT[confirm.intent].message, {
        name: confirm.user.name,
        email: confirm.user.email,
      })}
      fields={{ intent: confirm.intent, userId: confirm.user.id }}
      confirmLabel={t(CONFIRM_TEXT[confirm.intent].button)}
      danger={confirm.intent === "disable" || confirm.intent === "revokeAdmin"}
    />
  );
  const confirmInRow = confirm && users.rows.some((row) => row.id === confirm.user.id);
  const rowForm = (userId: string, intent: UserIntent, label: MessageKey, className: string) => (
    <Form method="post" action={askAction}>
      <input type="hidden" name="userId" value={userId} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className={`btn btn-sm ${className}`}
        data-testid={`user-action-${intent}`}
      >
        {t(label)}
      </button>
    </Form>
  );
  return (
    <>
      <h1 className="h2">{t("admin.users.title")}</h1>
      <DoneAlert message={done ? t(`admin.users.done.${done}`) : null} />
      <ErrorAlert message={error ? t(error) : null} />
      {confirm && !confirmInRow && <div className="mb-3">{confirmPanel}</div>}
      <Form method="get" role="search" className="row g-2 align-items-end mb-3" key={q}>
        <div className="col-sm-8 col-lg-6">
          <label htmlFor="admin-user-search" className="form-label">
            {t("admin.users.search")}
          </label>
          <input
            id="admin-user-search"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={USER_SEARCH_MAX}
            className="form-control"
            placeholder={t("admin.users.searchHint")}
            data-testid="user-search"
          />
        </div>
        <div className="col-auto d-flex gap-2">
          <button type="submit" className="btn btn-primary" data-testid="user-search-submit">
            {t("admin.search")}
          </button>
          {q && (
            <Link to={here.pathname} className="btn btn-outline-secondary">
              {t("admin.clearSearch")}
            </Link>
          )}
        </div>
      </Form>
      <p className="text-secondary" data-testid="user-count">
        {q
          ? t("admin.users.foundFor", { count: users.total, q })
          : t("admin.users.count", { count: users.total })}
      </p>
      {users.rows.length === 0 ? (
        <p data-testid="user-empty">{q ? t("admin.users.noMatch") : t("admin.users.none")}</p>
      ) : (
        <div className="table-responsive">
          <table className="table align-middle" data-testid="user-table">
            <thead>
              <tr>
                <th scope="col">{t("admin.users.name")}</th>
                <th scope="col">{t("admin.users.email")}</th>
                <th scope="col">{t("admin.users.role")}</th>
                <th scope="col">{t("admin.users.status")}</th>
                <th scope="col">{t("admin.users.joined")}</th>
                <th scope="col">{t("admin.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {users.rows.map((row) => (
                <Fragment key={row.id}>
                  <tr data-testid="user-row" data-user-id={row.id}>
                    <td>{row.name}</td>
                    <td className="text-break">
                      {row.email}
                      {!row.emailVerified && (
                        <span className="badge text-bg-light ms-1">
                          {t("admin.users.unverified")}
                        </span>
                      )}
                    </td>
                    <td>
                      <span
                        className={`badge ${row.role === "admin" ? "text-bg-primary" : "text-bg-secondary"}`}
                      >
                        {t(`admin.users.role.${row.role}`)}
                      </span>
                    </td>
                    <td>
                      <span
                        className={`badge ${row.banned ? "text-bg-danger" : "text-bg-success"}`}
                        data-testid="user-status"
                      >
                        {row.banned ? t("admin.users.disabled") : t("admin.users.active")}
                      </span>
                    </td>
                    <td className="text-nowrap">{formatDateTime(row.createdAt, lang)}</td>
                    <td>
                      {row.id === selfId ? (
                        <span className="small text-secondary">{t("admin.users.you")}</span>
                      ) : (
                        <div className="d-flex flex-wrap gap-2">
                          {row.banned
                            ? rowForm(row.id, "enable", "admin.users.enable", "btn-outline-success")
                            : rowForm(
                                row.id,
                                "disable",
                                "admin.users.disable",
                                "btn-outline-danger",
                              )}
                          {row.role === "admin"
                            ? rowForm(
                                row.id,
                                "revokeAdmin",
                                "admin.users.revokeAdmin",
                                "btn-outline-secondary",
                              )
                            : rowForm(
                                row.id,
                                "grantAdmin",
                                "admin.users.grantAdmin",
                                "btn-outline-primary",
                              )}
                        </div>
                      )}
                    </td>
                  </tr>
                  {confirm?.user.id === row.id && (
                    <tr>
                      <td colSpan={6}>{confirmPanel}</td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        page={users.page}
        pageCount={users.pageCount}
        labels={paginationLabels}
        search={here.search}
      />
    </>
  );
}
