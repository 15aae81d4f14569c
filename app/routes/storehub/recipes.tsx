import { Button } from "react-bootstrap";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/recipes";
import { appContext } from "~/context";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht } from "~/lib/money";
import {
  getRecipe,
  listRecipes,
  recipeItemChoices,
  recipeText,
  saveRecipe,
  STOCK_WRITERS,
} from "~/modules/stock/index.server";
import { Notice, storehubMeta } from "~/features/storehub/storehub-ui";
import { FieldNotes } from "~/ui/text-field";
import { ShopChangedNotice, ShopIdField } from "~/features/shops/shop-form";
import { storehubOf, storehubRoles } from "~/routes/_gates/storehub.server";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";

/*
 * Recipes (decision 0087): an item made of other items, typed one component a line as
 * `SKU ปริมาณ`. The list shows what one costs at the components' average cost and how many can
 * still be made from the stock on hand.
 */

interface ActionResult {
  text: string;
  error: MessageKey;
  params: Record<string, string | number>;
}

// Only the roles that change stock open this page (the area admits its readers).
export const middleware: Route.MiddlewareFunction[] = [storehubRoles(STOCK_WRITERS)];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shopId } = await storehubOf(context, request);
  const { db } = context.get(appContext);
  const [recipes, items] = await Promise.all([
    listRecipes(db, shopId),
    recipeItemChoices(db, shopId),
  ]);
  const itemParam = url.searchParams.get("item");
  const chosenId = itemParam === null ? null : Number(itemParam);
  // Only an item of this shop is opened; another shop's id is simply not found.
  const chosen = chosenId === null ? null : (items.find((i) => i.id === chosenId) ?? null);
  if (itemParam !== null && !chosen) throw data(null, { status: 404 });
  const components = chosen ? await getRecipe(db, shopId, chosen.id) : [];
  return {
    formShopId: shopId,
    recipes,
    items,
    chosen,
    text: recipeText(components),
    saved: url.searchParams.get("saved") === "1",
  };
}

export const action = keepFormOnShopChange(async function action({
  request,
  context,
}: Route.ActionArgs) {
  const { shopId } = await storehubOf(context, request);
  const { db, logger } = context.get(appContext);
  const form = await request.formData();
  const itemValue = form.get("item");
  const textValue = form.get("components");
  const text = typeof textValue === "string" ? textValue.slice(0, 4_000) : "";
  const itemId =
    typeof itemValue === "string" && /^\d{1,15}$/.test(itemValue) ? Number(itemValue) : null;
  const fail = (error: MessageKey, params: Record<string, string | number> = {}, status = 400) =>
    data<ActionResult>({ text, error, params }, { status });
  if (itemId === null) return fail("storehub.recipes.error.noItem", {}, 404);
  const result = await saveRecipe(db, shopId, itemId, text);
  if (!result.ok) {
    return fail(
      result.error as MessageKey,
      { line: result.line ?? 0, sku: result.sku ?? "" },
      result.error === "storehub.recipes.error.noItem" ? 404 : 400,
    );
  }
  logger.info({ shopId, itemId, components: result.componentCount }, "recipe saved");
  return redirect(`/storehub/recipes?item=${itemId}&saved=1`);
});

export const meta: Route.MetaFunction = ({ matches, location }) =>
  storehubMeta(matches, location.pathname, "storehub.recipes.title");

export default function Recipes({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const result = actionData as ActionResult | undefined;
  const { recipes, items, chosen, saved } = loaderData;
  const error = result ? t(result.error, result.params) : undefined;
  return (
    <>
      <h1 className="h2">{t("storehub.recipes.title")}</h1>
      <p className="text-secondary">{t("storehub.recipes.intro")}</p>
      <ShopChangedNotice />
      {recipes.length > 0 && (
        <div className="table-responsive">
          <table className="table align-middle" data-testid="recipe-list">
            <caption className="caption-top">{t("storehub.recipes.listCaption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("storehub.recipes.item")}</th>
                <th scope="col" className="text-end">
                  {t("storehub.recipes.components")}
                </th>
                <th scope="col" className="text-end">
                  {t("storehub.recipes.cost")}
                </th>
                <th scope="col" className="text-end">
                  {t("storehub.recipes.canMake")}
                </th>
              </tr>
            </thead>
            <tbody>
              {recipes.map((recipe) => (
                <tr key={recipe.itemId} data-testid="recipe-row" data-sku={recipe.sku}>
                  <th scope="row">
                    <Link to={`/storehub/recipes?item=${recipe.itemId}`}>{recipe.name}</Link>
                  </th>
                  <td className="text-end">{recipe.componentCount}</td>
                  <td className="text-end">{formatBaht(recipe.costSatang, lang)}</td>
                  <td className="text-end" data-testid="recipe-can-make">
                    {t("storehub.recipes.canMakeValue", {
                      count: recipe.canMake,
                      unit: recipe.unit,
                    })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Form method="get" className="row g-2 align-items-end mb-3">
        <div className="col-sm-8 col-md-6">
          <label htmlFor="recipes-item" className="form-label">
            {t("storehub.recipes.chooseItem")}
          </label>
          <select
            id="recipes-item"
            name="item"
            className="form-select"
            defaultValue={chosen?.id ?? ""}
            key={chosen?.id ?? "none"}
          >
            <option value="" disabled>
              {t("storehub.recipes.choosePrompt")}
            </option>
            {items.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name} ({item.sku})
              </option>
            ))}
          </select>
        </div>
        <div className="col-auto">
          <Button type="submit" variant="outline-primary" data-testid="recipes-open">
            {t("storehub.recipes.open")}
          </Button>
        </div>
      </Form>
      {saved && !result && chosen && (
        <Notice variant="success" testId="recipe-saved">
          {t("storehub.recipes.saved", { name: chosen.name })}
        </Notice>
      )}
      {chosen && (
        <Form method="post" noValidate className="storehub-form" key={chosen.id}>
          <ShopIdField />
          <input type="hidden" name="item" value={chosen.id} />
          <h2 className="h5">{t("storehub.recipes.recipeOf", { name: chosen.name })}</h2>
          <label htmlFor="recipes-components" className="form-label">
            {t("storehub.recipes.componentsLabel")}
          </label>
          <textarea
            id="recipes-components"
            name="components"
            rows={6}
            className={`form-control font-monospace${error ? " is-invalid" : ""}`}
            defaultValue={result?.text ?? loaderData.text}
            placeholder={t("storehub.recipes.example")}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "recipes-components-error" : "recipes-components-hint"}
          />
          <FieldNotes
            id="recipes-components"
            name="components"
            hint={t("storehub.recipes.hint")}
            error={error}
          />
          <Button type="submit" disabled={busy} className="mt-2" data-testid="recipe-save">
            {t("storehub.recipes.save")}
          </Button>
        </Form>
      )}
    </>
  );
}
