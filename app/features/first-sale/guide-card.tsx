import { Form } from "react-router";
import type { MessageKey } from "~/lib/i18n";
import { useT } from "~/lib/i18n/use-translation";
import { SHOP_FORM_FIELD } from "~/modules/shops";
import type { GuideOfferData, SampleOutcome } from "./guide-offer";

const REFUSALS: readonly SampleOutcome[] = ["sold", "moved", "notNew", "taken", "opening"];

function Command({
  shopId,
  intent,
  label,
  variant,
  testId,
}: {
  shopId: string;
  intent: string;
  label: MessageKey;
  variant: string;
  testId: string;
}) {
  const t = useT();
  return (
    <Form method="post" action={`/shophub/guide?shop=${encodeURIComponent(shopId)}`}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={SHOP_FORM_FIELD} value={shopId} />
      <button type="submit" className={`btn ${variant}`} data-testid={testId}>
        {t(label)}
      </button>
    </Form>
  );
}

/**
 * The dashboard's offer of a guided first sale: sample items for a shop with none (owners and
 * managers), the walkthrough for everyone who sells, and taking the samples back later, or,
 * once they were sold, hiding them. Plain forms: they work before the page's JavaScript.
 */
export default function GuideCard({ offer }: { offer: GuideOfferData }) {
  const t = useT();
  const { shopId, outcome } = offer;
  const refused = outcome !== null && REFUSALS.includes(outcome);
  return (
    <section
      id="first-sale"
      className="card border-primary mb-3"
      aria-labelledby="first-sale-title"
      data-testid="guide-card"
    >
      <div className="card-body">
        <h2 id="first-sale-title" className="h5">
          {t("shops.guide.card.title")}
        </h2>
        {outcome && (
          <p
            className={`alert ${refused ? "alert-warning" : "alert-success"} py-2`}
            role={refused ? "alert" : "status"}
            data-testid="guide-outcome"
            data-outcome={outcome}
          >
            {t(`shops.guide.outcome.${outcome}`)}
          </p>
        )}
        {offer.newShop && (
          <p>{t(offer.canSample ? "shops.guide.card.newShop" : "shops.guide.card.cashier")}</p>
        )}
        {offer.canSample && offer.activeSamples > 0 && (
          <p data-testid="guide-samples">
            {t("shops.guide.card.samples", { count: offer.activeSamples })}
          </p>
        )}
        {offer.canSample && offer.samples > offer.activeSamples && (
          <p className="small text-body-secondary">
            {t("shops.guide.card.archivedSamples", { count: offer.samples - offer.activeSamples })}
          </p>
        )}
        <div className="d-flex flex-wrap gap-2">
          {offer.canSample && offer.newShop && (
            <Command
              shopId={shopId}
              intent="add-samples"
              label="shops.guide.addSamples"
              variant="btn-primary"
              testId="guide-add-samples"
            />
          )}
          {!offer.running && (
            <Command
              shopId={shopId}
              intent="start"
              label={offer.newShop ? "shops.guide.start" : "shops.guide.restart"}
              variant={offer.newShop && offer.canSample ? "btn-outline-primary" : "btn-primary"}
              testId="guide-start"
            />
          )}
          {offer.canSample && offer.activeSamples > 0 && (
            <Command
              shopId={shopId}
              intent="remove-samples"
              label="shops.guide.removeSamples"
              variant="btn-outline-danger"
              testId="guide-remove-samples"
            />
          )}
          {offer.canSample &&
            offer.activeSamples > 0 &&
            (outcome === "sold" || outcome === "moved") && (
              <Command
                shopId={shopId}
                intent="archive-samples"
                label="shops.guide.archiveSamples"
                variant="btn-warning"
                testId="guide-archive-samples"
              />
            )}
        </div>
      </div>
    </section>
  );
}
