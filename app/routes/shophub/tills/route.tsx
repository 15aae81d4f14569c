import { Alert, Badge, Button, Table } from "react-bootstrap";
import { data, useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/route";
import { appContext } from "~/context";
import { ShopChangedNotice, ShopIdField } from "~/features/shops/shop-form";
import { shopsMeta } from "~/layout/shops-page";
import { formatDateTime } from "~/lib/dates";
import { readForm, type FieldErrors } from "~/lib/forms/read-form";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { type BoundTill, MAX_POS_NUMBER, MAX_TILL_NAME, type TillRefusal } from "~/modules/tills";
import {
  bindTillDevice,
  createClaimCode,
  listTills,
  refusedTillSales,
  registerTill,
  releaseTillDevice,
  setTillRetired,
  updateTill,
} from "~/modules/tills/index.server";
import { flaggedSales } from "~/modules/sales/index.server";
import { memberOf } from "~/routes/_gates/member.server";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { TextField } from "~/ui/text-field";
import { FlaggedSales } from "./flagged-sales";
import { deviceName } from "./device-name";
import { RefusedSales } from "./refused-sales";
import { ThisDeviceTill } from "./this-device";

/*
 * The shop's registered tills (issue 34, decision 0071): owners and managers register them with
 * the POS number the Revenue Department assigned, rename, retire, release a lost device, show a
 * one-time code for a cashier's device, or make the browser they are on a till.
 */

export const middleware: Route.MiddlewareFunction[] = [chosenShop(["owner", "manager"])];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const [tills, flagged, refused] = await Promise.all([
    listTills(db, shop.id),
    flaggedSales(db, shop.id),
    refusedTillSales(db, shop.id),
  ]);
  return {
    shop: { id: shop.id, name: shop.name },
    flagged: flagged.map((row) => ({ ...row, soldAt: row.soldAt.toISOString() })),
    refused: refused.map((row) => ({ ...row, refusedAt: row.refusedAt.toISOString() })),
    tills: tills.map((row) => ({
      ...row,
      deviceBoundAt: row.deviceBoundAt?.toISOString() ?? null,
    })),
  };
}

const name = z
  .string()
  .trim()
  .min(1, "shops.tills.error.name")
  .max(MAX_TILL_NAME, "shops.tills.error.name");
const posNumber = z
  .string()
  .trim()
  .max(MAX_POS_NUMBER, "shops.tills.error.posNumber")
  .regex(/^[0-9A-Za-z-]*$/, "shops.tills.error.posNumber");
const tillId = z.uuid({ message: "shops.tills.error.notFound" });

const tillFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("register"), name, posNumber }),
  z.object({ intent: z.literal("update"), tillId, name, posNumber }),
  z.object({ intent: z.enum(["retire", "restore", "release", "code"]), tillId }),
  z.object({ intent: z.literal("bind"), tillId, deviceLabel: z.string().max(200) }),
]);

/** What the page gets back: `done` names what was done (the site's convention). */
export type TillAnswer =
  | { ok: true; done: "code"; tillId: string; code: string; expiresAt: string }
  | { ok: true; done: "bind"; bound: BoundTill }
  | { ok: true; done: "register" | "update" | "retire" | "restore" | "release" }
  | { ok: false; errors: FieldErrors; formError?: MessageKey; values: Record<string, string> };

const REFUSAL_TEXT = {
  notFound: "shops.tills.error.notFound",
  boundElsewhere: "shops.tills.error.boundElsewhere",
  badCode: "shops.tills.error.badCode",
  tooManyTries: "shops.tills.error.tooManyTries",
  badRequest: "shops.tills.error.badRequest",
  nameTaken: "shops.tills.error.nameTaken",
} as const satisfies Record<TillRefusal, MessageKey>;

export const action = keepFormOnShopChange(async function action({
  request,
  context,
}: Route.ActionArgs) {
  const { shop, role } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const actor = { shopId: shop.id, userId: memberOf(context).id, role };
  const parsed = readForm(await request.formData(), tillFormSchema);
  if (!parsed.ok) {
    return data<TillAnswer>(
      { ok: false, errors: parsed.errors, values: parsed.values },
      { status: 400 },
    );
  }
  const form = parsed.data;
  const refused = (error: TillRefusal) =>
    data<TillAnswer>(
      error === "nameTaken"
        ? { ok: false, errors: { name: REFUSAL_TEXT.nameTaken }, values: parsed.values }
        : { ok: false, errors: {}, formError: REFUSAL_TEXT[error], values: parsed.values },
      { status: error === "notFound" ? 404 : 409 },
    );
  switch (form.intent) {
    case "register": {
      const result = await registerTill(db, actor, form);
      return result.ok
        ? ({ ok: true, done: "register" } satisfies TillAnswer)
        : refused(result.error);
    }
    case "update": {
      const result = await updateTill(db, actor, form);
      return result.ok
        ? ({ ok: true, done: "update" } satisfies TillAnswer)
        : refused(result.error);
    }
    case "retire":
    case "restore": {
      const result = await setTillRetired(db, actor, {
        tillId: form.tillId,
        retired: form.intent === "retire",
      });
      return result.ok
        ? ({ ok: true, done: form.intent } satisfies TillAnswer)
        : refused(result.error);
    }
    case "release": {
      const result = await releaseTillDevice(db, actor, form.tillId);
      return result.ok
        ? ({ ok: true, done: "release" } satisfies TillAnswer)
        : refused(result.error);
    }
    case "code": {
      const result = await createClaimCode(db, actor, form.tillId);
      if (!result.ok) return refused(result.error);
      return {
        ok: true,
        done: "code",
        tillId: form.tillId,
        code: result.value.code,
        expiresAt: result.value.expiresAt.toISOString(),
      } satisfies TillAnswer;
    }
    case "bind": {
      const result = await bindTillDevice(db, actor, form);
      return result.ok
        ? ({ ok: true, done: "bind", bound: result.value } satisfies TillAnswer)
        : refused(result.error);
    }
  }
});

export const meta: Route.MetaFunction = ({ matches, location }) =>
  shopsMeta(matches, location.pathname, "shops.tills.title");

export default function Tills({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { shop, tills, flagged, refused } = loaderData;
  const fetcher = useFetcher<TillAnswer>({ key: "tills" });
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const failure = answer && !answer.ok ? answer : null;
  const error = (field: string) => {
    const key = failure?.errors[field];
    return key ? t(key) : undefined;
  };
  const busy = fetcher.state !== "idle";
  const post = (fields: Record<string, string>) =>
    fetcher.submit({ shopId: shop.id, ...fields }, { method: "post" });
  return (
    <>
      <h1 className="h2">{t("shops.tills.title")}</h1>
      <p className="text-secondary">{shop.name}</p>
      <p className="lead text-secondary">{t("shops.tills.lead")}</p>
      <ShopChangedNotice />
      <ThisDeviceTill
        shopId={shop.id}
        tills={tills}
        justBound={answer && answer.ok && answer.done === "bind" ? answer.bound : null}
      />
      {failure?.formError && (
        <Alert variant="danger" data-testid="tills-error">
          {t(failure.formError)}
        </Alert>
      )}
      {answer?.ok && answer.done === "code" && (
        <Alert variant="info" data-testid="tills-code">
          {t("shops.tills.code.shown", {
            code: answer.code,
            time: formatDateTime(answer.expiresAt, lang),
          })}
        </Alert>
      )}
      <Table responsive data-testid="tills-list">
        <thead>
          <tr>
            <th scope="col">{t("shops.tills.col.code")}</th>
            <th scope="col">{t("shops.tills.col.name")}</th>
            <th scope="col">{t("shops.tills.col.posNumber")}</th>
            <th scope="col">{t("shops.tills.col.device")}</th>
            <th scope="col">{t("shops.tills.col.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {tills.map((row) => (
            <tr key={row.id} data-testid="tills-row">
              <td>
                {row.code}{" "}
                {row.status === "retired" && (
                  <Badge bg="secondary">{t("shops.tills.retired")}</Badge>
                )}
              </td>
              <td>{row.name}</td>
              <td>{row.posNumber || "—"}</td>
              <td>
                {row.bound
                  ? t("shops.tills.device.bound", {
                      device: deviceName(row.deviceLabel ?? ""),
                      time: row.deviceBoundAt ? formatDateTime(row.deviceBoundAt, lang) : "",
                    })
                  : t("shops.tills.device.none")}
                {(row.deviceStorage === "refused" || row.deviceStorage === "unsupported") && (
                  <p
                    className="small text-warning-emphasis mb-0"
                    data-testid="tills-storage-refused"
                  >
                    {t("shops.tills.device.storageRefused")}
                  </p>
                )}
              </td>
              <td className="d-flex flex-wrap gap-1">
                {row.status === "active" && !row.bound && (
                  <>
                    <Button
                      size="sm"
                      disabled={busy}
                      onClick={() =>
                        post({ intent: "bind", tillId: row.id, deviceLabel: navigator.userAgent })
                      }
                      data-testid="tills-bind"
                    >
                      {t("shops.tills.bind")}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-primary"
                      disabled={busy}
                      onClick={() => post({ intent: "code", tillId: row.id })}
                    >
                      {t("shops.tills.code.make")}
                    </Button>
                  </>
                )}
                {row.bound && (
                  <Button
                    size="sm"
                    variant="outline-danger"
                    disabled={busy}
                    onClick={() => {
                      if (window.confirm(t("shops.tills.release.confirm", { name: row.name }))) {
                        void post({ intent: "release", tillId: row.id });
                      }
                    }}
                  >
                    {t("shops.tills.release")}
                  </Button>
                )}
                <details>
                  <summary className="btn btn-sm btn-outline-secondary">
                    {t("shops.tills.edit")}
                  </summary>
                  <fetcher.Form method="post" noValidate className="mt-2">
                    <ShopIdField shopId={shop.id} />
                    <input type="hidden" name="intent" value="update" />
                    <input type="hidden" name="tillId" value={row.id} />
                    <TextField
                      idPrefix={`till-${row.code}`}
                      name="name"
                      label={t("shops.tills.field.name")}
                      maxLength={MAX_TILL_NAME}
                      defaultValue={row.name}
                    />
                    <TextField
                      idPrefix={`till-${row.code}`}
                      name="posNumber"
                      label={t("shops.tills.field.posNumber")}
                      maxLength={MAX_POS_NUMBER}
                      defaultValue={row.posNumber}
                    />
                    <Button type="submit" size="sm" disabled={busy}>
                      {t("shops.tills.save")}
                    </Button>
                  </fetcher.Form>
                </details>
                <Button
                  size="sm"
                  variant="outline-secondary"
                  disabled={busy}
                  onClick={() =>
                    post({ intent: row.status === "active" ? "retire" : "restore", tillId: row.id })
                  }
                >
                  {t(row.status === "active" ? "shops.tills.retire" : "shops.tills.restore")}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>

      <h2 className="h5 mt-4">{t("shops.tills.register.title")}</h2>
      <fetcher.Form method="post" noValidate className="account-form" data-testid="tills-register">
        <ShopIdField shopId={shop.id} />
        <input type="hidden" name="intent" value="register" />
        <TextField
          name="name"
          label={t("shops.tills.field.name")}
          maxLength={MAX_TILL_NAME}
          defaultValue={failure?.values.intent === "register" ? failure.values.name : ""}
          error={failure?.values.intent === "register" ? error("name") : undefined}
        />
        <TextField
          name="posNumber"
          label={t("shops.tills.field.posNumber")}
          hint={t("shops.tills.field.posNumberHint")}
          maxLength={MAX_POS_NUMBER}
          defaultValue={failure?.values.intent === "register" ? failure.values.posNumber : ""}
          error={failure?.values.intent === "register" ? error("posNumber") : undefined}
        />
        <Button type="submit" disabled={busy} data-testid="tills-register-submit">
          {t("shops.tills.register.submit")}
        </Button>
      </fetcher.Form>
      <RefusedSales rows={refused} />
      <FlaggedSales shopId={shop.id} rows={flagged} />
    </>
  );
}
