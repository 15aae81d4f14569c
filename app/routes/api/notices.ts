import type { Route } from "./+types/notices";
import { appContext } from "~/context";
import { langFromCookieHeader } from "~/lib/i18n";
import { listActiveNotices } from "~/modules/notices/index.server";

/** The notices showing now, polled by the notice bar; never cached, so changes show at once. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const lang = langFromCookieHeader(request.headers.get("cookie"));
  return Response.json(
    { notices: await listActiveNotices(db, new Date(), lang) },
    { headers: { "Cache-Control": "no-store" } },
  );
}
