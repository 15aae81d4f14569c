import { Alert, Badge, Button, Card } from "react-bootstrap";
import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/route";
import { appContext } from "~/context";
import { ShopChangedNotice, ShopIdField } from "~/features/shops/shop-form";
import { shopsMeta, StatusAlert } from "~/layout/shops-page";
import { readForm, type FieldErrors, type FormValues } from "~/lib/forms/read-form";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import {
  keepFormOnNetworkError,
  skipRevalidationAfterNetworkFailure,
} from "~/lib/keep-form-on-network-error";
import { formatBaht } from "~/lib/money";
import { formatQuantityMilli } from "~/lib/quantity";
import {
  OPTION_MAX_CHOICES,
  readOptionChoiceForm,
  readOptionGroupForm,
  readSkuList,
} from "~/modules/sales";
import {
  attachOptionGroup,
  deleteOptionChoice,
  deleteOptionGroup,
  detachOptionGroup,
  listOptionGroups,
  type OptionWriteError,
  saveOptionChoice,
  saveOptionGroup,
} from "~/modules/sales/index.server";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { TextField } from "~/ui/text-field";

/*
 * The shop's option groups (issue 37, decision 0092): ความหวาน (pick exactly one), ท็อปปิ้ง
 * (pick any, each +10 บาท)... their choices, what a choice consumes from stock (an extra shot:
 * 18 g of beans), and the items that ask them. The owner and managers set them; the till asks
 * them in one dialog when such an item is sold.
 */

export const middleware: Route.MiddlewareFunction[] = [chosenShop(["owner", "manager"])];

const PATH = "/shophub/options";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const groups = await listOptionGroups(db, shop.id);
  return { shop: { id: shop.id, name: shop.name }, groups, done: url.searchParams.get("done") };
}

const id = z.coerce.number().int().positive();
const text = (max: number) => z.string().max(max, "shops.options.error.tooLong");
const groupFields = { name: text(200), min: text(10), max: text(10) };
const choiceFields = { name: text(200), price: text(30), stockSku: text(100), stockQty: text(30) };

const optionFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("createGroup"), ...groupFields }),
  z.object({ intent: z.literal("updateGroup"), groupId: id, ...groupFields }),
  z.object({ intent: z.literal("deleteGroup"), groupId: id }),
  z.object({ intent: z.literal("addChoice"), groupId: id, ...choiceFields }),
  z.object({ intent: z.literal("updateChoice"), groupId: id, choiceId: id, ...choiceFields }),
  z.object({ intent: z.literal("deleteChoice"), choiceId: id }),
  z.object({ intent: z.literal("attach"), groupId: id, skus: text(2000) }),
  z.object({ intent: z.literal("detach"), groupId: id, itemId: id }),
]);

const WRITE_REFUSALS: Record<OptionWriteError, [field: string, key: MessageKey]> = {
  nameTaken: ["name", "shops.options.error.nameTaken"],
  notFound: ["form", "shops.options.error.notFound"],
  stockSkuUnknown: ["stockSku", "shops.options.error.stockSkuUnknown"],
  stockWhole: ["stockQty", "shops.options.error.stockWhole"],
  stockIsItem: ["stockSku", "shops.options.error.stockIsItem"],
};

const DONE: Record<string, MessageKey> = {
  createGroup: "shops.options.done.createGroup",
  updateGroup: "shops.options.done.updateGroup",
  deleteGroup: "shops.options.done.deleteGroup",
  addChoice: "shops.options.done.addChoice",
  updateChoice: "shops.options.done.updateChoice",
  deleteChoice: "shops.options.done.deleteChoice",
  attach: "shops.options.done.attach",
  detach: "shops.options.done.detach",
};

interface Failure {
  errors: FieldErrors;
  values: FormValues;
  /** Which form the refusal is for (its fields keep what was typed). */
  target: string;
  unknownSkus?: string[];
}

/** The form a post came from: a new group, a group, a group's new choice, a choice, attaching. */
function targetOf(values: FormValues): string {
  switch (values.intent) {
    case "createGroup":
      return "group-new";
    case "updateGroup":
      return `group-${values.groupId}`;
    case "addChoice":
      return `choice-new-${values.groupId}`;
    case "updateChoice":
      return `choice-${values.choiceId}`;
    case "attach":
      return `attach-${values.groupId}`;
    default:
      return "form";
  }
}

export const action = keepFormOnShopChange(async function action({
  request,
  context,
}: Route.ActionArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const parsed = readForm(await request.formData(), optionFormSchema);
  if (!parsed.ok) {
    return data<Failure>(
      { errors: parsed.errors, values: parsed.values, target: targetOf(parsed.values) },
      { status: 400 },
    );
  }
  const form = parsed.data;
  const target = targetOf(parsed.values);
  const refuse = (errors: FieldErrors, status = 400, extra: Partial<Failure> = {}) =>
    data<Failure>({ errors, values: parsed.values, target, ...extra }, { status });
  const refuseWrite = (error: OptionWriteError) => {
    const [field, key] = WRITE_REFUSALS[error];
    return refuse({ [field]: key }, error === "notFound" ? 404 : 400);
  };
  const back = (done: string) =>
    redirect(`${PATH}?shop=${encodeURIComponent(shop.id)}&done=${done}`);

  switch (form.intent) {
    case "createGroup":
    case "updateGroup": {
      const read = readOptionGroupForm(form);
      if (!read.ok) return refuse(read.errors);
      const saved = await saveOptionGroup(
        db,
        shop.id,
        read.group,
        form.intent === "updateGroup" ? form.groupId : undefined,
      );
      return saved.ok ? back(form.intent) : refuseWrite(saved.error);
    }
    case "deleteGroup":
      return (await deleteOptionGroup(db, shop.id, form.groupId))
        ? back("deleteGroup")
        : refuseWrite("notFound");
    case "addChoice":
    case "updateChoice": {
      const read = readOptionChoiceForm(form);
      if (!read.ok) return refuse(read.errors);
      const saved = await saveOptionChoice(
        db,
        shop.id,
        form.groupId,
        read.choice,
        form.intent === "updateChoice" ? form.choiceId : undefined,
      );
      return saved.ok ? back(form.intent) : refuseWrite(saved.error);
    }
    case "deleteChoice":
      return (await deleteOptionChoice(db, shop.id, form.choiceId))
        ? back("deleteChoice")
        : refuseWrite("notFound");
    case "attach": {
      const skus = readSkuList(form.skus);
      if (skus.length === 0) return refuse({ skus: "shops.options.error.skusEmpty" });
      if (skus.length > 200) return refuse({ skus: "shops.options.error.tooLong" });
      const attached = await attachOptionGroup(db, shop.id, form.groupId, skus);
      if (attached.ok) return back("attach");
      if (attached.error === "stockIsItem") {
        return refuse({ skus: "shops.options.error.skusUsedByChoice" }, 400, {
          unknownSkus: attached.skus,
        });
      }
      return attached.unknown.length > 0
        ? refuse({ skus: "shops.options.error.skusUnknown" }, 400, {
            unknownSkus: attached.unknown,
          })
        : refuseWrite("notFound");
    }
    case "detach":
      return (await detachOptionGroup(db, shop.id, form.groupId, form.itemId))
        ? back("detach")
        : refuseWrite("notFound");
  }
});

export const clientAction = keepFormOnNetworkError;
export const shouldRevalidate = skipRevalidationAfterNetworkFailure;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  shopsMeta(matches, location.pathname, "shops.options.title");

type LoaderGroup = Route.ComponentProps["loaderData"]["groups"][number];

export default function OptionGroups({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const failure = actionData as Failure | undefined;
  const { shop, groups, done } = loaderData;
  const busy = navigation.state === "submitting";
  return (
    <>
      <h1 className="h2">{t("shops.options.title")}</h1>
      <p className="text-secondary">{shop.name}</p>
      <p className="lead text-secondary">{t("shops.options.lead")}</p>
      <ShopChangedNotice />
      <StatusAlert message={done && DONE[done] ? t(DONE[done]) : null} />
      {failure?.errors.form && (
        <Alert variant="danger" data-testid="options-error">
          {t(failure.errors.form)}
        </Alert>
      )}
      <Card className="mb-4">
        <Card.Body>
          <h2 className="h5">{t("shops.options.add.heading")}</h2>
          <GroupForm shopId={shop.id} failure={failure} busy={busy} group={null} />
        </Card.Body>
      </Card>
      {groups.length === 0 ? (
        <Alert variant="secondary" data-testid="options-none">
          {t("shops.options.none")}
        </Alert>
      ) : (
        groups.map((group) => (
          <GroupCard key={group.id} shopId={shop.id} group={group} failure={failure} busy={busy} />
        ))
      )}
    </>
  );
}

function FailureValue(failure: Failure | undefined, target: string) {
  const mine = failure?.target === target ? failure : undefined;
  return {
    value: (name: string, fallback: string) => (mine ? (mine.values[name] ?? "") : fallback),
    error: (name: string) => mine?.errors[name],
  };
}

function GroupForm({
  shopId,
  failure,
  busy,
  group,
}: {
  shopId: string;
  failure: Failure | undefined;
  busy: boolean;
  group: LoaderGroup | null;
}) {
  const t = useT();
  const target = group ? `group-${group.id}` : "group-new";
  const f = FailureValue(failure, target);
  const err = (name: string) => {
    const key = f.error(name);
    return key ? t(key as MessageKey) : undefined;
  };
  return (
    <Form method="post" noValidate className="d-flex flex-wrap gap-2 align-items-start">
      <ShopIdField shopId={shopId} />
      <input type="hidden" name="intent" value={group ? "updateGroup" : "createGroup"} />
      {group && <input type="hidden" name="groupId" value={group.id} />}
      <TextField
        idPrefix={target}
        name="name"
        label={t("shops.options.field.groupName")}
        hint={t("shops.options.field.groupNameHint")}
        maxLength={60}
        defaultValue={f.value("name", group?.name ?? "")}
        error={err("name")}
        data-testid="option-group-name"
      />
      <TextField
        idPrefix={target}
        name="min"
        label={t("shops.options.field.min")}
        hint={t("shops.options.field.minHint")}
        inputMode="numeric"
        defaultValue={f.value("min", String(group?.min ?? 0))}
        error={err("min")}
        data-testid="option-group-min"
      />
      <TextField
        idPrefix={target}
        name="max"
        label={t("shops.options.field.max")}
        hint={t("shops.options.field.maxHint", { n: String(OPTION_MAX_CHOICES) })}
        inputMode="numeric"
        defaultValue={f.value("max", String(group?.max ?? 1))}
        error={err("max")}
        data-testid="option-group-max"
      />
      <Button
        type="submit"
        disabled={busy}
        className="mt-4"
        variant={group ? "outline-primary" : "primary"}
        data-testid={group ? "option-group-save" : "option-group-add"}
      >
        {group ? t("shops.options.save") : t("shops.options.add.submit")}
      </Button>
    </Form>
  );
}

function ChoiceForm({
  shopId,
  groupId,
  choice,
  failure,
  busy,
}: {
  shopId: string;
  groupId: number;
  choice: LoaderGroup["choices"][number] | null;
  failure: Failure | undefined;
  busy: boolean;
}) {
  const t = useT();
  const target = choice ? `choice-${choice.id}` : `choice-new-${groupId}`;
  const f = FailureValue(failure, target);
  const err = (name: string) => {
    const key = f.error(name);
    return key ? t(key as MessageKey) : undefined;
  };
  return (
    <Form
      method="post"
      noValidate
      className="d-flex flex-wrap gap-2 align-items-start"
      data-testid={choice ? "option-choice" : "option-choice-new"}
      data-name={choice?.name}
    >
      <ShopIdField shopId={shopId} />
      <input type="hidden" name="intent" value={choice ? "updateChoice" : "addChoice"} />
      <input type="hidden" name="groupId" value={groupId} />
      {choice && <input type="hidden" name="choiceId" value={choice.id} />}
      <TextField
        idPrefix={target}
        name="name"
        label={t("shops.options.field.choiceName")}
        maxLength={60}
        defaultValue={f.value("name", choice?.name ?? "")}
        error={err("name")}
        data-testid="option-choice-name"
      />
      <TextField
        idPrefix={target}
        name="price"
        label={t("shops.options.field.price")}
        hint={t("shops.options.field.priceHint")}
        inputMode="decimal"
        defaultValue={f.value("price", choice ? String(choice.priceSatang / 100) : "")}
        error={err("price")}
        data-testid="option-choice-price"
      />
      <TextField
        idPrefix={target}
        name="stockSku"
        label={t("shops.options.field.stockSku")}
        hint={t("shops.options.field.stockSkuHint")}
        defaultValue={f.value("stockSku", choice?.stock?.sku ?? "")}
        error={err("stockSku")}
        data-testid="option-choice-stock-sku"
      />
      <TextField
        idPrefix={target}
        name="stockQty"
        label={t("shops.options.field.stockQty")}
        hint={
          choice?.stock
            ? t("shops.options.field.stockQtyUnit", { unit: choice.stock.unit })
            : t("shops.options.field.stockQtyHint")
        }
        inputMode="decimal"
        defaultValue={f.value(
          "stockQty",
          choice?.stock ? String(choice.stock.qtyMilli / 1000) : "",
        )}
        error={err("stockQty")}
        data-testid="option-choice-stock-qty"
      />
      <Button
        type="submit"
        disabled={busy}
        className="mt-4"
        variant="outline-primary"
        data-testid={choice ? "option-choice-save" : "option-choice-add"}
      >
        {choice ? t("shops.options.save") : t("shops.options.addChoice")}
      </Button>
    </Form>
  );
}

function GroupCard({
  shopId,
  group,
  failure,
  busy,
}: {
  shopId: string;
  group: LoaderGroup;
  failure: Failure | undefined;
  busy: boolean;
}) {
  const t = useT();
  const lang = useLang();
  const attach = FailureValue(failure, `attach-${group.id}`);
  const attachError = attach.error("skus");
  const rule =
    group.min === 0
      ? t("shops.options.rule.optional", { max: String(group.max) })
      : group.min === group.max
        ? t("shops.options.rule.exactly", { n: String(group.min) })
        : t("shops.options.rule.range", { min: String(group.min), max: String(group.max) });
  return (
    <Card className="mb-4" data-testid="option-group" data-name={group.name}>
      <Card.Body>
        <h2 className="h4">
          {group.name}{" "}
          <Badge
            bg={group.min > 0 ? "warning" : "secondary"}
            text={group.min > 0 ? "dark" : undefined}
          >
            {group.min > 0 ? t("shops.options.required") : t("shops.options.optional")}
          </Badge>
        </h2>
        <p className="text-secondary">{rule}</p>
        <GroupForm shopId={shopId} failure={failure} busy={busy} group={group} />
        <h3 className="h5 mt-4">{t("shops.options.choices.heading")}</h3>
        {group.choices.length === 0 && (
          <p className="text-secondary">{t("shops.options.choices.none")}</p>
        )}
        <ul className="list-unstyled">
          {group.choices.map((choice) => (
            <li key={choice.id} className="border-bottom pb-2 mb-2">
              <p className="mb-1">
                <strong>{choice.name}</strong>{" "}
                {choice.priceSatang > 0 && <span>+{formatBaht(choice.priceSatang, lang)}</span>}{" "}
                {choice.stock && (
                  <span className="text-secondary small">
                    {t("shops.options.consumes", {
                      qty: formatQuantityMilli(choice.stock.qtyMilli, lang),
                      unit: choice.stock.unit,
                      item: choice.stock.name,
                    })}
                  </span>
                )}
              </p>
              <ChoiceForm
                shopId={shopId}
                groupId={group.id}
                choice={choice}
                failure={failure}
                busy={busy}
              />
              <Form method="post" noValidate>
                <ShopIdField shopId={shopId} />
                <input type="hidden" name="intent" value="deleteChoice" />
                <input type="hidden" name="choiceId" value={choice.id} />
                <Button
                  type="submit"
                  size="sm"
                  variant="link"
                  className="text-danger p-0"
                  disabled={busy}
                >
                  {t("shops.options.deleteChoice", { name: choice.name })}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
        <h4 className="h6">{t("shops.options.addChoice.heading")}</h4>
        <ChoiceForm
          shopId={shopId}
          groupId={group.id}
          choice={null}
          failure={failure}
          busy={busy}
        />
        <h3 className="h5 mt-4">{t("shops.options.items.heading")}</h3>
        {group.items.length === 0 ? (
          <p className="text-secondary">{t("shops.options.items.none")}</p>
        ) : (
          <ul className="list-unstyled" data-testid="option-group-items">
            {group.items.map((item) => (
              <li key={item.id} className="d-flex gap-2 align-items-center mb-1">
                <span>
                  {item.name} <span className="text-secondary small">{item.sku}</span>
                </span>
                <Form method="post" noValidate>
                  <ShopIdField shopId={shopId} />
                  <input type="hidden" name="intent" value="detach" />
                  <input type="hidden" name="groupId" value={group.id} />
                  <input type="hidden" name="itemId" value={item.id} />
                  <Button
                    type="submit"
                    size="sm"
                    variant="link"
                    className="text-danger"
                    disabled={busy}
                  >
                    {t("shops.options.detach", { name: item.name })}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <Form method="post" noValidate className="d-flex flex-wrap gap-2 align-items-start">
          <ShopIdField shopId={shopId} />
          <input type="hidden" name="intent" value="attach" />
          <input type="hidden" name="groupId" value={group.id} />
          <TextField
            idPrefix={`attach-${group.id}`}
            name="skus"
            label={t("shops.options.field.skus")}
            hint={t("shops.options.field.skusHint")}
            defaultValue={attach.value("skus", "")}
            error={
              attachError
                ? t(attachError as MessageKey, { skus: (failure?.unknownSkus ?? []).join(", ") })
                : undefined
            }
            data-testid="option-attach-skus"
          />
          <Button
            type="submit"
            disabled={busy}
            className="mt-4"
            variant="outline-primary"
            data-testid="option-attach"
          >
            {t("shops.options.attach")}
          </Button>
        </Form>
        <Form method="post" noValidate className="mt-4">
          <ShopIdField shopId={shopId} />
          <input type="hidden" name="intent" value="deleteGroup" />
          <input type="hidden" name="groupId" value={group.id} />
          <Button
            type="submit"
            variant="outline-danger"
            disabled={busy}
            data-testid="option-group-delete"
          >
            {t("shops.options.deleteGroup", { name: group.name })}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
