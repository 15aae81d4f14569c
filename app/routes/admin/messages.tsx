import { data, Form, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/messages";
import { appContext } from "~/context";
import {
  adminMeta,
  DoneAlert,
  ErrorAlert,
  StatusFilters,
  useHere,
  usePaginationLabels,
} from "~/layout/admin-page";
import { formatDateTime } from "~/lib/dates";
import { idField, INT4_MAX } from "~/lib/forms/fields";
import { readForm } from "~/lib/forms/read-form";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { readPageNumber } from "~/lib/paging";
import { formatPhoneForDisplay } from "~/lib/phone";
import { listContactMessages, markContactMessageRead } from "~/modules/contact/index.server";
import { CONTACT_STATUSES, isContactStatus, type ContactStatus } from "~/modules/contact";
import { CONTACT_TOPICS } from "~/modules/contact";
import { memberOf } from "~/routes/_gates/member.server";
import { Pagination } from "~/ui/pagination";

export async function loader({ context, url }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const raw = url.searchParams.get("status");
  const status = isContactStatus(raw) ? raw : undefined;
  return {
    status: status ?? null,
    messages: await listContactMessages(db, { status, page: readPageNumber(url.searchParams) }),
    done: url.searchParams.get("done") === "read",
  };
}

const markReadSchema = z.object({
  intent: z.literal("markRead"),
  id: idField("admin.error.badRequest", INT4_MAX),
});

export async function action({ request, context, url }: Route.ActionArgs) {
  const admin = memberOf(context);
  const { db, logger } = context.get(appContext);
  const read = readForm(await request.formData(), markReadSchema);
  if (!read.ok) {
    return data<{ error: MessageKey }>({ error: "admin.error.badRequest" }, { status: 400 });
  }
  const { id } = read.data;
  if (!(await markContactMessageRead(db, id))) {
    return data<{ error: MessageKey }>({ error: "admin.messages.notFound" }, { status: 404 });
  }
  logger.info({ adminId: admin.id, messageId: id }, "admin read a contact message");
  const back = new URLSearchParams(url.search);
  back.set("done", "read");
  return redirect(`${url.pathname}?${back}#message-${id}`);
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  adminMeta(matches, location.pathname, "admin.messages.title");

function topicKey(topic: string): MessageKey | null {
  return (CONTACT_TOPICS as readonly string[]).includes(topic)
    ? (`contact.topic.${topic}` as MessageKey)
    : null;
}

export default function AdminMessages({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const here = useHere();
  const paginationLabels = usePaginationLabels();
  const { messages, status, done } = loaderData;
  const filters: { value: ContactStatus | null; label: string }[] = [
    { value: null, label: t("admin.filter.all") },
    ...CONTACT_STATUSES.map((s) => ({ value: s, label: t(`admin.messages.status.${s}`) })),
  ];
  return (
    <>
      <h1 className="h2">{t("admin.messages.title")}</h1>
      <DoneAlert message={done ? t("admin.messages.markedRead") : null} />
      <ErrorAlert message={actionData?.error ? t(actionData.error) : null} />
      <StatusFilters filters={filters} current={status} testIdPrefix="messages-filter" />
      <p className="text-secondary" data-testid="messages-count">
        {t("admin.messages.count", { count: messages.total })}
      </p>
      {messages.rows.length === 0 ? (
        <p data-testid="messages-empty">{t("admin.messages.none")}</p>
      ) : (
        <div className="list-group mb-3">
          {messages.rows.map((message) => {
            const topic = topicKey(message.topic);
            return (
              <article
                key={message.id}
                id={`message-${message.id}`}
                className="list-group-item"
                data-testid="message-row"
                data-status={message.status}
              >
                <div className="d-flex flex-wrap justify-content-between gap-2">
                  <h2 className="h6 mb-1">
                    {message.name}
                    {message.status === "new" && (
                      <span className="badge text-bg-warning ms-2">
                        {t("admin.messages.status.new")}
                      </span>
                    )}
                  </h2>
                  <span className="small text-secondary">
                    #{message.id} · {formatDateTime(message.createdAt, lang)}
                  </span>
                </div>
                <p className="small mb-1">
                  {topic ? t(topic) : message.topic}
                  {message.email && (
                    <>
                      {" · "}
                      <a href={`mailto:${message.email}`}>{message.email}</a>
                    </>
                  )}
                  {message.phone && (
                    <>
                      {" · "}
                      <a href={`tel:${message.phone}`}>{formatPhoneForDisplay(message.phone)}</a>
                    </>
                  )}
                </p>
                <p className="mb-2" style={{ whiteSpace: "pre-wrap" }}>
                  {message.message}
                </p>
                {message.status === "new" && (
                  <Form method="post" action={here.href} preventScrollReset>
                    <input type="hidden" name="id" value={message.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="markRead"
                      className="btn btn-sm btn-outline-primary"
                      data-testid="message-mark-read"
                    >
                      {t("admin.messages.markRead")}
                    </button>
                  </Form>
                )}
              </article>
            );
          })}
        </div>
      )}
      <Pagination page={messages.page} pageCount={messages.pageCount} labels={paginationLabels} />
    </>
  );
}
