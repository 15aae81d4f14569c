import { data, Form, Link, redirect, useLocation, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/notice";
import { appContext } from "~/context";
import { adminMeta, ConfirmPanel, DoneAlert, ErrorAlert } from "~/layout/admin-page";
import { formatDateTime, toBangkokLocalInput } from "~/lib/dates";
import { flagField, INT4_MAX, optionalIdField, readId } from "~/lib/forms/fields";
import { readForm } from "~/lib/forms/read-form";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { memberOf } from "~/routes/_gates/member.server";
import {
  parseNoticeForm,
  type NoticeErrors,
  type NoticeField,
  type NoticeValues,
  NOTICE_BODY_MAX,
  NOTICE_LEVELS,
  NOTICE_TITLE_MAX,
  noticeState,
  type NoticeState,
} from "~/modules/notices";
import {
  createNotice,
  deleteNotice,
  getNotice,
  listNotices,
  updateNotice,
} from "~/modules/notices/index.server";
import { noticePushedAt, queueNoticePush } from "~/modules/push/index.server";

const DONE = ["created", "updated", "deleted"] as const;
type Done = (typeof DONE)[number];
const EMPTY: NoticeValues = {
  title: "",
  body: "",
  titleEn: "",
  bodyEn: "",
  level: "info",
  startsAt: "",
  endsAt: "",
};

/** Which button was pressed, on which notice (none: a new one). */
const noticeIntentSchema = z.object({
  intent: z.enum(["save", "delete"], { error: "admin.error.badRequest" }),
  id: optionalIdField(INT4_MAX),
  confirmed: flagField(),
});

export async function loader({ context, url }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const rawId = url.searchParams.get("id");
  const editId = readId(rawId, INT4_MAX);
  const editing = editId ? await getNotice(db, editId) : null;
  const pushedAt = editing ? await noticePushedAt(db, editing.id) : null;
  if (rawId !== null && !editing) throw data("ไม่พบประกาศนี้ / Notice not found", { status: 404 });
  const now = new Date();
  const notices = (await listNotices(db)).map((notice) => ({
    id: notice.id,
    title: notice.title,
    level: notice.level,
    startsAt: notice.startsAt,
    endsAt: notice.endsAt,
    updatedAt: notice.updatedAt,
    state: noticeState(notice, now),
  }));
  const done = url.searchParams.get("done");
  return {
    notices,
    editing: editing
      ? {
          id: editing.id,
          values: {
            title: editing.title,
            body: editing.body,
            titleEn: editing.titleEn ?? "",
            bodyEn: editing.bodyEn ?? "",
            level: editing.level,
            startsAt: toBangkokLocalInput(editing.startsAt),
            endsAt: toBangkokLocalInput(editing.endsAt),
          } satisfies NoticeValues,
          /** When it was last pushed (the push queue keeps 30 days). */
          pushedAt: pushedAt?.toISOString() ?? null,
        }
      : null,
    done: (DONE as readonly string[]).includes(done ?? "") ? (done as Done) : null,
  };
}

type ActionData =
  | { values: NoticeValues; errors: NoticeErrors; push: boolean }
  | { error: MessageKey }
  | { confirmDelete: { id: number; title: string } };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = memberOf(context);
  const { db, logger } = context.get(appContext);
  const form = await request.formData();
  const read = readForm(form, noticeIntentSchema);
  if (!read.ok) return data<ActionData>({ error: "admin.error.badRequest" }, { status: 400 });
  const { intent, id, confirmed } = read.data;
  if (intent === "save") {
    const parsed = parseNoticeForm(form);
    if (!parsed.ok) {
      return data<ActionData>(
        { values: parsed.values, errors: parsed.errors, push: form.get("push") === "on" },
        { status: 400 },
      );
    }
    // Marked "push": also sent to the devices that take the site's notices (decision 0078).
    const push = form.get("push") === "on";
    if (id) {
      if (!(await updateNotice(db, id, parsed.input))) {
        return data<ActionData>({ error: "admin.notices.notFound" }, { status: 404 });
      }
      if (push) await queueNoticePush(db, { id, ...parsed.input });
      logger.info({ adminId: admin.id, noticeId: id, push }, "admin updated a notice");
      return redirect("/admin/notice?done=updated");
    }
    const created = await createNotice(db, parsed.input, admin.id);
    if (push) await queueNoticePush(db, created);
    logger.info({ adminId: admin.id, noticeId: created.id, push }, "admin published a notice");
    return redirect("/admin/notice?done=created");
  }
  if (intent === "delete" && id) {
    const notice = await getNotice(db, id);
    if (!notice) return data<ActionData>({ error: "admin.notices.notFound" }, { status: 404 });
    if (!confirmed) {
      return data<ActionData>({ confirmDelete: { id, title: notice.title } });
    }
    await deleteNotice(db, id);
    logger.info({ adminId: admin.id, noticeId: id }, "admin deleted a notice");
    return redirect("/admin/notice?done=deleted");
  }
  return data<ActionData>({ error: "admin.error.badRequest" }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  adminMeta(matches, location.pathname, "admin.notices.title");

const STATE_BADGE: Record<NoticeState, string> = {
  active: "text-bg-success",
  scheduled: "text-bg-info",
  ended: "text-bg-secondary",
};

export default function AdminNotices({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const location = useLocation();
  const navigation = useNavigation();
  const { notices, editing, done } = loaderData;
  const result = actionData as ActionData | undefined;
  const failed = result && "errors" in result ? result : null;
  const confirmDelete = result && "confirmDelete" in result ? result.confirmDelete : null;
  const values = failed?.values ?? editing?.values ?? EMPTY;
  const errors = failed?.errors ?? {};
  const formAction = editing ? `/admin/notice?id=${editing.id}` : "/admin/notice";
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const fieldProps = (field: NoticeField) => ({
    id: `notice-${field}`,
    name: field,
    defaultValue: values[field],
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `notice-${field}-error` : undefined,
  });
  const fieldError = (field: NoticeField) =>
    errors[field] ? (
      <div id={`notice-${field}-error`} className="invalid-feedback d-block" data-error-for={field}>
        {t(errors[field])}
      </div>
    ) : null;
  const invalid = (field: NoticeField) => (errors[field] ? " is-invalid" : "");
  const period = (notice: (typeof notices)[number]) => {
    const from = notice.startsAt ? formatDateTime(notice.startsAt, lang) : t("admin.notices.now");
    const to = notice.endsAt ? formatDateTime(notice.endsAt, lang) : t("admin.notices.noEnd");
    return `${from} – ${to}`;
  };
  return (
    <>
      <h1 className="h2">{t("admin.notices.title")}</h1>
      <p className="text-secondary">{t("admin.notices.lead")}</p>
      <DoneAlert message={done ? t(`admin.notices.done.${done}`) : null} />
      <ErrorAlert message={result && "error" in result ? t(result.error) : null} />
      {confirmDelete && (
        <div className="mb-3">
          <ConfirmPanel
            message={t("admin.notices.confirmDelete", { title: confirmDelete.title })}
            fields={{ intent: "delete", id: String(confirmDelete.id) }}
            confirmLabel={t("admin.notices.confirmDeleteButton")}
          />
        </div>
      )}
      <div className="row g-4">
        <section className="col-lg-5" aria-labelledby="notice-form-title">
          <h2 id="notice-form-title" className="h4">
            {editing ? t("admin.notices.editTitle") : t("admin.notices.createTitle")}
          </h2>
          {failed && <div className="alert alert-danger">{t("admin.fixErrors")}</div>}
          <Form
            key={`${location.key}-${editing?.id ?? "new"}`}
            method="post"
            action={formAction}
            noValidate
            data-testid="notice-form"
          >
            {editing && <input type="hidden" name="id" value={editing.id} />}
            <div className="mb-3">
              <label htmlFor="notice-title" className="form-label">
                {t("admin.notices.field.title")}
              </label>
              <input
                type="text"
                maxLength={NOTICE_TITLE_MAX}
                className={`form-control${invalid("title")}`}
                {...fieldProps("title")}
              />
              {fieldError("title")}
            </div>
            <div className="mb-3">
              <label htmlFor="notice-body" className="form-label">
                {t("admin.notices.field.body")}
              </label>
              <textarea
                rows={4}
                maxLength={NOTICE_BODY_MAX}
                className={`form-control${invalid("body")}`}
                {...fieldProps("body")}
              />
              {fieldError("body")}
            </div>
            <fieldset className="mb-3">
              <legend className="form-label fs-6 mb-1">{t("admin.notices.english")}</legend>
              <p className="form-text mt-0 mb-2">{t("admin.notices.englishHint")}</p>
              <div className="mb-3">
                <label htmlFor="notice-titleEn" className="form-label">
                  {t("admin.notices.field.titleEn")}
                </label>
                <input
                  type="text"
                  lang="en"
                  maxLength={NOTICE_TITLE_MAX}
                  className={`form-control${invalid("titleEn")}`}
                  {...fieldProps("titleEn")}
                />
                {fieldError("titleEn")}
              </div>
              <label htmlFor="notice-bodyEn" className="form-label">
                {t("admin.notices.field.bodyEn")}
              </label>
              <textarea
                rows={3}
                lang="en"
                maxLength={NOTICE_BODY_MAX}
                className={`form-control${invalid("bodyEn")}`}
                {...fieldProps("bodyEn")}
              />
              {fieldError("bodyEn")}
            </fieldset>
            <div className="mb-3">
              <label htmlFor="notice-level" className="form-label">
                {t("admin.notices.field.level")}
              </label>
              <select className={`form-select${invalid("level")}`} {...fieldProps("level")}>
                {NOTICE_LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {t(`admin.notices.level.${level}`)}
                  </option>
                ))}
              </select>
              {fieldError("level")}
            </div>
            <p className="form-text mb-2" id="notice-schedule-hint">
              {t("admin.notices.scheduleHint")}
            </p>
            <div className="row g-3 mb-3">
              <div className="col-sm-6">
                <label htmlFor="notice-startsAt" className="form-label">
                  {t("admin.notices.field.startsAt")}
                </label>
                <input
                  type="datetime-local"
                  className={`form-control${invalid("startsAt")}`}
                  {...fieldProps("startsAt")}
                />
                {fieldError("startsAt")}
              </div>
              <div className="col-sm-6">
                <label htmlFor="notice-endsAt" className="form-label">
                  {t("admin.notices.field.endsAt")}
                </label>
                <input
                  type="datetime-local"
                  className={`form-control${invalid("endsAt")}`}
                  {...fieldProps("endsAt")}
                />
                {fieldError("endsAt")}
              </div>
            </div>
            <div className="form-check mb-3">
              <input
                id="notice-push"
                name="push"
                type="checkbox"
                className="form-check-input"
                defaultChecked={failed?.push ?? false}
              />
              <label htmlFor="notice-push" className="form-check-label">
                {t("admin.notices.field.push")}
              </label>
              {editing?.pushedAt && (
                <div className="form-text" data-testid="notice-pushed-at">
                  {t("admin.notices.pushedAt", { time: formatDateTime(editing.pushedAt, lang) })}
                </div>
              )}
            </div>
            <div className="d-flex flex-wrap gap-2">
              <button
                type="submit"
                name="intent"
                value="save"
                className="btn btn-primary"
                disabled={saving}
                data-testid="notice-save"
              >
                {saving
                  ? t("admin.saving")
                  : editing
                    ? t("admin.notices.saveChanges")
                    : t("admin.notices.publish")}
              </button>
              {editing && (
                <Link to="/admin/notice" className="btn btn-outline-secondary">
                  {t("admin.cancel")}
                </Link>
              )}
            </div>
          </Form>
        </section>
        <section className="col-lg-7" aria-labelledby="notice-list-title">
          <h2 id="notice-list-title" className="h4">
            {t("admin.notices.listTitle")}
          </h2>
          {notices.length === 0 ? (
            <p data-testid="notice-list-empty">{t("admin.notices.none")}</p>
          ) : (
            <ul className="list-group" data-testid="notice-list">
              {notices.map((notice) => (
                <li
                  key={notice.id}
                  className={`list-group-item${editing?.id === notice.id ? " list-group-item-primary" : ""}`}
                  data-testid="notice-row"
                  data-notice-id={notice.id}
                >
                  <div className="d-flex flex-wrap justify-content-between gap-2">
                    <strong>{notice.title}</strong>
                    <span>
                      <span className={`badge text-bg-${notice.level} me-1`}>
                        {t(`admin.notices.level.${notice.level}`)}
                      </span>
                      <span className={`badge ${STATE_BADGE[notice.state]}`}>
                        {t(`admin.notices.state.${notice.state}`)}
                      </span>
                    </span>
                  </div>
                  <p className="small text-secondary mb-2">{period(notice)}</p>
                  <div className="d-flex flex-wrap gap-2">
                    <Link
                      to={`/admin/notice?id=${notice.id}`}
                      className="btn btn-sm btn-outline-primary"
                      data-testid="notice-edit"
                    >
                      {t("admin.edit")}
                    </Link>
                    <Form method="post" action="/admin/notice">
                      <input type="hidden" name="id" value={notice.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="delete"
                        className="btn btn-sm btn-outline-danger"
                        data-testid="notice-delete"
                      >
                        {t("admin.delete")}
                      </button>
                    </Form>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
