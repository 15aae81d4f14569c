import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { ItemSuggestionList } from "~/features/stock-entry/item-suggestions";
import { ScannerField } from "~/features/stock-entry/scanner-field";
import { useItemLookup, useItemSuggestions } from "~/features/stock-entry/use-item-lookup";
import { ignoreEnter, useScannerInput } from "~/features/stock-entry/use-scanner-input";
import { ShopIdField, useFormShopId } from "~/features/shops/shop-form";
import { useLang, useT } from "~/lib/i18n/use-translation";
import {
  addScannedLine,
  BLANK_LINES,
  blankLine,
  hasErrors,
  KIND_FIELDS,
  type FormMessage,
  type InoutErrors,
  type InoutKind,
  type InoutValues,
  type LineField,
} from "~/modules/stock";
import type { LocationOption } from "~/modules/stock/index.server";
import { useHydrated } from "~/ui/use-hydrated";
import { say } from "../stock-text";
import type { ActionData } from "./action-data";
import { DocumentFields } from "./document-fields";
import { LineEditor, type LineState } from "./line-editor";

/** The in/out form: document fields, the scanner field and the lines, checked and posted. */
export function InoutForm({
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
  const [scanError, setScanError] = useState<FormMessage | undefined>(errors.fields.scan);
  // Each line's item (name, unit, quantity per place), looked up shortly after typing stops.
  const { lookupOf, find } = useItemLookup({
    shopId: formShopId,
    version,
    texts: lines.map((line) => line.values.item),
  });
  const { suggestions, suggest } = useItemSuggestions({ shopId: formShopId });

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

  /** A scanner types the code and presses Enter: add the item, never post the document. */
  const scanner = useScannerInput({
    onScan: (code) => {
      void find(code).then((found) => {
        if (!found || found === "notFound") {
          setScanError({ key: "storehub.inout.error.scanNotFound", values: { code } });
          return;
        }
        setScanError(undefined);
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
    },
  });

  const anyError = hasErrors(errors);
  const failedPost = result?.intent === "post" && anyError;
  const formRef = useRef<HTMLFormElement>(null);
  // After a refused post, take the person to the first field to fix (the page does not move).
  useEffect(() => {
    if (!failedPost) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (first ?? formRef.current?.querySelector<HTMLElement>('[role="alert"]'))?.focus();
  }, [failedPost]);

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

      <DocumentFields kind={kind} initial={initial} errors={errors.fields} />

      <div className="mb-3 col-md-6">
        <ScannerField
          id="inout-scan"
          name="scan"
          label={t("storehub.inout.scan")}
          hint={t("storehub.inout.scanHint")}
          error={say(t, lang, scanError)}
          scanner={scanner}
          testId="inout-scan"
        />
      </div>

      <h2 className="h5">{t("storehub.inout.lines")}</h2>
      <ItemSuggestionList id="inout-item-options" suggestions={suggestions} />
      {lines.map((line, index) => (
        <LineEditor
          key={line.key}
          kind={kind}
          index={index}
          line={line}
          fields={fields}
          locations={locations}
          lookup={lookupOf(line.values.item)}
          canRemove={hydrated}
          onChange={(field, value) => {
            updateLine(line.key, field, value);
            if (field === "item") suggest(value);
          }}
          onRemove={() => removeLine(line.key)}
          onKeyDown={hydrated ? ignoreEnter : undefined}
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
