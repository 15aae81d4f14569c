import { data, Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/route";
import { appContext } from "~/context";
import { storehubPageMeta } from "~/layout/storehub-page-meta";
import { readForm } from "~/lib/forms/read-form";
import { langOf } from "~/lib/i18n/lang.server";
import { useT } from "~/lib/i18n/use-translation";
import {
  documentNumber,
  BLANK_LINES,
  blankLine,
  INOUT_KINDS,
  inoutValuesSchema,
  isInoutKind,
  type InoutKind,
} from "~/modules/stock";
import {
  getStockDocument,
  locationOptions,
  previewInout,
  submitInout,
  STOCK_WRITERS,
} from "~/modules/stock/index.server";
import { LiveStock } from "~/features/storehub/live-stock";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";
import { storehubOf, storehubRoles } from "~/routes/_gates/storehub.server";
import { isShopChangedResult, type ShopChangedResult } from "~/modules/shops";
import { ShopChangedNotice } from "~/features/shops/shop-form";
import { keptAfterShopChange, type ActionData } from "./action-data";
import { InoutForm } from "./inout-form";
import { PostedDocument } from "./posted-document";

// /storehub/inout: stock documents (receive, issue, transfer, count) with several lines.

function kindOf(value: unknown): InoutKind {
  return isInoutKind(value) ? value : "receive";
}

// Only the roles that change stock open this page (the area admits its readers).
export const middleware: Route.MiddlewareFunction[] = [storehubRoles(STOCK_WRITERS)];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shopId } = await storehubOf(context, request);
  const { db } = context.get(appContext);
  const lang = langOf(context);
  const kind = kindOf(url.searchParams.get("kind"));
  const locations = await locationOptions(db, shopId, lang);
  const rawDoc = url.searchParams.get("doc");
  let posted = null;
  if (rawDoc !== null) {
    const document = /^\d{1,15}$/.test(rawDoc)
      ? await getStockDocument(db, shopId, Number(rawDoc), lang)
      : null;
    // Another shop's document is simply not there.
    if (!document) throw data(null, { status: 404 });
    posted = { ...document, number: documentNumber(document.kind, document.number) };
  }
  return {
    // The shop this page is rendered for: its forms send it back (ShopIdField).
    formShopId: shopId,
    kind,
    locations,
    defaultLocationId: locations.find((location) => location.isDefault)?.id ?? 0,
    posted,
    // Changes whenever the data is reloaded (a live stock event): cached look-ups are stale.
    version: Date.now(),
  };
}

/**
 * The kind of document and the button: "post", "addLines" (without JavaScript), anything else
 * checks (also Enter in a field, e.g. a scanner). The lines, named by number ("lines[3].qty"),
 * are read as typed and checked against the shop's items by the stock module, whose messages
 * are kept per line and field (InoutErrors).
 */
const inoutPostSchema = inoutValuesSchema.extend({
  kind: z.enum(INOUT_KINDS),
  intent: z.enum(["post", "addLines", "check"]).catch("check"),
});

const inoutAction = keepFormOnShopChange(async function action({
  request,
  context,
}: Route.ActionArgs) {
  const { shopId, user } = await storehubOf(context, request);
  const { db, logger } = context.get(appContext);
  const lang = langOf(context);
  const read = readForm(await request.formData(), inoutPostSchema);
  if (!read.ok) throw data(null, { status: 400 });
  const { kind, intent, ...values } = read.data;
  if (intent === "post") {
    const outcome = await submitInout(db, { shopId, userId: user.id, kind, values, lang });
    if (outcome.ok) {
      logger.info(
        { shopId, userId: user.id, documentId: outcome.documentId, kind },
        "stock posted",
      );
      return redirect(`/storehub/inout?kind=${kind}&doc=${outcome.documentId}`);
    }
    return data<ActionData>(
      {
        formKey: crypto.randomUUID(),
        kind,
        values,
        errors: outcome.errors,
        previews: outcome.previews,
        intent: "post",
      },
      { status: 400 },
    );
  }
  // "add lines" (without JavaScript), or "check" (also Enter in a field, e.g. a scanner).
  const locations = await locationOptions(db, shopId, lang);
  const defaultLocationId = locations.find((location) => location.isDefault)?.id ?? 0;
  if (intent === "addLines") {
    values.lines.push(...Array.from({ length: BLANK_LINES }, () => blankLine(defaultLocationId)));
  }
  const checked = await previewInout(db, shopId, kind, values, defaultLocationId, lang);
  return data<ActionData>({
    formKey: crypto.randomUUID(),
    kind,
    values: checked.values,
    errors: checked.errors,
    previews: checked.previews,
    intent: "check",
  });
});

/**
 * A post refused because the active shop changed comes back with what was typed (`kept`),
 * read here as every post is, so the page draws the form again, also without JavaScript.
 */
export async function action(args: Route.ActionArgs) {
  const answer = await inoutAction(args);
  if (answer instanceof Response || !isShopChangedResult(answer.data)) return answer;
  const typed = answer.data.values;
  const kept = keptAfterShopChange(kindOf(typed.kind), typed);
  return data<ShopChangedResult & { kept: ActionData }>(
    { ...answer.data, kept },
    answer.init ?? undefined,
  );
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  storehubPageMeta(matches, location.pathname, "storehub.inout.title");

export default function StockInOut({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { kind, locations, defaultLocationId, posted, version } = loaderData;
  const kept = (actionData as { kept?: ActionData } | undefined)?.kept;
  const result =
    actionData && "kind" in actionData && actionData.kind === kind
      ? (actionData as ActionData)
      : kept?.kind === kind
        ? kept
        : undefined;
  return (
    <>
      <LiveStock />
      <h1 className="h3 mb-3">{t("storehub.inout.title")}</h1>
      <ShopChangedNotice />
      <nav aria-label={t("storehub.inout.kindsLabel")} className="mb-3">
        <ul className="nav nav-pills flex-nowrap overflow-auto text-nowrap">
          {INOUT_KINDS.map((each) => (
            <li key={each} className="nav-item">
              <Link
                to={`/storehub/inout?kind=${each}`}
                className={`nav-link${each === kind ? " active" : ""}`}
                aria-current={each === kind ? "page" : undefined}
                data-testid={`inout-kind-${each}`}
              >
                {t(`storehub.inout.kind.${each}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {posted ? (
        <PostedDocument posted={posted} locations={locations} />
      ) : (
        <>
          <p className="text-secondary">{t(`storehub.inout.intro.${kind}`)}</p>
          <InoutForm
            key={result?.formKey ?? `new-${kind}`}
            kind={kind}
            locations={locations}
            defaultLocationId={defaultLocationId}
            version={version}
            result={result}
          />
        </>
      )}
    </>
  );
}
