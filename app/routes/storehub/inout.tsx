import {
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/inout";
import { appContext } from "~/context";
import { storehubPageMeta } from "~/layout/storehub-page-meta";
import type { Lang, Translate } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht, formatQuantity } from "~/lib/money";
import { documentNumber } from "~/modules/stock/document-number";
import { getStockDocument } from "~/modules/stock/documents.server";
import {
  addScannedLine,
  BLANK_LINES,
  blankLine,
  hasErrors,
  INOUT_KINDS,
  isInoutKind,
  KIND_FIELDS,
  lineFieldName,
  NOTE_MAX,
  parseQuantity,
  readInoutValues,
  REASON_MAX,
  REFERENCE_MAX,
  type DocumentField,
  type FormMessage,
  type InoutErrors,
  type InoutKind,
  type InoutValues,
  type LineField,
  type LineValues,
} from "~/modules/stock/inout-form";
import {
  locationOptions,
  previewInout,
  submitInout,
  type LinePreview,
  type LocationOption,
} from "~/modules/stock/inout.server";
import { STOCK_WRITERS } from "~/modules/stock/storehub-access.server";
import { storehubOf, storehubRoles } from "~/routes/_gates/storehub.server";
import { LiveStock } from "~/ui/live-stock";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";
import { isShopChangedResult } from "~/modules/shops/shop-types";
import { ShopChangedNotice, ShopIdField, useFormShopId } from "~/ui/shop-form";

function kindOf(value: unknown): InoutKind {
  return isInoutKind(value) ? value : "receive";
}

// Only the roles that change stock open this page (the area admits its readers).
export const middleware: Route.MiddlewareFunction[] = [storehubRoles(STOCK_WRITERS)];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shopId } = await storehubOf(context, request);
  const { db } = context.get(appContext);
  const kind = kindOf(url.searchParams.get("kind"));
  const locations = await locationOptions(db, shopId);
  const rawDoc = url.searchParams.get("doc");
  let posted = null;
  if (rawDoc !== null) {
    const document = /^\d{1,15}$/.test(rawDoc)
      ? await getStockDocument(db, shopId, Number(rawDoc))
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

interface ActionData {
  formKey: string;
  kind: InoutKind;
  values: InoutValues;
  errors: InoutErrors;
  previews: Record<number, LinePreview>;
  intent: "post" | "check";
}

export const action = keepFormOnShopChange(async function action({
  request,
  context,
}: Route.ActionArgs) {
  const { shopId, user } = await storehubOf(context, request);
  const { db, logger } = context.get(appContext);
  const form = await request.formData();
  const kind = form.get("kind");
  if (!isInoutKind(kind)) throw data(null, { status: 400 });
  const values = readInoutValues(form);
  const intent = form.get("intent");
  if (intent === "post") {
    const outcome = await submitInout(db, { shopId, userId: user.id, kind, values });
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
  const locations = await locationOptions(db, shopId);
  const defaultLocationId = locations.find((location) => location.isDefault)?.id ?? 0;
  if (intent === "addLines") {
    values.lines.push(...Array.from({ length: BLANK_LINES }, () => blankLine(defaultLocationId)));
  }
  const checked = await previewInout(db, shopId, kind, values, defaultLocationId);
  return data<ActionData>({
    formKey: crypto.randomUUID(),
    kind,
    values: checked.values,
    errors: checked.errors,
    previews: checked.previews,
    intent: "check",
  });
});

export const meta: Route.MetaFunction = ({ matches, location }) =>
  storehubPageMeta(matches, location.pathname, "storehub.inout.title");

/** A message with numbers formatted the reader's way. */
function say(t: Translate, lang: Lang, message: FormMessage | undefined): string | undefined {
  if (!message) return undefined;
  const values = Object.fromEntries(
    Object.entries(message.values ?? {}).map(([name, value]) => [
      name,
      typeof value === "number" ? formatQuantity(value, lang) : value,
    ]),
  );
  return t(message.key, values);
}

export default function StockInOut({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { kind, locations, defaultLocationId, posted, version } = loaderData;
  const result =
    actionData && "kind" in actionData && actionData.kind === kind
      ? (actionData as ActionData)
      : isShopChangedResult(actionData) && actionData.values.kind === kind
        ? keptAfterShopChange(kind, actionData.values)
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

/**
 * The form as it was typed, after the post was refused because the active shop changed
 * (ShopChangedNotice says why): without JavaScript the page is drawn again from these.
 */
function keptAfterShopChange(kind: InoutKind, typed: Record<string, string>): ActionData {
  const form = new FormData();
  for (const [name, value] of Object.entries(typed)) form.append(name, value);
  return {
    formKey: "shop-changed",
    kind,
    values: readInoutValues(form),
    errors: { fields: {}, lines: {} },
    previews: {},
    intent: "check",
  };
}

type Posted = NonNullable<Route.ComponentProps["loaderData"]["posted"]>;

function PostedDocument({ posted, locations }: { posted: Posted; locations: LocationOption[] }) {
  const t = useT();
  const lang = useLang();
  const paths = new Map(locations.map((location) => [location.id, location.path]));
  const kind = isInoutKind(posted.kind) ? posted.kind : "receive";
  const firstItem = posted.lines[0]?.itemId;
  return (
    <section aria-labelledby="inout-done" data-testid="inout-posted">
      <div className="alert alert-success" role="status" id="inout-done" data-testid="inout-done">
        {t("storehub.inout.done", {
          document: t(`storehub.documentKind.${posted.kind}`),
          number: posted.number,
        })}
      </div>
      {posted.lines.some((line) => line.archived) && (
        <div className="alert alert-warning" role="status" data-testid="inout-posted-archived">
          {t("storehub.inout.postedArchived", {
            items: [...new Set(posted.lines.filter((l) => l.archived).map((l) => l.itemName))].join(
              ", ",
            ),
          })}
        </div>
      )}
      {posted.lines.length === 0 ? (
        <p>{t("storehub.inout.doneNoChange")}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle" data-testid="inout-posted-lines">
            <thead>
              <tr>
                <th scope="col">{t("storehub.storage.column.item")}</th>
                <th scope="col">{t("storehub.storage.column.location")}</th>
                <th scope="col">{t("storehub.storage.column.kind")}</th>
                <th scope="col" className="text-end">
                  {t("storehub.storage.column.qty")}
                </th>
                <th scope="col" className="text-end">
                  {t("storehub.storage.column.runningLocation")}
                </th>
                <th scope="col" className="text-end">
                  {t("storehub.storage.column.unitCost")}
                </th>
                <th scope="col" className="text-end">
                  {t("storehub.storage.column.value")}
                </th>
              </tr>
            </thead>
            <tbody>
              {posted.lines.map((line) => (
                <tr key={line.movementId} data-testid="inout-posted-line">
                  <td>
                    <Link to={`/storehub/storage?item=${line.itemId}`}>{line.itemName}</Link>
                    <div className="small text-secondary">{line.sku}</div>
                  </td>
                  <td>{paths.get(line.locationId) ?? line.locationName}</td>
                  <td>{t(`storehub.kind.${line.kind}`)}</td>
                  <td className="text-end text-nowrap">
                    {signed(line.qty, lang)} {line.unit}
                  </td>
                  <td className="text-end">{formatQuantity(line.locationQtyAfter, lang)}</td>
                  <td className="text-end">{formatBaht(line.unitCostSatang, lang)}</td>
                  <td className="text-end">{formatBaht(line.valueSatang, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="d-flex flex-wrap gap-2">
        <Link
          to={`/storehub/inout?kind=${kind}`}
          className="btn btn-primary"
          data-testid="inout-new"
        >
          {t("storehub.inout.newDocument")}
        </Link>
        <Link
          to={firstItem ? `/storehub/storage?item=${firstItem}` : "/storehub/storage"}
          className="btn btn-outline-secondary"
          data-testid="inout-see-ledger"
        >
          {t("storehub.inout.seeLedger")}
        </Link>
      </div>
    </section>
  );
}

function signed(value: number, lang: Lang): string {
  return value > 0 ? `+${formatQuantity(value, lang)}` : formatQuantity(value, lang);
}

// ---------------------------------------------------------------------------------------------
// The form

interface LookupItem {
  id: number;
  name: string;
  sku: string;
  barcode: string | null;
  unit: string;
  costSatang: number;
  status: "active" | "archived";
  balances: Record<string, number>;
}
type Lookup = LookupItem | "notFound";

interface LineState {
  key: number;
  values: LineValues;
  errors: Partial<Record<LineField, FormMessage>>;
  /** The server's look-up when the form came back (valid while item and place are unchanged). */
  preview?: LinePreview & { location: string };
}

interface Suggestion {
  sku: string;
  name: string;
}

const subscribeNever = () => () => {};
/** False on the server and during hydration, true once React runs in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

// The look-ups name the shop the page shows: after a switch of shop in another tab they
// answer 409 (treated like a failed look-up) instead of another shop's items.
async function lookUp(code: string, shopId: string): Promise<Lookup | null> {
  try {
    const query = new URLSearchParams({ code, shopId });
    const response = await fetch(`/storehub/lookup?${query}`, {
      headers: { accept: "application/json" },
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { item: LookupItem | null };
    return body.item ?? "notFound";
  } catch {
    return null;
  }
}

function InoutForm({
  kind,
  locations,
  defaultLocationId,
  version,
  result,
}: {
  kind: InoutKind;
  locations: LocationOption[];
  defaultLocationId: number;
  version: number;
  result: ActionData | undefined;
}) {
  const t = useT();
  const lang = useLang();
  const formShopId = useFormShopId();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const fields = KIND_FIELDS[kind];
  const errors: InoutErrors = result?.errors ?? { fields: {}, lines: {} };
  const initial: InoutValues = result?.values ?? {
    reference: "",
    reason: "",
    note: "",
    scan: "",
    lines: Array.from({ length: BLANK_LINES }, () => blankLine(defaultLocationId)),
  };
  const nextKey = useRef(initial.lines.length);
  const [lines, setLines] = useState<LineState[]>(() =>
    initial.lines.map((values, index) => {
      const preview = result?.previews[index];
      return {
        key: index,
        values,
        errors: errors.lines[index] ?? {},
        preview: preview ? { ...preview, location: values.location } : undefined,
      };
    }),
  );
  const [scan, setScan] = useState("");
  const [scanError, setScanError] = useState<FormMessage | undefined>(errors.fields.scan);
  const [lookups, setLookups] = useState<Record<string, Lookup>>({});
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const inFlight = useRef(new Set<string>());
  const suggestTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cacheKey = (text: string) => `${version}|${text.trim().toLowerCase()}`;

  // Look up each line's item (name, unit, quantity per place) shortly after typing stops.
  useEffect(() => {
    const wanted = [
      ...new Set(lines.map((line) => line.values.item.trim()).filter((text) => text !== "")),
    ].filter((text) => {
      const key = `${version}|${text.toLowerCase()}`;
      return !(key in lookups) && !inFlight.current.has(key);
    });
    if (wanted.length === 0) return;
    const timer = setTimeout(() => {
      for (const text of wanted) {
        const key = `${version}|${text.toLowerCase()}`;
        inFlight.current.add(key);
        void lookUp(text, formShopId).then((found) => {
          inFlight.current.delete(key);
          if (found) setLookups((previous) => ({ ...previous, [key]: found }));
        });
      }
    }, 300);
    return () => clearTimeout(timer);
  }, [lines, lookups, version, formShopId]);

  const posting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "post";

  const updateLine = (key: number, field: LineField, value: string) =>
    setLines((previous) =>
      previous.map((line) =>
        line.key === key ? { ...line, values: { ...line.values, [field]: value } } : line,
      ),
    );
  const addLine = () =>
    setLines((previous) => [
      ...previous,
      { key: nextKey.current++, values: blankLine(defaultLocationId), errors: {} },
    ]);
  const removeLine = (key: number) =>
    setLines((previous) => {
      const rest = previous.filter((line) => line.key !== key);
      return rest.length > 0
        ? rest
        : [{ key: nextKey.current++, values: blankLine(defaultLocationId), errors: {} }];
    });

  const suggest = (text: string) => {
    if (suggestTimer.current) clearTimeout(suggestTimer.current);
    const q = text.trim();
    if (q.length < 2) return;
    suggestTimer.current = setTimeout(() => {
      fetch(`/storehub/lookup?${new URLSearchParams({ q, shopId: formShopId })}`, {
        headers: { accept: "application/json" },
      })
        .then((response) => (response.ok ? response.json() : { items: [] }))
        .then((body: { items: Suggestion[] }) => setSuggestions(body.items))
        .catch(() => {});
    }, 250);
  };

  /** A scanner types the code and presses Enter: add the item, never post the document. */
  const onScanKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const code = scan.trim();
    if (!code) return;
    setScan("");
    void lookUp(code, formShopId).then((found) => {
      if (!found || found === "notFound") {
        setScanError({ key: "storehub.inout.error.scanNotFound", values: { code } });
        return;
      }
      setScanError(undefined);
      setLookups((previous) => ({ ...previous, [cacheKey(found.sku)]: found }));
      setLines((previous) => {
        const next = addScannedLine(
          kind,
          previous.map((line) => line.values),
          found,
          defaultLocationId,
        );
        return next.map(
          (values, index) =>
            (previous[index] && { ...previous[index], values }) ?? {
              key: nextKey.current++,
              values,
              errors: {},
            },
        );
      });
    });
  };
  // With JavaScript, Enter in a line moves nothing and posts nothing (scanners end with Enter).
  const keepEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") event.preventDefault();
  };

  const documentError = (field: DocumentField, message: FormMessage | undefined) =>
    message ? (
      <div id={`inout-${field}-error`} className="invalid-feedback d-block" data-error-for={field}>
        {say(t, lang, message)}
      </div>
    ) : null;

  const anyError = hasErrors(errors);
  const failedPost = result?.intent === "post" && anyError;
  const formRef = useRef<HTMLFormElement>(null);
  // After a refused post, take the person to the first field to fix (the page does not move).
  useEffect(() => {
    if (!failedPost) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (first ?? formRef.current?.querySelector<HTMLElement>('[role="alert"]'))?.focus();
  }, [failedPost]);
  const reasonRequired = kind === "issue";
  const showReason = kind !== "receive";

  return (
    <Form
      ref={formRef}
      method="post"
      action={`/storehub/inout?kind=${kind}`}
      noValidate
      data-testid="inout-form"
    >
      <ShopIdField />
      {/* Enter in a field without JavaScript presses this first button: check, never post. */}
      <button
        type="submit"
        name="intent"
        value="check"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
      >
        {t("storehub.inout.check")}
      </button>
      <input type="hidden" name="kind" value={kind} />
      {failedPost && (
        <div className="alert alert-danger" role="alert" tabIndex={-1} data-testid="inout-error">
          {t("storehub.inout.notPosted")}
          {errors.form && <div data-testid="inout-form-error">{say(t, lang, errors.form)}</div>}
        </div>
      )}
      {result?.intent === "check" && !anyError && lines.some((line) => line.values.item) && (
        <div className="alert alert-info" role="status" data-testid="inout-checked">
          {t("storehub.inout.checked")}
        </div>
      )}

      <div className="row g-3 mb-3">
        <div className="col-md-4">
          <label htmlFor="inout-reference" className="form-label">
            {t(
              kind === "receive"
                ? "storehub.inout.reference.receive"
                : "storehub.inout.reference.other",
            )}
          </label>
          <input
            id="inout-reference"
            name="reference"
            className={`form-control${errors.fields.reference ? " is-invalid" : ""}`}
            defaultValue={initial.reference}
            maxLength={REFERENCE_MAX}
            placeholder={t("storehub.inout.optional")}
            aria-invalid={errors.fields.reference ? true : undefined}
            aria-describedby={errors.fields.reference ? "inout-reference-error" : undefined}
          />
          {documentError("reference", errors.fields.reference)}
        </div>
        {showReason && (
          <div className="col-md-4">
            <label htmlFor="inout-reason" className="form-label">
              {t(reasonRequired ? "storehub.inout.reason.issue" : "storehub.inout.reason.other")}
            </label>
            <input
              id="inout-reason"
              name="reason"
              list="inout-reasons"
              className={`form-control${errors.fields.reason ? " is-invalid" : ""}`}
              defaultValue={initial.reason}
              maxLength={REASON_MAX}
              required={reasonRequired}
              placeholder={reasonRequired ? undefined : t("storehub.inout.optional")}
              aria-invalid={errors.fields.reason ? true : undefined}
              aria-describedby={
                errors.fields.reason
                  ? "inout-reason-error"
                  : reasonRequired
                    ? "inout-reason-hint"
                    : undefined
              }
              data-testid="inout-reason"
            />
            {reasonRequired && !errors.fields.reason && (
              <div id="inout-reason-hint" className="form-text">
                {t("storehub.inout.reason.issueHint")}
              </div>
            )}
            {documentError("reason", errors.fields.reason)}
            <datalist id="inout-reasons">
              {(["damaged", "expired", "ownUse", "lost", "returned", "sample"] as const).map(
                (reason) => (
                  <option key={reason} value={t(`storehub.inout.reasons.${reason}`)} />
                ),
              )}
            </datalist>
          </div>
        )}
        <div className="col-md-4">
          <label htmlFor="inout-note" className="form-label">
            {t("storehub.inout.note")}
          </label>
          <input
            id="inout-note"
            name="note"
            className={`form-control${errors.fields.note ? " is-invalid" : ""}`}
            defaultValue={initial.note}
            maxLength={NOTE_MAX}
            placeholder={t("storehub.inout.optional")}
            aria-invalid={errors.fields.note ? true : undefined}
            aria-describedby={errors.fields.note ? "inout-note-error" : undefined}
          />
          {documentError("note", errors.fields.note)}
        </div>
      </div>

      <div className="mb-3 col-md-6">
        <label htmlFor="inout-scan" className="form-label">
          {t("storehub.inout.scan")}
        </label>
        <input
          id="inout-scan"
          name="scan"
          className={`form-control${scanError ? " is-invalid" : ""}`}
          value={scan}
          onChange={(event) => setScan(event.target.value)}
          onKeyDown={onScanKey}
          autoComplete="off"
          inputMode="search"
          aria-describedby={scanError ? "inout-scan-error" : "inout-scan-hint"}
          data-testid="inout-scan"
        />
        {scanError ? (
          documentError("scan", scanError)
        ) : (
          <div id="inout-scan-hint" className="form-text">
            {t("storehub.inout.scanHint")}
          </div>
        )}
      </div>

      <h2 className="h5">{t("storehub.inout.lines")}</h2>
      <datalist id="inout-item-options">
        {suggestions.map((suggestion) => (
          <option key={suggestion.sku} value={suggestion.sku}>
            {suggestion.name}
          </option>
        ))}
      </datalist>
      {lines.map((line, index) => (
        <LineEditor
          key={line.key}
          kind={kind}
          index={index}
          line={line}
          fields={fields}
          locations={locations}
          lookup={line.values.item.trim() ? lookups[cacheKey(line.values.item)] : undefined}
          canRemove={hydrated}
          onChange={(field, value) => {
            updateLine(line.key, field, value);
            if (field === "item") suggest(value);
          }}
          onRemove={() => removeLine(line.key)}
          onKeyDown={hydrated ? keepEnter : undefined}
        />
      ))}

      <div className="d-flex flex-wrap gap-2 mt-3">
        {hydrated ? (
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={addLine}
            data-testid="inout-add-line"
          >
            {t("storehub.inout.addLine")}
          </button>
        ) : (
          <button
            type="submit"
            name="intent"
            value="addLines"
            className="btn btn-outline-secondary"
            data-testid="inout-add-lines"
          >
            {t("storehub.inout.addLines")}
          </button>
        )}
        <button
          type="submit"
          name="intent"
          value="check"
          className="btn btn-outline-primary"
          data-testid="inout-check"
        >
          {t("storehub.inout.check")}
        </button>
        <button
          type="submit"
          name="intent"
          value="post"
          className="btn btn-primary"
          disabled={posting}
          data-testid="inout-post"
        >
          {posting ? t("storehub.inout.posting") : t(`storehub.inout.post.${kind}`)}
        </button>
      </div>
    </Form>
  );
}

function LineEditor({
  kind,
  index,
  line,
  fields,
  locations,
  lookup,
  canRemove,
  onChange,
  onRemove,
  onKeyDown,
}: {
  kind: InoutKind;
  index: number;
  line: LineState;
  fields: readonly LineField[];
  locations: LocationOption[];
  lookup: Lookup | undefined;
  canRemove: boolean;
  onChange: (field: LineField, value: string) => void;
  onRemove: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
}) {
  const t = useT();
  const lang = useLang();
  const { values, errors } = line;
  const id = (field: LineField) => `line-${index}-${field}`;
  const control = (field: LineField) => ({
    id: id(field),
    name: lineFieldName(field, index),
    value: values[field],
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `${id(field)}-error` : undefined,
  });
  const className = (base: string, field: LineField) =>
    `${base}${errors[field] ? " is-invalid" : ""}`;
  const errorOf = (field: LineField) =>
    errors[field] ? (
      <div
        id={`${id(field)}-error`}
        className="invalid-feedback d-block"
        data-error-for={lineFieldName(field, index)}
      >
        {say(t, lang, errors[field])}
      </div>
    ) : null;

  // What is known about the item: the browser's look-up, else the server's when unchanged.
  const text = values.item.trim().toLowerCase();
  let info: {
    name: string;
    sku: string;
    unit: string;
    costSatang: number;
    current: number;
    archived: boolean;
  } | null = null;
  if (lookup && lookup !== "notFound") {
    info = {
      ...lookup,
      current: lookup.balances[values.location] ?? 0,
      archived: lookup.status === "archived",
    };
  } else if (
    !lookup &&
    line.preview &&
    line.preview.text.trim().toLowerCase() === text &&
    line.preview.location === values.location
  ) {
    info = line.preview;
  }
  const counted = kind === "count" ? parseQuantity(values.counted, 0) : null;

  const locationSelect = (field: "location" | "to", label: string, placeholder?: string) => (
    <div className="col-6 col-md-3">
      <label htmlFor={id(field)} className="form-label small mb-1">
        {label}
      </label>
      <select
        {...control(field)}
        className={className("form-select", field)}
        onChange={(event) => onChange(field, event.target.value)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {locations.map((location) => (
          <option key={location.id} value={location.id}>
            {location.path}
          </option>
        ))}
      </select>
      {errorOf(field)}
    </div>
  );

  let detail: ReactNode = null;
  if (info) {
    detail =
      kind === "count" && counted !== null
        ? `${info.name} · ${info.sku} · ${t("storehub.inout.difference", {
            current: formatQuantity(info.current, lang),
            unit: info.unit,
            difference: signed(counted - info.current, lang),
          })}`
        : t("storehub.inout.preview", {
            name: info.name,
            sku: info.sku,
            current: formatQuantity(info.current, lang),
            unit: info.unit,
          });
  } else if (lookup === "notFound" && !errors.item) {
    detail = <span className="text-warning-emphasis">{t("storehub.error.itemNotFound")}</span>;
  }
  if (info?.archived) {
    // Archived stock may still arrive or leave, but it is hidden from selling: say so first.
    detail = (
      <>
        {detail}{" "}
        <span className="text-warning-emphasis fw-semibold" data-testid="inout-line-archived">
          {t("storehub.inout.archivedItem")}
        </span>
      </>
    );
  }

  return (
    <fieldset className="border rounded px-3 pb-2 mb-3 position-relative" data-testid="inout-line">
      <legend className="float-none w-auto fs-6 fw-semibold px-1 mb-0">
        {t("storehub.inout.line", { n: index + 1 })}
      </legend>
      {canRemove && (
        <button
          type="button"
          className="btn btn-sm btn-light border text-danger position-absolute end-0 me-2 py-0"
          style={{ top: "-0.8rem" }}
          onClick={onRemove}
          aria-label={t("storehub.inout.removeLine", { n: index + 1 })}
          data-testid="inout-remove-line"
        >
          ×
        </button>
      )}
      <div className="row g-2 align-items-start">
        <div className="col-12 col-md-4">
          <label htmlFor={id("item")} className="form-label small mb-1">
            {t("storehub.inout.field.item")}
          </label>
          <input
            {...control("item")}
            className={className("form-control", "item")}
            list="inout-item-options"
            autoComplete="off"
            onChange={(event) => onChange("item", event.target.value)}
            onKeyDown={onKeyDown}
          />
          {errorOf("item")}
        </div>
        {locationSelect(
          "location",
          t(kind === "transfer" ? "storehub.inout.field.from" : "storehub.inout.field.location"),
        )}
        {fields.includes("to") &&
          locationSelect("to", t("storehub.inout.field.to"), t("storehub.inout.chooseTo"))}
        {(["qty", "counted"] as const)
          .filter((field) => fields.includes(field))
          .map((field) => (
            <div key={field} className="col-6 col-md-2">
              <label htmlFor={id(field)} className="form-label small mb-1">
                {t(`storehub.inout.field.${field}`)}
              </label>
              <input
                {...control(field)}
                className={className("form-control", field)}
                inputMode="numeric"
                autoComplete="off"
                onChange={(event) => onChange(field, event.target.value)}
                onKeyDown={onKeyDown}
              />
              {errorOf(field)}
            </div>
          ))}
        {fields.includes("cost") && (
          <div className="col-6 col-md-3">
            <label htmlFor={id("cost")} className="form-label small mb-1">
              {t("storehub.inout.field.cost")}
            </label>
            <input
              {...control("cost")}
              className={className("form-control", "cost")}
              inputMode="decimal"
              autoComplete="off"
              placeholder={info ? formatBaht(info.costSatang, lang) : undefined}
              onChange={(event) => onChange("cost", event.target.value)}
              onKeyDown={onKeyDown}
            />
            {errorOf("cost")}
            {info && !errors.cost && (
              <div className="form-text">
                {t("storehub.inout.costDefault", { cost: formatBaht(info.costSatang, lang) })}
              </div>
            )}
          </div>
        )}
        {fields.includes("reason") && (
          <div className="col-6 col-md-3">
            <label htmlFor={id("reason")} className="form-label small mb-1">
              {t("storehub.inout.field.reason")}
            </label>
            <input
              {...control("reason")}
              className={className("form-control", "reason")}
              list="inout-reasons"
              maxLength={REASON_MAX}
              placeholder={t("storehub.inout.optional")}
              onChange={(event) => onChange("reason", event.target.value)}
              onKeyDown={onKeyDown}
            />
            {errorOf("reason")}
          </div>
        )}
      </div>
      {detail && (
        <div className="small text-secondary mt-1" data-testid="inout-line-info">
          {detail}
        </div>
      )}
    </fieldset>
  );
}
