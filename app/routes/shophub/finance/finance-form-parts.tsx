import { Alert, Button, Form as BsForm } from "react-bootstrap";
import { Form, Link } from "react-router";
import { ShopIdField } from "~/features/shops/shop-form";
import { dateText } from "~/lib/date-text";
import { dayInputText } from "~/lib/day-input";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { TAX_INVOICE_NUMBER_MAX } from "~/modules/finance";
import { TextField } from "~/ui/text-field";

// Parts of the expense form that only an expense has (its supplier's tax invoice and the
// receipt photo), and the delete confirmation: each with the fields it reads.

interface FieldsProps {
  values: Record<string, string | undefined>;
  err: (name: string) => string | undefined;
}

/** The supplier's full tax invoice, for the input VAT to be claimed (typed as printed). */
export function TaxInvoiceFields({ values, err }: FieldsProps) {
  const t = useT();
  const lang = useLang();
  const invoiceDayWords = dateText(values.taxInvoiceDate ?? "", lang);
  const invoiceDayShown = invoiceDayWords
    ? t("shops.finance.field.dayShown", { date: invoiceDayWords })
    : undefined;
  return (
    <fieldset className="border rounded px-3 pt-2 mb-3" data-testid="finance-tax-invoice">
      <legend className="h6 float-none w-auto px-1 mb-0">
        {t("shops.finance.taxInvoice.title")}
      </legend>
      <p className="small text-secondary">{t("shops.finance.taxInvoice.lead")}</p>
      <div className="row g-2">
        <div className="col-sm-7">
          <TextField
            name="supplierTaxId"
            label={t("shops.finance.field.supplierTaxId")}
            hint={t("shops.finance.field.supplierTaxIdHint")}
            inputMode="numeric"
            autoComplete="off"
            maxLength={17}
            defaultValue={values.supplierTaxId}
            error={err("supplierTaxId")}
          />
        </div>
        <div className="col-sm-5">
          <TextField
            name="supplierBranch"
            label={t("shops.finance.field.supplierBranch")}
            hint={t("shops.finance.field.supplierBranchHint")}
            inputMode="numeric"
            autoComplete="off"
            maxLength={5}
            defaultValue={values.supplierBranch}
            error={err("supplierBranch")}
          />
        </div>
        <div className="col-sm-7">
          <TextField
            name="taxInvoiceNumber"
            label={t("shops.finance.field.taxInvoiceNumber")}
            autoComplete="off"
            maxLength={TAX_INVOICE_NUMBER_MAX}
            defaultValue={values.taxInvoiceNumber}
            error={err("taxInvoiceNumber")}
          />
        </div>
        <div className="col-sm-5">
          <TextField
            name="taxInvoiceDate"
            label={t("shops.finance.field.taxInvoiceDate")}
            hint={invoiceDayShown}
            inputMode="numeric"
            autoComplete="off"
            placeholder={t("shops.dayInput.day")}
            defaultValue={dayInputText(values.taxInvoiceDate ?? "", lang)}
            error={err("taxInvoiceDate")}
          />
        </div>
        <div className="col-sm-6">
          <TextField
            name="valueBeforeVat"
            label={t("shops.finance.field.valueBeforeVat")}
            inputMode="decimal"
            defaultValue={values.valueBeforeVat}
            error={err("valueBeforeVat")}
          />
        </div>
        <div className="col-sm-6">
          <TextField
            name="inputVat"
            label={t("shops.finance.field.inputVat")}
            hint={t("shops.finance.field.inputVatHint")}
            inputMode="decimal"
            defaultValue={values.inputVat}
            error={err("inputVat")}
          />
        </div>
      </div>
    </fieldset>
  );
}

/** The receipt photo: the saved one (to keep or remove) and a new one to upload. */
export function ReceiptPhotoField({
  photoUrl,
  err,
}: {
  photoUrl: string | null;
  err: FieldsProps["err"];
}) {
  const t = useT();
  return (
    <>
      {photoUrl && (
        <figure className="mb-2">
          <img
            src={photoUrl}
            alt={t("shops.finance.field.photoCurrent")}
            className="img-thumbnail"
            style={{ maxHeight: 240 }}
            data-testid="finance-photo"
          />
          <BsForm.Check
            type="checkbox"
            id="field-removePhoto"
            name="removePhoto"
            value="1"
            label={t("shops.finance.field.removePhoto")}
          />
        </figure>
      )}
      <TextField
        name="photo"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif"
        label={t("shops.finance.field.photo")}
        hint={t("shops.finance.field.photoHint")}
        error={err("photo")}
      />
    </>
  );
}

/** Asked after the delete link: deleting is one more click, with a way back. */
export function DeleteConfirm({ shopId, shopQuery }: { shopId: string; shopQuery: string }) {
  const t = useT();
  return (
    <Alert variant="danger" className="mt-3 col-lg-8" data-testid="finance-delete-confirm">
      <p>{t("shops.finance.deleteConfirm")}</p>
      <Form method="post" className="d-flex gap-2">
        <ShopIdField shopId={shopId} />
        <input type="hidden" name="intent" value="delete" />
        <Button type="submit" variant="danger">
          {t("shops.finance.deleteYes")}
        </Button>
        <Link className="btn btn-outline-secondary" to={`?${shopQuery}`}>
          {t("shops.finance.deleteNo")}
        </Link>
      </Form>
    </Alert>
  );
}
