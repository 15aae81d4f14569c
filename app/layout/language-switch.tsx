import { Form, useLocation } from "react-router";
import { useLang, useT } from "~/lib/i18n/use-translation";

/** A one-button form, so switching language also works without JavaScript. */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useT();
  const lang = useLang();
  const location = useLocation();
  return (
    <Form method="post" action="/lang" className={className} reloadDocument>
      <input type="hidden" name="lang" value={lang === "th" ? "en" : "th"} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        className="btn btn-sm btn-outline-light language-switch"
        aria-label={t("lang.switchLabel")}
        lang={lang === "th" ? "en" : "th"}
      >
        {t("lang.other")}
      </button>
    </Form>
  );
}
