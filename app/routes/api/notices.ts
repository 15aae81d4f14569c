import type { Route } from "./+types/notices";
import { langOf } from "~/lib/i18n/lang.server";
import { appContext } from "~/context";
import { currentNotices } from "~/modules/notices/index.server";

/** The notices showing now, polled by the notice bar; never cached, so changes show at once. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const lang = langOf(context);
  return Response.json(
    { notices: await currentNotices(db, lang) },
    { headers: { "Cache-Control": "no-store" } },
  );
}
