import { Fragment } from "react";
import { Button } from "react-bootstrap";
import { data, Form, Link, redirect, useLocation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/members";
import { appContext } from "~/context";
import {
  ErrorAlert,
  SelectField,
  shopsMeta,
  ShopTabs,
  StatusAlert,
  useShopsPaginationLabels,
} from "~/layout/shops-page";
import { formatDate } from "~/lib/dates";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { readPageNumber } from "~/lib/paging";
import { flagField, idField } from "~/lib/forms/fields";
import { readForm, type FieldErrors } from "~/lib/forms/read-form";
import {
  cancelInvitation,
  inviteToShop,
  listPendingInvitations,
  changeMembership,
  findShopMember,
  listShopMembers,
} from "~/modules/shops/index.server";
import { inviteFormSchema, roleFormSchema, SHOP_ROLES } from "~/modules/shops";
import { TextField } from "~/ui/text-field";
import { Pagination } from "~/ui/pagination";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { ShopChangedNotice, ShopIdField } from "~/features/shops/shop-form";
import { INVITE_REFUSALS, MEMBERSHIP_REFUSALS } from "./errors";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";
import { memberOf } from "~/routes/_gates/member.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";

const INTENTS = ["invite", "role", "remove", "cancelInvite"] as const;
type Intent = (typeof INTENTS)[number];
const isIntent = (value: unknown): value is Intent =>
  typeof value === "string" && (INTENTS as readonly string[]).includes(value);

// Owners manage the members; the list itself (names and e-mails of the staff) is theirs too.
// The shop is the one the page was opened for (?shop=, else the active one).
export const middleware: Route.MiddlewareFunction[] = [chosenShop(["owner"])];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const member = memberOf(context);
  const { db } = context.get(appContext);
  const { shop } = await chosenShopOf(context, request);
  const [members, invitations] = await Promise.all([
    listShopMembers(db, shop.id, readPageNumber(url.searchParams)),
    listPendingInvitations(db, shop.id),
  ]);
  const now = Date.now();
  const done = url.searchParams.get("done");
  return {
    shop: { id: shop.id, name: shop.name },
    selfId: member.id,
    members,
    invitations: invitations.map((row) => ({
      ...row,
      expired: row.expiresAt.getTime() <= now,
    })),
    done: isIntent(done) ? done : null,
  };
}

type ActionData =
  | {
      intent: "invite";
      values: Record<string, string>;
      errors: FieldErrors;
      formError?: MessageKey;
      retryHours?: number;
    }
  | { intent: "role" | "remove" | "cancelInvite" | null; error: MessageKey; userId?: string }
  | { intent: "remove"; confirm: { userId: string; name: string; email: string } };

const intentSchema = z.object({ intent: z.enum(INTENTS) });
const removeSchema = z.object({
  userId: z.string().min(1, "shops.error.badRequest"),
  confirmed: flagField(),
});
const cancelInviteSchema = z.object({ invitationId: idField("shops.error.badRequest") });

/**
 * Invite, change a role, remove (after a confirmation), cancel an invitation. The shop is the
 * one the page was opened for (`?shop=`, else the active one), the form's `shopId` must name
 * it (409 otherwise), and the member must be its owner.
 */
export const action = keepFormOnShopChange(async function action({
  request,
  context,
}: Route.ActionArgs) {
  const member = memberOf(context);
  const { db, logger, publicOrigin } = context.get(appContext);
  // The shop the page was opened for; the form must name it (409 otherwise).
  const { shop } = await chosenShopOf(context, request);
  const form = await request.formData();
  const chosen = readForm(form, intentSchema);
  const intent = chosen.ok ? chosen.data.intent : null;
  const back = (done: Intent) =>
    redirect(`/shophub/members?shop=${encodeURIComponent(shop.id)}&done=${done}`);
  const fail = (error: MessageKey, status: number, userId?: string) =>
    data<ActionData>({ intent: intent !== "invite" ? intent : null, error, userId }, { status });

  switch (intent) {
    case "invite": {
      const parsed = readForm(form, inviteFormSchema);
      if (!parsed.ok) {
        return data<ActionData>(
          { intent, values: parsed.values, errors: parsed.errors },
          { status: 400 },
        );
      }
      const result = await inviteToShop(db, {
        shop,
        email: parsed.data.email,
        role: parsed.data.role,
        invitedBy: { id: member.id, name: member.name },
        origin: publicOrigin,
      });
      if (!result.ok && result.error === "already-member") {
        const refusal = INVITE_REFUSALS[result.error];
        return data<ActionData>(
          { intent, values: parsed.values, errors: { email: refusal.message } },
          { status: refusal.status },
        );
      }
      if (!result.ok) {
        const refusal = INVITE_REFUSALS[result.error];
        return data<ActionData>(
          {
            intent,
            values: parsed.values,
            errors: {},
            formError: refusal.message,
            retryHours: Math.ceil(result.retryAfterSeconds / 3600),
          },
          {
            status: refusal.status,
            headers: { "Retry-After": String(result.retryAfterSeconds) },
          },
        );
      }
      logger.info({ shopId: shop.id, by: member.id }, "shop invitation sent");
      return back("invite");
    }
    case "role": {
      const parsed = readForm(form, roleFormSchema);
      if (!parsed.ok) return fail("shops.error.badRequest", 400);
      const { userId, role } = parsed.data;
      const result = await changeMembership(db, shop.id, userId, { role });
      if (!result.ok) {
        const refusal = MEMBERSHIP_REFUSALS[result.error];
        return fail(refusal.message, refusal.status, userId);
      }
      // An owner who stepped down can no longer see this page.
      return userId === member.id && role !== "owner" ? redirect("/shophub") : back("role");
    }
    case "remove": {
      const read = readForm(form, removeSchema);
      if (!read.ok) return fail("shops.error.badRequest", 400);
      const { userId, confirmed } = read.data;
      if (!confirmed) {
        const found = await findShopMember(db, shop.id, userId);
        if (!found) return fail("shops.error.notMember", 404, userId);
        return data<ActionData>({
          intent,
          confirm: { userId, name: found.name, email: found.email },
        });
      }
      const result = await changeMembership(db, shop.id, userId, { remove: true });
      if (!result.ok) {
        const refusal = MEMBERSHIP_REFUSALS[result.error];
        return fail(refusal.message, refusal.status, userId);
      }
      return userId === member.id ? redirect("/shophub") : back("remove");
    }
    case "cancelInvite": {
      const read = readForm(form, cancelInviteSchema);
      if (!read.ok) return fail("shops.error.badRequest", 400);
      if (!(await cancelInvitation(db, shop.id, read.data.invitationId))) {
        return fail("shops.error.invitationNotFound", 404);
      }
      return back("cancelInvite");
    }
    default:
      return fail("shops.error.badRequest", 400);
  }
});

export const meta: Route.MetaFunction = ({ matches, location }) =>
  shopsMeta(matches, location.pathname, "shops.members.title");

export default function ShopMembers({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const location = useLocation();
  const paginationLabels = useShopsPaginationLabels();
  const { shop, selfId, members, invitations, done } = loaderData;
  const result = actionData as ActionData | undefined;
  const invite = result && "values" in result ? result : null;
  const error = result && "error" in result ? result : null;
  const confirm = result && "confirm" in result ? result.confirm : null;
  // Forms post to this page, keeping its page number but not the one-off "done" flag.
  const params = new URLSearchParams(location.search);
  params.delete("done");
  params.set("shop", shop.id);
  const here = `${location.pathname}?${params}`;
  const shopField = <ShopIdField shopId={shop.id} />;
  const inviteError = (field: string) => {
    const key = invite?.errors[field];
    return key ? t(key) : undefined;
  };

  return (
    <>
      <h1 className="h2">{t("shops.members.title")}</h1>
      <p className="text-secondary" data-testid="shop-name">
        {shop.name}
      </p>
      <ShopTabs shopId={shop.id} />
      <p className="lead text-secondary">{t("shops.members.lead")}</p>
      <p>
        {/* Till PINs (unlock) and the hours clocked at the tills (decision 0088). */}
        <Link to={`/shophub/till-pin?shop=${encodeURIComponent(shop.id)}`}>
          {t("shops.staff.pin.members.heading")}
        </Link>
        {" · "}
        <Link to={`/shophub/staff-hours?shop=${encodeURIComponent(shop.id)}`}>
          {t("shops.staff.hours.title")}
        </Link>
      </p>
      <ShopChangedNotice />
      <StatusAlert message={done ? t(`shops.members.done.${done}`) : null} />
      <ErrorAlert message={error ? t(error.error) : null} />

      <section className="mb-5" aria-labelledby="members-title">
        <h2 id="members-title" className="h4">
          {t("shops.members.count", { count: members.total })}
        </h2>
        <div className="table-responsive">
          <table className="table align-middle" data-testid="member-table">
            <thead>
              <tr>
                <th scope="col">{t("shops.members.name")}</th>
                <th scope="col">{t("shops.members.email")}</th>
                <th scope="col">{t("shops.members.role")}</th>
                <th scope="col">{t("shops.members.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {members.rows.map((row) => (
                <Fragment key={row.userId}>
                  <tr data-testid="member-row" data-email={row.email}>
                    <td>
                      {row.name}
                      {row.userId === selfId && (
                        <span className="badge text-bg-light ms-1">{t("shops.members.you")}</span>
                      )}
                    </td>
                    <td className="text-break">{row.email}</td>
                    <td data-testid="member-role">{t(`shops.role.${row.role}`)}</td>
                    <td>
                      <div className="d-flex flex-wrap gap-2 align-items-center">
                        <Form
                          method="post"
                          action={here}
                          className="d-flex gap-1 align-items-center"
                        >
                          {shopField}
                          <input type="hidden" name="intent" value="role" />
                          <input type="hidden" name="userId" value={row.userId} />
                          <label className="visually-hidden" htmlFor={`role-${row.userId}`}>
                            {t("shops.members.roleFor", { name: row.name })}
                          </label>
                          <select
                            id={`role-${row.userId}`}
                            name="role"
                            className="form-select form-select-sm w-auto"
                            defaultValue={row.role}
                            key={row.role}
                            data-testid="member-role-select"
                          >
                            {SHOP_ROLES.map((role) => (
                              <option key={role} value={role}>
                                {t(`shops.role.${role}`)}
                              </option>
                            ))}
                          </select>
                          <button
                            type="submit"
                            className="btn btn-sm btn-outline-primary text-nowrap"
                            data-testid="member-role-submit"
                          >
                            {t("shops.members.changeRole")}
                          </button>
                        </Form>
                        <Form method="post" action={`${here}#remove-confirm`}>
                          {shopField}
                          <input type="hidden" name="intent" value="remove" />
                          <input type="hidden" name="userId" value={row.userId} />
                          <button
                            type="submit"
                            className="btn btn-sm btn-outline-danger text-nowrap"
                            data-testid="member-remove"
                          >
                            {t("shops.members.remove")}
                          </button>
                        </Form>
                      </div>
                    </td>
                  </tr>
                  {confirm?.userId === row.userId && (
                    <tr>
                      <td colSpan={4}>
                        <ConfirmPanel
                          id="remove-confirm"
                          testId="remove-confirm"
                          submitTestId="remove-confirm-submit"
                          action={here}
                          message={
                            row.userId === selfId
                              ? t("shops.members.confirmRemoveSelf", { shop: shop.name })
                              : t("shops.members.confirmRemove", {
                                  name: confirm.name,
                                  email: confirm.email,
                                  shop: shop.name,
                                })
                          }
                          fields={{ shopId: shop.id, intent: "remove", userId: row.userId }}
                          confirmLabel={t("shops.members.confirmRemoveButton")}
                          cancelLabel={t("shops.cancel")}
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
        <Pagination page={members.page} pageCount={members.pageCount} labels={paginationLabels} />
      </section>

      <div className="row g-5">
        <section className="col-lg-6" aria-labelledby="invite-title">
          <h2 id="invite-title" className="h4">
            {t("shops.invite.title")}
          </h2>
          <p className="text-secondary">{t("shops.invite.lead")}</p>
          {invite?.formError && (
            <div className="alert alert-danger" role="alert" data-testid="invite-error">
              {t(invite.formError, { hours: invite.retryHours ?? 24 })}
            </div>
          )}
          <Form
            method="post"
            action={here}
            noValidate
            data-testid="invite-form"
            // Empty again after an invitation went out; kept as typed after a mistake.
            key={invite ? "failed" : (done ?? "")}
          >
            {shopField}
            <input type="hidden" name="intent" value="invite" />
            <TextField
              idPrefix="invite"
              name="email"
              type="email"
              autoComplete="off"
              label={t("shops.invite.email")}
              hint={t("shops.invite.emailHint")}
              defaultValue={invite?.values.email}
              error={inviteError("email")}
              required
            />
            <SelectField
              idPrefix="invite"
              name="role"
              label={t("shops.invite.role")}
              defaultValue={invite?.values.role ?? "cashier"}
              error={inviteError("role")}
            >
              {SHOP_ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`shops.role.${role}`)}
                </option>
              ))}
            </SelectField>
            <Button type="submit" data-testid="invite-submit">
              {t("shops.invite.submit")}
            </Button>
          </Form>
        </section>
        <section className="col-lg-6" aria-labelledby="roles-title">
          <h2 id="roles-title" className="h4">
            {t("shops.members.rolesTitle")}
          </h2>
          <dl>
            {SHOP_ROLES.map((role) => (
              <Fragment key={role}>
                <dt>{t(`shops.role.${role}`)}</dt>
                <dd className="text-secondary">{t(`shops.roleHelp.${role}`)}</dd>
              </Fragment>
            ))}
          </dl>
        </section>
      </div>

      <section className="mt-5" aria-labelledby="invitations-title">
        <h2 id="invitations-title" className="h4">
          {t("shops.invitations.title")}
        </h2>
        {invitations.length === 0 ? (
          <p className="text-secondary" data-testid="invitations-empty">
            {t("shops.invitations.none")}
          </p>
        ) : (
          <div className="table-responsive">
            <table className="table align-middle" data-testid="invitation-table">
              <thead>
                <tr>
                  <th scope="col">{t("shops.members.email")}</th>
                  <th scope="col">{t("shops.members.role")}</th>
                  <th scope="col">{t("shops.invitations.invitedAt")}</th>
                  <th scope="col">{t("shops.invitations.expiresAt")}</th>
                  <th scope="col">{t("shops.members.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {invitations.map((row) => (
                  <tr key={row.id} data-testid="invitation-row" data-email={row.email}>
                    <td className="text-break">{row.email}</td>
                    <td>{t(`shops.role.${row.role}`)}</td>
                    <td className="text-nowrap">{formatDate(row.createdAt, lang)}</td>
                    <td>
                      {row.expired ? (
                        <span className="badge text-bg-warning text-wrap">
                          {t("shops.invitations.expired")}
                        </span>
                      ) : (
                        <span className="text-nowrap">{formatDate(row.expiresAt, lang)}</span>
                      )}
                    </td>
                    <td>
                      <Form method="post" action={here}>
                        {shopField}
                        <input type="hidden" name="intent" value="cancelInvite" />
                        <input type="hidden" name="invitationId" value={row.id} />
                        <button
                          type="submit"
                          className="btn btn-sm btn-outline-secondary text-nowrap"
                          data-testid="invitation-cancel"
                        >
                          {t("shops.invitations.cancel")}
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
