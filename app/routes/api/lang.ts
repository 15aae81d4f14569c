import { redirect } from "react-router";
import type { Route } from "./+types/lang";
import { appContext } from "~/context";
import { isLang, LANG_COOKIE } from "~/lib/i18n";
import { safeRedirectPath } from "~/lib/safe-redirect";

/** Stores the chosen language for a year and returns to the page the visitor was on. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const lang = form.get("lang");
  const target = safeRedirectPath(form.get("redirectTo"));
  if (!isLang(lang)) return redirect(target);
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
