import type { Route } from "./+types/config";
import { appContext } from "~/context";
import { getCompanyProfile } from "~/modules/content/index.server";
import { publicConfigOf } from "~/modules/settings";
import { readSettings } from "~/modules/settings/index.server";

/**
 * The public part of the site's settings (decision 0079), for the browser's copy
 * (app/features/remote-config/remote-config.ts), which asks at most every 12 hours itself: no HTTP cache keeps it,
 * so the browser that asks gets the values of that moment.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const [settings, company] = await Promise.all([readSettings(db), getCompanyProfile(db)]);
  return Response.json(publicConfigOf(settings, company.email), {
    headers: { "Cache-Control": "no-cache" },
  });
}
