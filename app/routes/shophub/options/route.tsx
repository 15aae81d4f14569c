import { Alert, Card } from "react-bootstrap";
import { useNavigation } from "react-router";
import type { Route } from "./+types/route";
import { appContext } from "~/context";
import { ShopChangedNotice } from "~/features/shops/shop-form";
import { shopsMeta, StatusAlert } from "~/layout/shops-page";
import type { MessageKey } from "~/lib/i18n";
import { useT } from "~/lib/i18n/use-translation";
import {
  keepFormOnNetworkError,
  skipRevalidationAfterNetworkFailure,
} from "~/lib/keep-form-on-network-error";
import { listOptionGroups } from "~/modules/sales/index.server";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { GroupCard } from "./group-card";
import { GroupForm } from "./group-form";
import { runOptionPost } from "./option-action.server";
import type { OptionsFailure } from "./option-failure";

/*
 * The shop's option groups (issue 37, decision 0092): ความหวาน (pick exactly one), ท็อปปิ้ง
 * (pick any, each +10 บาท)... their choices, what a choice consumes from stock (an extra shot:
 * 18 g of beans), and the items that ask them. The owner and managers set them; the till asks
 * them in one dialog when such an item is sold.
 */

export const middleware: Route.MiddlewareFunction[] = [chosenShop(["owner", "manager"])];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const groups = await listOptionGroups(db, shop.id);
  return { shop: { id: shop.id, name: shop.name }, groups, done: url.searchParams.get("done") };
}

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

export const action = keepFormOnShopChange(async function action({
  request,
  context,
}: Route.ActionArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  return runOptionPost(db, shop.id, await request.formData());
});

export const clientAction = keepFormOnNetworkError;
export const shouldRevalidate = skipRevalidationAfterNetworkFailure;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  shopsMeta(matches, location.pathname, "shops.options.title");

export default function OptionGroups({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const failure = actionData as OptionsFailure | undefined;
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
