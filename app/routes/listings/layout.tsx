import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { areaMessagesForRequest } from "~/lib/i18n/messages.server";

export function loader({ request }: Route.LoaderArgs) {
  return areaMessagesForRequest(request, "listings");
}

/** The listings area: its pages share the area's interface text. */
export default function ListingsLayout() {
  return <Outlet />;
}
