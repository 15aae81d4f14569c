import { Alert, Button, Card, Form as BsForm } from "react-bootstrap";
import { Form, Link } from "react-router";
import { ShopIdField } from "~/features/shops/shop-form";
import { formatDateTime } from "~/lib/dates";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { type Failure, FieldError, FormError } from "./form-parts";

interface EtaxData {
  enabled: boolean;
  timestampEmail: string;
  docs: { value: string; number: string; credit: boolean }[];
  deliveries: {
    id: number;
    documentNumber: string;
    toAddress: string;
    ccAddress: string;
    queuedAt: Date | string;
    status: "pending" | "sending" | "sent" | "failed" | null;
    sentAt: Date | string | null;
  }[];
  lastEmail: string;
}

/**
 * e-Tax Invoice by Time Stamp on a sale's page (decision 0074): what was sent of its full tax
 * invoice and credit notes, and the form that sends one to the buyer with a copy to the
 * time-stamp service. Owners and managers; the action checks again.
 */
export function EtaxSection({
  shopId,
  etax,
  failure,
  busy,
}: {
  shopId: string;
  etax: EtaxData;
  failure?: Failure;
  busy: boolean;
}) {
  const t = useT();
  const lang = useLang();
  const statusText = (delivery: EtaxData["deliveries"][number]) => {
    if (delivery.status === "sent" && delivery.sentAt) {
      return t("shops.etax.status.sent", { date: formatDateTime(delivery.sentAt, lang) });
    }
    if (delivery.status === null) return t("shops.etax.status.gone");
    if (delivery.status === "failed") return t("shops.etax.status.failed");
    return t(
      delivery.status === "sending" ? "shops.etax.status.sending" : "shops.etax.status.pending",
    );
  };
  const docError = Boolean(failure?.errors.doc);
  const emailError = Boolean(failure?.errors.buyerEmail);
  return (
    <Card className="mb-4" data-testid="etax">
      <Card.Body>
        <h2 className="h5">{t("shops.etax.send.title")}</h2>
        <p className="text-secondary">{t("shops.etax.send.lead", { cc: etax.timestampEmail })}</p>
        {!etax.enabled && (
          <Alert variant="warning" data-testid="etax-not-enabled">
            {t("shops.etax.send.notEnabled")}{" "}
            <Link
              to={`/shophub/settings/etax?shop=${shopId}`}
              className="text-decoration-underline"
            >
              {t("shops.etax.send.settingsLink")}
            </Link>
          </Alert>
        )}
        {etax.deliveries.length > 0 && (
          <>
            <h3 className="h6">{t("shops.etax.sent.title")}</h3>
            <ul data-testid="etax-deliveries">
              {etax.deliveries.map((delivery) => (
                <li key={delivery.id}>
                  {t("shops.etax.sent.line", {
                    number: delivery.documentNumber,
                    to: delivery.toAddress,
                    cc: delivery.ccAddress,
                    queued: formatDateTime(delivery.queuedAt, lang),
                    status: statusText(delivery),
                  })}
                </li>
              ))}
            </ul>
          </>
        )}
        <FormError failure={failure} />
        <Form method="post" noValidate data-testid="etax-form">
          <ShopIdField shopId={shopId} />
          <input type="hidden" name="intent" value="etax" />
          <BsForm.Group className="mb-3" controlId="etax-doc">
            <BsForm.Label>{t("shops.etax.send.document")}</BsForm.Label>
            <BsForm.Select
              name="doc"
              defaultValue={failure?.values.doc ?? etax.docs[0]?.value}
              isInvalid={docError}
              aria-describedby={docError ? "etax-doc-error" : undefined}
            >
              {etax.docs.map((doc) => (
                <option key={doc.value} value={doc.value}>
                  {t(doc.credit ? "shops.etax.send.credit" : "shops.etax.send.full", {
                    number: doc.number,
                  })}
                </option>
              ))}
            </BsForm.Select>
            <FieldError id="etax-doc-error" failure={failure} name="doc" />
          </BsForm.Group>
          <BsForm.Group className="mb-3" controlId="etax-buyerEmail">
            <BsForm.Label>{t("shops.etax.send.buyerEmail")}</BsForm.Label>
            <BsForm.Control
              name="buyerEmail"
              type="email"
              maxLength={254}
              defaultValue={failure?.values.buyerEmail ?? etax.lastEmail}
              isInvalid={emailError}
              aria-describedby={emailError ? "etax-buyerEmail-error" : undefined}
            />
            <FieldError id="etax-buyerEmail-error" failure={failure} name="buyerEmail" />
          </BsForm.Group>
          <Button type="submit" disabled={busy}>
            {t("shops.etax.send.submit")}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
