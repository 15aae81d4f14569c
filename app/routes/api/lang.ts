import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/lang";
import { appContext } from "~/context";
import { readForm } from "~/lib/forms/read-form";
import { LANGS } from "~/lib/i18n";
import { chooseLang } from "~/lib/i18n/lang.server";
import { safeRedirectPath } from "~/lib/safe-redirect";

// A language we do not have, or a bad address, just goes back (home) without a change.
const langSchema = z.object({
  lang: z.enum(LANGS).optional().catch(undefined),
  redirectTo: z.string().optional().catch(undefined),
});

/** Stores the chosen language for a year and returns to the page the visitor was on. */
export async function action({ request, context }: Route.ActionArgs) {
  const read = readForm(await request.formData(), langSchema);
  const { lang, redirectTo } = read.ok ? read.data : { lang: undefined, redirectTo: undefined };
  const target = safeRedirectPath(redirectTo);
  if (!lang) return redirect(target);
  // Secure follows the configured public address, not how this hop was reached (a proxy may
  // speak plain HTTP to us while visitors use HTTPS).
  const cookie = await chooseLang(lang, context.get(appContext).publicOrigin);
  return redirect(target, { headers: { "Set-Cookie": cookie } });
}

export function loader() {
  return redirect("/");
}
