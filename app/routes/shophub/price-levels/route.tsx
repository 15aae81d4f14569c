import { Alert, Button, Card, Form as BsForm, Table } from "react-bootstrap";
import { data, Form, Link, redirect, useNavigation } from "react-router";
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
import { levelBreaksText, readLevelPriceForm } from "~/modules/sales";
import {
  createPriceLevel,
  deletePriceLevel,
  itemsAtLevel,
  listPriceLevels,
  type PriceLevelError,
  setItemLevelPrices,
} from "~/modules/sales/index.server";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { TextField } from "~/ui/text-field";

/*
 * The shop's price levels (issue 37, decision 0089): ราคาส่ง, สมาชิก... besides the items' own
 * prices (ราคาปลีก), and each item's price at a level with its quantity breaks. The owner and
 * managers set them; the till sells a bill at one.
 */

export const middleware: Route.MiddlewareFunction[] = [chosenShop(["owner", "manager"])];

const PATH = "/shophub/price-levels";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const levels = await listPriceLevels(db, shop.id);
  const wanted = Number(url.searchParams.get("level"));
  const level = levels.find((l) => l.id === wanted) ?? null;
  const search = (url.searchParams.get("q") ?? "").slice(0, 100);
  const items = level ? await itemsAtLevel(db, shop.id, level.id, search) : [];
  return {
    shop: { id: shop.id, name: shop.name },
    levels,
    level,
    search,
    done: url.searchParams.get("done"),
    items: items.map((item) => ({
      id: item.id,
      name: item.name,
      sku: item.sku,
      unit: item.unit,
      retailSatang: item.retailSatang,
      price: item.breaks[0] ? String(item.breaks[0].priceSatang / 100) : "",
      breaks: levelBreaksText(item.breaks),
    })),
  };
}

const levelFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("create"),
    name: z
      .string()
      .trim()
      .min(1, "shops.priceLevels.error.nameEmpty")
      .max(60, "shops.priceLevels.error.nameTooLong"),
  }),
  z.object({ intent: z.literal("delete"), levelId: z.coerce.number().int().positive() }),
  z.object({
    intent: z.literal("setPrices"),
    levelId: z.coerce.number().int().positive(),
    itemId: z.coerce.number().int().positive(),
    price: z.string().max(30, "shops.priceLevels.error.price"),
    breaks: z.string().max(500, "shops.priceLevels.error.breaks"),
  }),
]);

const LEVEL_REFUSALS: Record<PriceLevelError, MessageKey> = {
  nameEmpty: "shops.priceLevels.error.nameEmpty",
  nameTooLong: "shops.priceLevels.error.nameTooLong",
  nameTaken: "shops.priceLevels.error.nameTaken",
  notFound: "shops.priceLevels.error.notFound",
};

const DONE: Record<string, MessageKey> = {
  create: "shops.priceLevels.done.create",
  delete: "shops.priceLevels.done.delete",
  prices: "shops.priceLevels.done.prices",
};

interface Failure {
  errors: FieldErrors;
  values: FormValues;
  /** The item row the refusal is for (its form keeps what was typed). */
  itemId?: number;
}

export const action = keepFormOnShopChange(async function action({
  request,
  context,
}: Route.ActionArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const parsed = readForm(await request.formData(), levelFormSchema);
  if (!parsed.ok) {
    return data<Failure>({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  }
  const form = parsed.data;
  const back = (done: string, levelId?: number) =>
    redirect(
      `${PATH}?shop=${encodeURIComponent(shop.id)}${levelId ? `&level=${levelId}` : ""}&done=${done}`,
    );
  if (form.intent === "create") {
    const result = await createPriceLevel(db, shop.id, form.name);
    if (!result.ok) {
      return data<Failure>(
        { errors: { name: LEVEL_REFUSALS[result.error] }, values: parsed.values },
        { status: 400 },
      );
    }
    return back("create", result.level.id);
  }
  if (form.intent === "delete") {
    const gone = await deletePriceLevel(db, shop.id, form.levelId);
    if (!gone) {
      return data<Failure>(
        { errors: { form: "shops.priceLevels.error.notFound" }, values: parsed.values },
        { status: 404 },
      );
    }
    return back("delete");
  }
  const read = readLevelPriceForm(form.price, form.breaks);
  if (!read.ok) {
    return data<Failure>(
      { errors: read.errors, values: parsed.values, itemId: form.itemId },
      { status: 400 },
    );
  }
  const saved = await setItemLevelPrices(db, shop.id, form.levelId, form.itemId, read.breaks);
  if (!saved) {
    return data<Failure>(
      { errors: { form: "shops.priceLevels.error.notFound" }, values: parsed.values },
      { status: 404 },
    );
  }
  return back("prices", form.levelId);
});

export const clientAction = keepFormOnNetworkError;
export const shouldRevalidate = skipRevalidationAfterNetworkFailure;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  shopsMeta(matches, location.pathname, "shops.priceLevels.title");

export default function PriceLevels({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const navigation = useNavigation();
  const failure = actionData as Failure | undefined;
  const { shop, levels, level, items, search, done } = loaderData;
  const busy = navigation.state === "submitting";
  const shopQuery = `shop=${encodeURIComponent(shop.id)}`;
  const rowFailure = (itemId: number) => (failure?.itemId === itemId ? failure : undefined);
  return (
    <>
      <h1 className="h2">{t("shops.priceLevels.title")}</h1>
      <p className="text-secondary">{shop.name}</p>
      <p className="lead text-secondary">{t("shops.priceLevels.lead")}</p>
      <ShopChangedNotice />
      <StatusAlert message={done && DONE[done] ? t(DONE[done]) : null} />
      {failure?.errors.form && (
        <Alert variant="danger" data-testid="price-levels-error">
          {t(failure.errors.form)}
        </Alert>
      )}
      {levels.length === 0 ? (
        <Alert variant="secondary" data-testid="price-levels-none">
          {t("shops.priceLevels.none")}
        </Alert>
      ) : (
        <ul className="list-inline" data-testid="price-levels-list">
          {levels.map((l) => (
            <li key={l.id} className="list-inline-item mb-2">
              <Link
                className={`btn ${level?.id === l.id ? "btn-primary" : "btn-outline-primary"}`}
                to={`${PATH}?${shopQuery}&level=${l.id}`}
                aria-current={level?.id === l.id ? "page" : undefined}
              >
                {l.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Card className="mb-4">
        <Card.Body>
          <h2 className="h5">{t("shops.priceLevels.add.heading")}</h2>
          <Form method="post" noValidate className="d-flex flex-wrap gap-2 align-items-start">
            <ShopIdField shopId={shop.id} />
            <input type="hidden" name="intent" value="create" />
            <TextField
              name="name"
              label={t("shops.priceLevels.field.name")}
              hint={t("shops.priceLevels.field.nameHint")}
              maxLength={60}
              defaultValue={failure?.values.intent === "create" ? failure.values.name : ""}
              error={
                failure?.values.intent === "create" && failure.errors.name
                  ? t(failure.errors.name)
                  : undefined
              }
              data-testid="price-level-name"
            />
            <Button type="submit" disabled={busy} className="mt-4" data-testid="price-level-add">
              {t("shops.priceLevels.add.submit")}
            </Button>
          </Form>
        </Card.Body>
      </Card>
      {level && (
        <section aria-labelledby="level-prices">
          <h2 className="h4" id="level-prices">
            {t("shops.priceLevels.prices.heading", { name: level.name })}
          </h2>
          <p className="text-secondary">{t("shops.priceLevels.prices.lead")}</p>
          <Form method="get" className="d-flex gap-2 mb-3" role="search">
            <input type="hidden" name="shop" value={shop.id} />
            <input type="hidden" name="level" value={level.id} />
            <BsForm.Control
              name="q"
              type="search"
              defaultValue={search}
              maxLength={100}
              aria-label={t("shops.priceLevels.search")}
              placeholder={t("shops.priceLevels.search")}
            />
            <Button type="submit" variant="outline-primary">
              {t("shops.priceLevels.searchButton")}
            </Button>
          </Form>
          <Table responsive data-testid="price-level-items">
            <thead>
              <tr>
                <th>{t("shops.priceLevels.col.item")}</th>
                <th className="text-end">{t("shops.priceLevels.col.retail")}</th>
                <th>{t("shops.priceLevels.col.prices")}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => {
                const f = rowFailure(item.id);
                return (
                  <tr key={item.id} data-testid="price-level-item" data-sku={item.sku}>
                    <td>
                      {item.name}
                      <div className="small text-secondary">{item.sku}</div>
                    </td>
                    <td className="text-end">{formatBaht(item.retailSatang, lang)}</td>
                    <td>
                      <Form method="post" noValidate className="d-flex flex-wrap gap-2">
                        <ShopIdField shopId={shop.id} />
                        <input type="hidden" name="intent" value="setPrices" />
                        <input type="hidden" name="levelId" value={level.id} />
                        <input type="hidden" name="itemId" value={item.id} />
                        <TextField
                          idPrefix={`item-${item.id}`}
                          name="price"
                          label={t("shops.priceLevels.field.price")}
                          hint={t("shops.priceLevels.field.priceHint")}
                          inputMode="decimal"
                          defaultValue={f ? f.values.price : item.price}
                          error={f?.errors.price ? t(f.errors.price) : undefined}
                          data-testid="price-level-price"
                        />
                        <TextField
                          idPrefix={`item-${item.id}`}
                          name="breaks"
                          label={t("shops.priceLevels.field.breaks", { unit: item.unit })}
                          hint={t("shops.priceLevels.field.breaksHint")}
                          defaultValue={f ? f.values.breaks : item.breaks}
                          error={f?.errors.breaks ? t(f.errors.breaks) : undefined}
                          data-testid="price-level-breaks"
                        />
                        <Button
                          type="submit"
                          variant="outline-primary"
                          className="align-self-center"
                          disabled={busy}
                          data-testid="price-level-save"
                        >
                          {t("shops.priceLevels.save")}
                        </Button>
                      </Form>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
          <Form method="post" noValidate>
            <ShopIdField shopId={shop.id} />
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="levelId" value={level.id} />
            <Button type="submit" variant="outline-danger" disabled={busy}>
              {t("shops.priceLevels.delete", { name: level.name })}
            </Button>
          </Form>
        </section>
      )}
    </>
  );
}
