import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/lang";
import { appContext } from "~/context";
import { readForm } from "~/lib/forms/read-form";
import { LANG_COOKIE, LANGS } from "~/lib/i18n";
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
  const secure = context.get(appContext).publicOrigin.startsWith("https:") ? "; Secure" : "";
  return redirect(target, {
    headers: {
      "Set-Cookie": `${LANG_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`,
    },
  });
}

export function loader() {
  return redirect("/");
}
