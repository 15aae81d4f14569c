import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { areaMessagesOf } from "~/lib/i18n/messages.server";

export function loader({ context }: Route.LoaderArgs) {
  return areaMessagesOf(context, "listings");
}

/** The listings area: its pages share the area's interface text. */
export default function ListingsLayout() {
  return <Outlet />;
}
