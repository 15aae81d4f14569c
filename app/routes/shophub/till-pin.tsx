import { Alert, Button, Table } from "react-bootstrap";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/till-pin";
import { appContext } from "~/context";
import { OwnPinForm, type PinWords } from "~/features/shops/own-pin-form";
import { ShopChangedNotice, ShopIdField } from "~/features/shops/shop-form";
import { shopsMeta, StatusAlert } from "~/layout/shops-page";
import { formatDateTime } from "~/lib/dates";
import { readForm, type FieldErrors } from "~/lib/forms/read-form";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import {
  keepFormOnNetworkError,
  skipRevalidationAfterNetworkFailure,
} from "~/lib/keep-form-on-network-error";
import { TILL_PIN_PATTERN } from "~/modules/staff";
import { listTillPinMembers, setTillPin, unlockTillPin } from "~/modules/staff/index.server";
import { memberOf } from "~/routes/_gates/member.server";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";

/*
 * A member's own till PIN (issue 37, decision 0088): what they type at a shared till to take
 * it over, or to clock in and out. Every member sets their own; nobody sees another's, the
 * server keeps only its hash. Owners and managers also see who has one and unlock a PIN that
 * five wrong tries locked.
 */

export const middleware: Route.MiddlewareFunction[] = [
  chosenShop(["owner", "manager", "cashier", "stock"]),
];

const MANAGES = ["owner", "manager"] as const;
const manages = (role: string) => (MANAGES as readonly string[]).includes(role);

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shop, role } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const me = memberOf(context).id;
  const members = await listTillPinMembers(db, shop.id);
  const mine = members.find((member) => member.userId === me);
  return {
    shop: { id: shop.id, name: shop.name },
    hasPin: mine?.hasPin ?? false,
    lockedUntil: mine?.lockedUntil?.toISOString() ?? null,
    /** Owners and managers: everyone's PIN state (never a PIN). */
    members: manages(role)
      ? members.map((member) => ({
          userId: member.userId,
          name: member.name,
          hasPin: member.hasPin,
          lockedUntil: member.lockedUntil?.toISOString() ?? null,
        }))
      : null,
    done: url.searchParams.get("done"),
  };
}

const pinFormSchema = z.discriminatedUnion("intent", [
  z
    .object({
      intent: z.literal("set"),
      pin: z.string().trim().regex(TILL_PIN_PATTERN, "shops.staff.pin.error.format"),
      confirm: z.string().trim(),
    })
    .refine((form) => form.pin === form.confirm, {
      path: ["confirm"],
      message: "shops.staff.pin.error.confirm",
    }),
  z.object({ intent: z.literal("remove") }),
  z.object({ intent: z.literal("unlock"), userId: z.string().trim().min(1).max(100) }),
]);

interface Failure {
  errors: FieldErrors;
}

export const action = keepFormOnShopChange(async function action({
  request,
  context,
}: Route.ActionArgs) {
  const { shop, role } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const parsed = readForm(await request.formData(), pinFormSchema);
  if (!parsed.ok) return data<Failure>({ errors: parsed.errors }, { status: 400 });
  const input = parsed.data;
  const done = (what: string) =>
    redirect(`/shophub/till-pin?shop=${encodeURIComponent(shop.id)}&done=${what}`);
  if (input.intent === "unlock") {
    if (!manages(role)) throw data(null, { status: 403 });
    const unlocked = await unlockTillPin(db, shop.id, input.userId);
    if (!unlocked) {
      return data<Failure>({ errors: { form: "shops.staff.pin.error.noMember" } }, { status: 404 });
    }
    return done("unlock");
  }
  const pin = input.intent === "set" ? input.pin : null;
  const result = await setTillPin(db, shop.id, memberOf(context).id, pin);
  if (!result.ok) {
    const key: MessageKey =
      result.error === "guessable"
        ? "shops.staff.pin.error.guessable"
        : result.error === "notMember"
          ? "shops.staff.pin.error.noMember"
          : "shops.staff.pin.error.format";
    return data<Failure>({ errors: { pin: key } }, { status: 400 });
  }
  return done(input.intent);
});

export const clientAction = keepFormOnNetworkError;
export const shouldRevalidate = skipRevalidationAfterNetworkFailure;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  shopsMeta(matches, location.pathname, "shops.staff.pin.title");

const DONE_TEXT: Record<string, MessageKey> = {
  set: "shops.staff.pin.done.set",
  remove: "shops.staff.pin.done.remove",
  unlock: "shops.staff.pin.done.unlock",
};

/** The words of this page's PIN form (own-pin-form.tsx). */
const WORDS: PinWords = {
  pin: "shops.staff.pin.pin",
  pinHint: "shops.staff.pin.pinHint",
  confirm: "shops.staff.pin.confirm",
  set: "shops.staff.pin.set",
  change: "shops.staff.pin.change",
  remove: "shops.staff.pin.remove",
};

export default function TillPin({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const navigation = useNavigation();
  const failure = actionData as Failure | undefined;
  const error = (name: string) => {
    const key = failure?.errors[name];
    return key ? t(key) : undefined;
  };
  const { shop, hasPin, lockedUntil, members, done } = loaderData;
  const doneKey = done ? DONE_TEXT[done] : undefined;
  const busy = navigation.state === "submitting";
  return (
    <>
      <h1 className="h2">{t("shops.staff.pin.title")}</h1>
      <p className="text-secondary">{shop.name}</p>
      <p className="lead text-secondary">{t("shops.staff.pin.lead")}</p>
      <ShopChangedNotice />
      <StatusAlert message={failure || !doneKey ? null : t(doneKey)} />
      {error("form") && (
        <Alert variant="danger" role="alert">
          {error("form")}
        </Alert>
      )}
      <Alert variant={hasPin ? "success" : "secondary"} data-testid="till-pin-state">
        {t(hasPin ? "shops.staff.pin.state.set" : "shops.staff.pin.state.none")}
        {lockedUntil &&
          ` ${t("shops.staff.pin.state.locked", { until: formatDateTime(lockedUntil, lang) })}`}
      </Alert>
      <OwnPinForm
        shopId={shop.id}
        hasPin={hasPin}
        maxLength={6}
        words={WORDS}
        testId="till-pin"
        busy={busy}
        error={error}
      />
      {members && (
        <section className="mt-5" aria-labelledby="till-pin-members">
          <h2 id="till-pin-members" className="h4">
            {t("shops.staff.pin.members.heading")}
          </h2>
          <p className="text-secondary">
            <Link to={`/shophub/staff-hours?shop=${encodeURIComponent(shop.id)}`}>
              {t("shops.staff.hours.title")}
            </Link>
          </p>
          <Table responsive size="sm" data-testid="till-pin-members">
            <thead>
              <tr>
                <th scope="col">{t("shops.staff.pin.members.name")}</th>
                <th scope="col">{t("shops.staff.pin.members.state")}</th>
                <th scope="col" />
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.userId}>
                  <td>{member.name}</td>
                  <td>
                    {member.lockedUntil
                      ? t("shops.staff.pin.members.locked", {
                          until: formatDateTime(member.lockedUntil, lang),
                        })
                      : t(
                          member.hasPin
                            ? "shops.staff.pin.members.hasPin"
                            : "shops.staff.pin.members.noPin",
                        )}
                  </td>
                  <td>
                    {member.lockedUntil && (
                      <Form method="post">
                        <ShopIdField shopId={shop.id} />
                        <input type="hidden" name="intent" value="unlock" />
                        <input type="hidden" name="userId" value={member.userId} />
                        <Button type="submit" size="sm" variant="outline-primary" disabled={busy}>
                          {t("shops.staff.pin.members.unlock")}
                        </Button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </section>
      )}
    </>
  );
}
