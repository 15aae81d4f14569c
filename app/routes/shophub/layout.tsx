import { Link, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { areaMessagesForRequest } from "~/lib/i18n/messages.server";
import { useT } from "~/lib/i18n/use-translation";
import { requireUser } from "~/modules/accounts/index.server";

// Every page under it checks the member (and the shop and role) itself too: loaders run in
// parallel, so a layout's check alone would not keep a page's data from being read.
export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return areaMessagesForRequest(request, "shops");
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
