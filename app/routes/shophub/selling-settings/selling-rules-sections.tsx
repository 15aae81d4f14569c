import { useState } from "react";
import type { MessageKey } from "~/lib/i18n";
import { useT } from "~/lib/i18n/use-translation";
import { PREFIX_FIELDS, type PrefixField } from "~/modules/sales";
import { TextField } from "~/ui/text-field";
import { RadioGroup, Section, SwitchField } from "./fields";
import { PrefixPreview, ScaleLabelPreview } from "./previews";
import type { FieldsProps } from "./tax-and-print-sections";

// The selling settings' sections on numbering, scales, the cashier's rules and points, one
// component each; a section keeps what it previews in its own state.

const PREFIX_LABELS: Record<PrefixField, MessageKey> = {
  receiptPrefix: "shops.sellingSettings.prefix.receipt",
  abbreviatedPrefix: "shops.sellingSettings.prefix.abbreviatedTaxInvoice",
  fullInvoicePrefix: "shops.sellingSettings.prefix.fullTaxInvoice",
  creditNotePrefix: "shops.sellingSettings.prefix.creditNote",
};

/** The documents' number prefixes, each with the number it will give. */
export function PrefixSection({ value, error, year }: FieldsProps & { year: number }) {
  const t = useT();
  const [prefixes, setPrefixes] = useState<Record<PrefixField, string>>({
    receiptPrefix: value("receiptPrefix"),
    abbreviatedPrefix: value("abbreviatedPrefix"),
    fullInvoicePrefix: value("fullInvoicePrefix"),
    creditNotePrefix: value("creditNotePrefix"),
  });
  return (
    <Section title={t("shops.sellingSettings.prefix.title")}>
      <p className="text-secondary">{t("shops.sellingSettings.prefix.lead")}</p>
      <div className="row">
        {(Object.keys(PREFIX_FIELDS) as PrefixField[]).map((field) => (
          <div className="col-sm-6" key={field}>
            <TextField
              name={field}
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              label={t(PREFIX_LABELS[field])}
              defaultValue={value(field)}
              error={error(field)}
              maxLength={8}
              onChange={(event) => {
                const typed = event.currentTarget.value;
                setPrefixes((before) => ({ ...before, [field]: typed }));
              }}
            />
            <div className="mt-n2 mb-3">
              <PrefixPreview typed={prefixes[field]} year={year} id={`${field}-preview`} />
            </div>
          </div>
        ))}
      </div>
    </Section>
  );
}

/** Barcodes printed by a scale: how to read them, with an example label as typed. */
export function ScaleSection({ value, error }: FieldsProps) {
  const t = useT();
  const [scale, setScale] = useState({
    on: value("scaleLabels") === "on",
    prefixes: value("scalePrefixes"),
    itemDigits: value("scaleItemDigits"),
    value: value("scaleValue"),
  });
  return (
    <Section title={t("shops.sellingSettings.scale.title")}>
      <SwitchField
        name="scaleLabels"
        label={t("shops.sellingSettings.scale.enabled")}
        hint={t("shops.sellingSettings.scale.enabledHint")}
        checked={scale.on}
        onChange={(on) => setScale((before) => ({ ...before, on }))}
      />
      <TextField
        name="scalePrefixes"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        label={t("shops.sellingSettings.scale.prefixes")}
        hint={t("shops.sellingSettings.scale.prefixesHint")}
        defaultValue={value("scalePrefixes")}
        error={error("scalePrefixes")}
        maxLength={40}
        onChange={(event) => {
          const typed = event.currentTarget.value;
          setScale((before) => ({ ...before, prefixes: typed }));
        }}
      />
      <RadioGroup
        name="scaleItemDigits"
        legend={t("shops.sellingSettings.scale.itemDigits")}
        checked={value("scaleItemDigits")}
        error={error("scaleItemDigits")}
        inline
        onChange={(itemDigits) => setScale((before) => ({ ...before, itemDigits }))}
        choices={(["4", "5", "6"] as const).map(
          (digits) =>
            [digits, t("shops.sellingSettings.scale.digits", { count: Number(digits) })] as const,
        )}
      />
      <RadioGroup
        name="scaleValue"
        legend={t("shops.sellingSettings.scale.value")}
        checked={value("scaleValue")}
        error={error("scaleValue")}
        onChange={(kind) => setScale((before) => ({ ...before, value: kind }))}
        choices={[
          ["weight", t("shops.sellingSettings.scale.weight")],
          ["price", t("shops.sellingSettings.scale.price")],
        ]}
      />
      {scale.on && (
        <ScaleLabelPreview
          prefixes={scale.prefixes}
          itemDigits={scale.itemDigits}
          value={scale.value}
        />
      )}
    </Section>
  );
}

/** What a cashier may do alone: void their own sale, sell without a shift, discount how much. */
export function RulesSection({ value, error }: FieldsProps) {
  const t = useT();
  return (
    <Section title={t("shops.sellingSettings.rules.title")}>
      <SwitchField
        name="cashierMayVoidOwn"
        label={t("shops.sellingSettings.rules.cashierVoid")}
        hint={t("shops.sellingSettings.rules.cashierVoidHint")}
        checked={value("cashierMayVoidOwn") === "on"}
      />
      <SwitchField
        name="requireOpenShift"
        label={t("shops.sellingSettings.rules.openShift")}
        hint={t("shops.sellingSettings.rules.openShiftHint")}
        checked={value("requireOpenShift") === "on"}
      />
      <TextField
        name="cashierMaxLineDiscount"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        label={t("shops.sellingSettings.rules.lineDiscount")}
        hint={t("shops.sellingSettings.rules.lineDiscountHint")}
        defaultValue={value("cashierMaxLineDiscount")}
        error={error("cashierMaxLineDiscount")}
        maxLength={6}
        style={{ maxWidth: "8rem" }}
      />
      <TextField
        name="cashierMaxBillDiscount"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        label={t("shops.sellingSettings.rules.billDiscount")}
        hint={t("shops.sellingSettings.rules.billDiscountHint")}
        defaultValue={value("cashierMaxBillDiscount")}
        error={error("cashierMaxBillDiscount")}
        maxLength={6}
        style={{ maxWidth: "8rem" }}
      />
    </Section>
  );
}

/** The customers' points: earned per baht, and worth in baht. */
export function PointsSection({ value, error }: FieldsProps) {
  const t = useT();
  return (
    <Section title={t("shops.sellingSettings.points.title")}>
      <SwitchField
        name="pointsEnabled"
        label={t("shops.sellingSettings.points.enabled")}
        hint={t("shops.sellingSettings.points.enabledHint")}
        checked={value("pointsEnabled") === "on"}
      />
      <TextField
        name="pointsBahtPerPoint"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        label={t("shops.sellingSettings.points.rate")}
        hint={t("shops.sellingSettings.points.rateHint")}
        defaultValue={value("pointsBahtPerPoint")}
        error={error("pointsBahtPerPoint")}
        maxLength={12}
        style={{ maxWidth: "8rem" }}
      />
      <TextField
        name="pointsValue"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        label={t("shops.sellingSettings.points.value")}
        hint={t("shops.sellingSettings.points.valueHint")}
        defaultValue={value("pointsValue")}
        error={error("pointsValue")}
        maxLength={12}
        style={{ maxWidth: "8rem" }}
      />
    </Section>
  );
}
