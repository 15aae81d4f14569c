import { data, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { appContext } from "~/context";
import { areaMessagesOf } from "~/lib/i18n/messages.server";
import { readSettings } from "~/modules/settings/index.server";

/**
 * The listings area: its pages share the area's interface text. An admin can switch the listing
 * board off in the site settings (decision 0079): every page and form of it then answers 404.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ context }) => {
    const { db } = context.get(appContext);
    if (!(await readSettings(db)).listingsEnabled) {
      throw data("ไม่พบหน้านี้ / Not found", { status: 404 });
    }
  },
];

export function loader({ context }: Route.LoaderArgs) {
  return areaMessagesOf(context, "listings");
}

export default function ListingsLayout() {
  return <Outlet />;
}
