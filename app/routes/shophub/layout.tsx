import { Link, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { areaMessagesOf } from "~/lib/i18n/messages.server";
import { useT } from "~/lib/i18n/use-translation";
import { shophubGate } from "~/routes/_gates/shophub.server";

// The gate admits signed-in members before any loader or action under it runs (middleware,
// unlike a layout's loader, also covers its children's loaders and actions).
export const middleware: Route.MiddlewareFunction[] = [shophubGate];

export function loader({ context }: Route.LoaderArgs) {
  return areaMessagesOf(context, "shops");
}

/** The frame of the shop management pages (new shop, members, settings). */
export default function ShopsLayout() {
  const t = useT();
  return (
    <div className="container py-4" data-testid="shops-area">
      <p className="small mb-2">
        <Link to="/shophub#my-shops">← {t("shops.backToShophub")}</Link>
      </p>
      <Outlet />
    </div>
  );
}
