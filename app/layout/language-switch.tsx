import { useId } from "react";
import { Form, useLocation } from "react-router";
import { useLang, useT } from "~/lib/i18n/use-translation";

/**
 * A one-button form, so switching language also works without JavaScript. The button's name
 * starts with its visible text (the other language's name, in that language) and goes on with
 * what it does, in the page's language: someone who says "English" to their speech software
 * reaches it, and each part is read in its own language. The second part is a hidden element
 * the name points at, not hidden text inside the button, which would change its layout.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useT();
  const lang = useLang();
  const location = useLocation();
  const id = useId();
  const other = lang === "th" ? "en" : "th";
  return (
    <Form method="post" action="/lang" className={className} reloadDocument>
      <input type="hidden" name="lang" value={other} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        className="btn btn-sm btn-outline-light language-switch"
        aria-labelledby={`${id}-name ${id}-action`}
      >
        <span id={`${id}-name`} lang={other}>
          {t("lang.other")}
        </span>
      </button>
      <span id={`${id}-action`} hidden>
        {t("lang.switchLabel")}
      </span>
    </Form>
  );
}
