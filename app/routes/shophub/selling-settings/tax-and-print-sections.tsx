import { useState } from "react";
import { Link } from "react-router";
import type { FieldErrors } from "~/lib/forms/read-form";
import { useT } from "~/lib/i18n/use-translation";
import { HEAD_OFFICE_BRANCH, POS_REGISTRATION_MAX } from "~/modules/sales";
import { TextField } from "~/ui/text-field";
import { LogoField, RadioGroup, Section, SwitchField, TextArea } from "./fields";
import { PromptPayPreview } from "./previews";

// The selling settings' sections on tax and printing, one component each: a section keeps
// what it previews (typed branch, PromptPay ID) in its own state; the fields stay uncontrolled.

export interface FieldsProps {
  /** What the field holds: stored, or typed before a refused save. */
  value: (field: string) => string;
  /** The field's refusal in words, if any. */
  error: (field: string) => string | undefined;
}

/** VAT registration (it needs the shop's tax ID), prices with or without VAT, and the rate. */
export function VatSection({
  value,
  error,
  errors,
  shop,
}: FieldsProps & { errors: FieldErrors; shop: { id: string; taxId: string | null } }) {
  const t = useT();
  const detailsLink = `/shophub/settings?shop=${encodeURIComponent(shop.id)}`;
  return (
    <Section title={t("shops.sellingSettings.vat.title")}>
      <SwitchField
        name="vatRegistered"
        label={t("shops.sellingSettings.vat.registered")}
        hint={t("shops.sellingSettings.vat.registeredHint")}
        checked={value("vatRegistered") === "on"}
        error={error("vatRegistered")}
        errorLink={
          errors.vatRegistered ? (
            // Underlined: a link inside a sentence must not rely on colour alone.
            <Link to={detailsLink} className="text-decoration-underline" data-testid="tax-id-link">
              {t("shops.sellingSettings.vat.taxIdLink")}
            </Link>
          ) : null
        }
      />
      <p className="small mb-3" data-testid="shop-tax-id">
        {shop.taxId ? (
          t("shops.sellingSettings.vat.taxId", { taxId: shop.taxId })
        ) : (
          <>
            {t("shops.sellingSettings.vat.noTaxId")}{" "}
            <Link to={detailsLink} className="text-decoration-underline">
              {t("shops.sellingSettings.vat.taxIdLink")}
            </Link>
          </>
        )}
      </p>
      <RadioGroup
        name="vatPrices"
        legend={t("shops.sellingSettings.vat.prices")}
        checked={value("vatPrices")}
        error={error("vatPrices")}
        choices={[
          ["inclusive", t("shops.sellingSettings.vat.inclusive")],
          ["exclusive", t("shops.sellingSettings.vat.exclusive")],
        ]}
      />
      <TextField
        name="vatRate"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        label={t("shops.sellingSettings.vat.rate")}
        hint={t("shops.sellingSettings.vat.rateHint")}
        defaultValue={value("vatRate")}
        error={error("vatRate")}
        maxLength={6}
        style={{ maxWidth: "8rem" }}
      />
    </Section>
  );
}

/** Head office or branch (printed on tax invoices as typed), and the POS registration. */
export function BranchSection({ value, error }: FieldsProps) {
  const t = useT();
  // What is typed, for the preview; the fields themselves stay uncontrolled.
  const [branchKind, setBranchKind] = useState(value("branchKind") || "head");
  const [branchNo, setBranchNo] = useState(value("branchNo"));
  const branchDigits = /^\d{1,5}$/.test(branchNo.trim()) ? branchNo.trim().padStart(5, "0") : "";
  const printedBranch =
    branchKind === "head"
      ? t("shops.sellingSettings.branch.printedHead")
      : branchDigits && branchDigits !== HEAD_OFFICE_BRANCH
        ? t("shops.sellingSettings.branch.printedBranch", { no: branchDigits })
        : null;
  return (
    <Section title={t("shops.sellingSettings.branch.title")}>
      <RadioGroup
        name="branchKind"
        legend={t("shops.sellingSettings.branch.legend")}
        checked={value("branchKind")}
        error={error("branchKind")}
        onChange={setBranchKind}
        choices={[
          ["head", t("shops.sellingSettings.branch.head")],
          ["branch", t("shops.sellingSettings.branch.branch")],
        ]}
      />
      <TextField
        name="branchNo"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        label={t("shops.sellingSettings.branch.no")}
        hint={t("shops.sellingSettings.branch.noHint")}
        defaultValue={value("branchNo")}
        error={error("branchNo")}
        maxLength={5}
        onChange={(event) => setBranchNo(event.currentTarget.value)}
        style={{ maxWidth: "10rem" }}
      />
      {printedBranch && (
        <p className="small text-secondary" data-testid="branch-preview">
          {t("shops.sellingSettings.branch.preview", { branch: printedBranch })}
        </p>
      )}
      <TextField
        name="posRegistrationNo"
        type="text"
        autoComplete="off"
        label={t("shops.sellingSettings.pos.no")}
        hint={t("shops.sellingSettings.pos.noHint")}
        defaultValue={value("posRegistrationNo")}
        error={error("posRegistrationNo")}
        maxLength={POS_REGISTRATION_MAX}
      />
    </Section>
  );
}

/** The PromptPay ID the till's QR codes pay to, shown as it will be read. */
export function PromptPaySection({ value, error }: FieldsProps) {
  const t = useT();
  const [promptPay, setPromptPay] = useState(value("promptPayId"));
  return (
    <Section title={t("shops.sellingSettings.promptPay.title")}>
      <TextField
        name="promptPayId"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        label={t("shops.sellingSettings.promptPay.id")}
        hint={t("shops.sellingSettings.promptPay.idHint")}
        defaultValue={value("promptPayId")}
        error={error("promptPayId")}
        maxLength={30}
        onChange={(event) => setPromptPay(event.currentTarget.value)}
      />
      <PromptPayPreview typed={promptPay} />
    </Section>
  );
}

/** What the receipt prints: header, footer, logo, paper width and the e-receipt QR. */
export function ReceiptSection({
  value,
  error,
  errors,
  logoUrl,
}: FieldsProps & { errors: FieldErrors; logoUrl: string | null }) {
  const t = useT();
  return (
    <Section title={t("shops.sellingSettings.receipt.title")}>
      <TextArea
        name="receiptHeader"
        label={t("shops.sellingSettings.receipt.header")}
        hint={t("shops.sellingSettings.receipt.headerHint")}
        value={value("receiptHeader")}
        error={error("receiptHeader")}
      />
      <TextArea
        name="receiptFooter"
        label={t("shops.sellingSettings.receipt.footer")}
        hint={t("shops.sellingSettings.receipt.footerHint")}
        value={value("receiptFooter")}
        error={error("receiptFooter")}
      />
      {logoUrl && (
        <div className="mb-2">
          <p className="mb-1">{t("shops.sellingSettings.receipt.logo")}</p>
          <img
            src={logoUrl}
            alt={t("shops.sellingSettings.receipt.logoAlt")}
            className="border rounded bg-white p-2"
            style={{ maxWidth: "100%", height: "auto" }}
            data-testid="receipt-logo"
          />
          <div className="form-check mt-2">
            <input
              id="field-removeLogo"
              type="checkbox"
              name="removeLogo"
              value="1"
              className="form-check-input"
            />
            <label htmlFor="field-removeLogo" className="form-check-label">
              {t("shops.sellingSettings.receipt.removeLogo")}
            </label>
          </div>
        </div>
      )}
      <LogoField
        label={t(
          logoUrl ? "shops.sellingSettings.receipt.newLogo" : "shops.sellingSettings.receipt.logo",
        )}
        error={errors.logo}
      />
      <RadioGroup
        name="paperWidth"
        legend={t("shops.sellingSettings.receipt.paper")}
        hint={t("shops.sellingSettings.receipt.paperHint")}
        checked={value("paperWidth")}
        error={error("paperWidth")}
        choices={[
          ["58", t("shops.sellingSettings.receipt.paper58")],
          ["80", t("shops.sellingSettings.receipt.paper80")],
        ]}
      />
      <SwitchField
        name="receiptQrOnSlip"
        label={t("shops.sellingSettings.receipt.qr")}
        hint={t("shops.sellingSettings.receipt.qrHint")}
        checked={value("receiptQrOnSlip") === "on"}
      />
    </Section>
  );
}
