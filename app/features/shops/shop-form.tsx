import { Form, useActionData, useLoaderData, useLocation, useRouteLoaderData } from "react-router";
import { useT } from "~/lib/i18n/use-translation";
import { isShopChangedResult, SHOP_FORM_FIELD } from "~/modules/shops";

interface RootShops {
  activeShopId?: string | null;
  shops?: { id: string; name: string }[];
}

/**
 * The shop this page was rendered for: the `formShopId` its own loader returned (the data the
 * form shows; after a client-side navigation the root's data may be older), else the active
 * shop as the root loader resolved it.
 */
export function useFormShopId(): string {
  const page = useLoaderData() as { formShopId?: unknown } | undefined;
  const root = useRouteLoaderData("root") as RootShops | undefined;
  if (typeof page?.formShopId === "string") return page.formShopId;
  return root?.activeShopId ?? "";
}

/**
 * The hidden `shopId` field of every form that changes a shop's data: the server refuses the
 * post (409) when it is not the shop the action would change (app/routes/_gates/shop-form.server.ts).
 * `shopId` defaults to the active shop; a page opened for a named shop passes that one.
 */
export function ShopIdField({ shopId }: { shopId?: string }) {
  const active = useFormShopId();
  return <input type="hidden" name={SHOP_FORM_FIELD} value={shopId ?? active} />;
}

/**
 * The message shown when a post was refused because the active shop changed after the page
 * was rendered (another tab switched it): nothing was saved, the form keeps what was typed,
 * and the member may switch back to the shop the form was made for.
 */
export function ShopChangedNotice() {
  const t = useT();
  const location = useLocation();
  const root = useRouteLoaderData("root") as RootShops | undefined;
  const result = useActionData();
  if (!isShopChangedResult(result)) return null;
  const { sentShopId, current } = result.shopChanged;
  const sent = root?.shops?.find((shop) => shop.id === sentShopId && shop.id !== current.id);
  return (
    <div className="alert alert-warning" role="alert" data-testid="shop-changed">
      <p className="mb-2">{t("shopForm.changed", { shop: current.name })}</p>
      {sent && (
        <Form method="post" action="/shophub/switch" className="d-inline">
          <input type="hidden" name="shop" value={sent.id} />
          <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
          <button type="submit" className="btn btn-sm btn-warning" data-testid="shop-switch-back">
            {t("shopForm.switchBack", { shop: sent.name })}
          </button>
        </Form>
      )}
    </div>
  );
}
