import { useMemo } from "react";
import { Link } from "react-router";
import { lineAddFriendUrl } from "~/lib/line-url";
import type { Route } from "./+types/shophub";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { illustrationImage } from "~/lib/illustrations";
import type { MessageKey, Translate } from "~/lib/i18n";
import { areaMessagesOf } from "~/lib/i18n/messages.server";
import { appContext } from "~/context";
import { shopDashboard } from "~/modules/sales/index.server";
import { activeShopOf } from "~/routes/_gates/session.server";
import { buildMeta, siteFromMatches } from "~/lib/seo";
import { translateFromMatches } from "~/lib/area-meta";
import { keepThaiWordsWhole } from "~/lib/thai-words";
import { maySeeCosts } from "~/modules/shops";
import { MyShops, TodaySummary } from "./shophub-member";

type Key = MessageKey;

/*
 * The page's copy lives in the text system (the `shophubPage` area, decision 0007), so a
 * visitor downloads one language of it. These tables give the page its shape; the keys are
 * literal so that the text check (tests/integration/text-keys.test.ts) sees each one in use.
 */
const WHAT: readonly Key[] = ["shophubPage.what.p1", "shophubPage.what.p2", "shophubPage.what.p3"];
type Pair = { title: Key; text: Key };
const WHY: readonly Pair[] = [
  { title: "shophubPage.why.1.title", text: "shophubPage.why.1.text" },
  { title: "shophubPage.why.2.title", text: "shophubPage.why.2.text" },
  { title: "shophubPage.why.3.title", text: "shophubPage.why.3.text" },
  { title: "shophubPage.why.4.title", text: "shophubPage.why.4.text" },
  { title: "shophubPage.why.5.title", text: "shophubPage.why.5.text" },
  { title: "shophubPage.why.6.title", text: "shophubPage.why.6.text" },
];
const FEATURES: readonly Pair[] = [
  { title: "shophubPage.features.1.title", text: "shophubPage.features.1.text" },
  { title: "shophubPage.features.2.title", text: "shophubPage.features.2.text" },
  { title: "shophubPage.features.3.title", text: "shophubPage.features.3.text" },
  { title: "shophubPage.features.4.title", text: "shophubPage.features.4.text" },
  { title: "shophubPage.features.5.title", text: "shophubPage.features.5.text" },
  { title: "shophubPage.features.6.title", text: "shophubPage.features.6.text" },
  { title: "shophubPage.features.7.title", text: "shophubPage.features.7.text" },
  { title: "shophubPage.features.8.title", text: "shophubPage.features.8.text" },
  { title: "shophubPage.features.9.title", text: "shophubPage.features.9.text" },
  { title: "shophubPage.features.10.title", text: "shophubPage.features.10.text" },
];
/*
 * One plan, because that is what exists: shophub is free today and nothing can be bought. A
 * paid plan appears here only once it can be paid for and its limits are enforced (issue 14).
 */
const PLANS: readonly {
  id: "free";
  highlight: boolean;
  name: Key;
  price: Key;
  period: Key;
  features: readonly Key[];
}[] = [
  {
    id: "free",
    highlight: true,
    name: "shophubPage.pricing.free.name",
    price: "shophubPage.pricing.free.price",
    period: "shophubPage.pricing.free.period",
    features: [
      "shophubPage.pricing.free.feature1",
      "shophubPage.pricing.free.feature2",
      "shophubPage.pricing.free.feature3",
      "shophubPage.pricing.free.feature4",
    ],
  },
];
const PRICING_NOTES: readonly Key[] = ["shophubPage.pricing.note1", "shophubPage.pricing.note2"];

const REGISTER: readonly Pair[] = [
  { title: "shophubPage.register.1.title", text: "shophubPage.register.1.text" },
  { title: "shophubPage.register.2.title", text: "shophubPage.register.2.text" },
  { title: "shophubPage.register.3.title", text: "shophubPage.register.3.text" },
  { title: "shophubPage.register.4.title", text: "shophubPage.register.4.text" },
  { title: "shophubPage.register.5.title", text: "shophubPage.register.5.text" },
];
const HOW_TO_USE: readonly Pair[] = [
  { title: "shophubPage.howToUse.1.title", text: "shophubPage.howToUse.1.text" },
  { title: "shophubPage.howToUse.2.title", text: "shophubPage.howToUse.2.text" },
  { title: "shophubPage.howToUse.3.title", text: "shophubPage.howToUse.3.text" },
  { title: "shophubPage.howToUse.4.title", text: "shophubPage.howToUse.4.text" },
  { title: "shophubPage.howToUse.5.title", text: "shophubPage.howToUse.5.text" },
  { title: "shophubPage.howToUse.6.title", text: "shophubPage.howToUse.6.text" },
];
const TUTORIAL: readonly Key[] = [
  "shophubPage.tutorial.step1",
  "shophubPage.tutorial.step2",
  "shophubPage.tutorial.step3",
  "shophubPage.tutorial.step4",
  "shophubPage.tutorial.step5",
  "shophubPage.tutorial.step6",
  "shophubPage.tutorial.step7",
  "shophubPage.tutorial.step8",
  "shophubPage.tutorial.step9",
];
/*
 * Screenshots of the real screens, taken from the production build by
 * scripts/shophub-screenshots (Thai UI for the Thai page, English for the English one). They
 * sit below the fold, so they are lazy and sized for their 640 × 400 box: never the page's
 * largest paint.
 */
const SHOTS: readonly { id: string; caption: Key; alt: Key }[] = [
  {
    id: "till",
    caption: "shophubPage.tutorial.shot.till.caption",
    alt: "shophubPage.tutorial.shot.till.alt",
  },
  {
    id: "pay",
    caption: "shophubPage.tutorial.shot.pay.caption",
    alt: "shophubPage.tutorial.shot.pay.alt",
  },
  {
    id: "receipt",
    caption: "shophubPage.tutorial.shot.receipt.caption",
    alt: "shophubPage.tutorial.shot.receipt.alt",
  },
  {
    id: "dashboard",
    caption: "shophubPage.tutorial.shot.dashboard.caption",
    alt: "shophubPage.tutorial.shot.dashboard.alt",
  },
  {
    id: "report",
    caption: "shophubPage.tutorial.shot.report.caption",
    alt: "shophubPage.tutorial.shot.report.alt",
  },
];
const FAQ: readonly { question: Key; answer: Key }[] = [
  { question: "shophubPage.faq.1.question", answer: "shophubPage.faq.1.answer" },
  { question: "shophubPage.faq.2.question", answer: "shophubPage.faq.2.answer" },
  { question: "shophubPage.faq.3.question", answer: "shophubPage.faq.3.answer" },
  { question: "shophubPage.faq.4.question", answer: "shophubPage.faq.4.answer" },
  { question: "shophubPage.faq.5.question", answer: "shophubPage.faq.5.answer" },
  { question: "shophubPage.faq.6.question", answer: "shophubPage.faq.6.answer" },
];

/** Who sees today's figures of the active shop at the top of the page (stock staff do not). */
const SUMMARY_ROLES = new Set(["owner", "manager", "cashier"]);

export async function loader({ context }: Route.LoaderArgs) {
  const [messages, active] = await Promise.all([
    areaMessagesOf(context, "shophubPage"),
    activeShopOf(context),
  ]);
  let today = null;
  if (active && SUMMARY_ROLES.has(active.role)) {
    const withProfit = maySeeCosts(active.role);
    const { db } = context.get(appContext);
    const figures = await shopDashboard(db, active.shop.id, { withProfit });
    today = { shop: { id: active.shop.id, name: active.shop.name }, figures: figures.today };
  }
  return { ...messages, today, posPicture: illustrationImage("/images/banners/shophub-pos.svg") };
}

// The picture beside the text: half the container from large screens up.
const HALF_ROW = "(min-width: 1400px) 636px, (min-width: 992px) 50vw, 100vw";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const t = translateFromMatches(matches);
  return buildMeta(siteFromMatches(matches), {
    title: t("shophubPage.title"),
    description: t("shophubPage.lead"),
    path: location.pathname,
    image: "/images/og-default.png",
  });
};

/**
 * The page's copy, with the Thai words the browser would cut mid-word held whole (the lead's
 * "สต็อก" broke as "ดูสต็" / "อก" at 1280 px). The meta tags read the plain text.
 */
function usePageText(): Translate {
  const t = useT();
  return useMemo(() => (key, values) => keepThaiWordsWhole(t(key, values)), [t]);
}

export default function Shophub({ matches, loaderData }: Route.ComponentProps) {
  const t = usePageText();
  const lang = useLang();
  const root = matches[0].loaderData;
  const company = root.company;
  return (
    <>
      {loaderData.today && <TodaySummary today={loaderData.today} />}
      <section className="contact-cta text-white py-5" aria-labelledby="shophub-title">
        <div className="container row align-items-center g-4 mx-auto">
          <div className="col-lg-6">
            <h1 id="shophub-title" className="display-5 fw-bold">
              {t("shophubPage.title")}
            </h1>
            <p className="lead">{t("shophubPage.lead")}</p>
            <div className="d-flex flex-wrap gap-2">
              <StartLink user={root.user} shops={root.shops.length} label="shophubPage.heroCta" />
              <a href="#pricing" className="btn btn-outline-light btn-lg">
                {t("shophubPage.heroSecondary")}
              </a>
            </div>
          </div>
          <div className="col-lg-6">
            <img
              {...loaderData.posPicture}
              sizes={HALF_ROW}
              alt=""
              width={1600}
              height={600}
              className="img-fluid rounded-4"
              fetchPriority="high"
            />
          </div>
        </div>
      </section>

      <MyShops
        signedIn={root.user !== null}
        shops={root.shops}
        activeShopId={root.activeShopId}
        invitations={root.invitations}
      />

      <section id="what" className="container py-5" aria-labelledby="what-title">
        <h2 id="what-title" className="section-title">
          {t("shophubPage.what.heading")}
        </h2>
        {WHAT.map((paragraph) => (
          <p key={paragraph}>{t(paragraph)}</p>
        ))}
      </section>

      <section
        id="why"
        className="bg-light-subtle border-top border-bottom py-5"
        aria-labelledby="why-title"
      >
        <div className="container">
          <h2 id="why-title" className="section-title">
            {t("shophubPage.why.heading")}
          </h2>
          <div className="row g-4">
            {WHY.map((item) => (
              <div key={item.title} className="col-md-6 col-lg-4">
                <h3 className="h5">{t(item.title)}</h3>
                <p className="mb-0">{t(item.text)}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section id="features" className="container py-5" aria-labelledby="features-title">
        <h2 id="features-title" className="section-title">
          {t("shophubPage.features.heading")}
        </h2>
        <div className="row g-4">
          {FEATURES.map((item) => (
            <div key={item.title} className="col-md-6">
              <div className="card h-100">
                <div className="card-body">
                  <h3 className="h5">{t(item.title)}</h3>
                  <p className="mb-0">{t(item.text)}</p>
                </div>
              </div>
            </div>
          ))}
        </div>
      </section>

      <section
        id="pricing"
        className="bg-light-subtle border-top border-bottom py-5"
        aria-labelledby="pricing-title"
      >
        <div className="container">
          <h2 id="pricing-title" className="section-title">
            {t("shophubPage.pricing.heading")}
          </h2>
          <p className="lead">{t("shophubPage.pricing.lead")}</p>
          <div className="row g-4">
            {PLANS.map((plan) => (
              <div key={plan.id} className="col-md-8 col-lg-6">
                <div
                  className={`card h-100 ${plan.highlight ? "pricing-card--highlight" : ""}`}
                  data-plan={plan.id}
                >
                  <div className="card-body">
                    <h3 className="h4">{t(plan.name)}</h3>
                    <p className="mb-3">
                      <span className="display-6 fw-bold">{t(plan.price)}</span>{" "}
                      <span className="text-secondary">{t(plan.period)}</span>
                    </p>
                    <ul className="check-list mb-0">
                      {plan.features.map((feature) => (
                        <li key={feature}>{t(feature)}</li>
                      ))}
                    </ul>
                  </div>
                </div>
              </div>
            ))}
          </div>
          <ul className="small text-secondary mt-3 mb-0">
            {PRICING_NOTES.map((note) => (
              <li key={note}>{t(note)}</li>
            ))}
          </ul>
        </div>
      </section>

      <div className="container py-5">
        <div className="row g-5">
          <section id="register" className="col-lg-6" aria-labelledby="register-title">
            <h2 id="register-title" className="section-title">
              {t("shophubPage.register.heading")}
            </h2>
            <ol className="step-list">
              {REGISTER.map((step) => (
                <li key={step.title}>
                  <h3 className="h6 mb-1">{t(step.title)}</h3>
                  <p className="mb-0">{t(step.text)}</p>
                </li>
              ))}
            </ol>
          </section>
          <section id="how-to-use" className="col-lg-6" aria-labelledby="use-title">
            <h2 id="use-title" className="section-title">
              {t("shophubPage.howToUse.heading")}
            </h2>
            <ol className="step-list">
              {HOW_TO_USE.map((step) => (
                <li key={step.title}>
                  <h3 className="h6 mb-1">{t(step.title)}</h3>
                  <p className="mb-0">{t(step.text)}</p>
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>

      <section
        id="tutorial"
        className="bg-light-subtle border-top border-bottom py-5"
        aria-labelledby="tutorial-title"
      >
        <div className="container">
          <h2 id="tutorial-title" className="section-title">
            {t("shophubPage.tutorial.heading")}
          </h2>
          <p>{t("shophubPage.tutorial.lead")}</p>
          <ol data-testid="tutorial-steps">
            {TUTORIAL.map((step) => (
              <li key={step}>{t(step)}</li>
            ))}
          </ol>
          <p>{t("shophubPage.tutorial.guided")}</p>
          <h3 className="h5 mt-4">{t("shophubPage.tutorial.shots")}</h3>
          <div className="row g-4" data-testid="tutorial-shots">
            {SHOTS.map((shot) => (
              <figure key={shot.id} className="col-sm-6 col-lg-4 mb-0">
                <img
                  src={`/images/shophub/${shot.id}-${lang}.webp`}
                  alt={t(shot.alt)}
                  width={640}
                  height={400}
                  loading="lazy"
                  decoding="async"
                  className="img-fluid rounded border shadow-sm"
                />
                <figcaption className="small text-secondary mt-2">{t(shot.caption)}</figcaption>
              </figure>
            ))}
          </div>
        </div>
      </section>

      <section id="manual" className="container py-5" aria-labelledby="manual-title">
        <h2 id="manual-title" className="section-title">
          {t("shophubPage.manual.heading")}
        </h2>
        <p>{t("shophubPage.manual.text")}</p>
        <div className="d-flex flex-wrap gap-2">
          <Link to="/article/pos-manual" className="btn btn-outline-primary">
            {t("shophubPage.manual.manualLink")}
          </Link>
          <Link to="/article/shophub-pos" className="btn btn-outline-primary">
            {t("shophubPage.manual.articleLink")}
          </Link>
        </div>
      </section>

      <section id="faq" className="container pb-5" aria-labelledby="faq-title">
        <h2 id="faq-title" className="section-title">
          {t("shophubPage.faq.heading")}
        </h2>
        {FAQ.map((item) => (
          <details key={item.question} className="border-bottom py-2">
            <summary className="fw-semibold">{t(item.question)}</summary>
            <p className="mt-2 mb-1">{t(item.answer)}</p>
          </details>
        ))}
      </section>

      <section className="contact-cta text-white py-5" aria-labelledby="final-cta-title">
        <div className="container text-center">
          <h2 id="final-cta-title">{t("shophubPage.finalCta.heading")}</h2>
          <p className="lead">
            {t(root.user ? "shophubPage.finalCta.textMember" : "shophubPage.finalCta.text")}
          </p>
          <div className="d-flex flex-wrap justify-content-center gap-2">
            <StartLink
              user={root.user}
              shops={root.shops.length}
              label="shophubPage.finalCta.button"
            />
          </div>
          {/* One link per way of reaching us: a whole sentence in a tel: link started a call
              when the e-mail in it was tapped. */}
          <p className="mt-4 mb-2">{t("shophubPage.finalCta.contact")}</p>
          <ul className="list-inline mb-0" data-testid="final-cta-contacts">
            <li className="list-inline-item">
              <a href={`tel:${company.phone}`} className="link-light">
                {t("contact.phone")} {company.phoneDisplay}
              </a>
            </li>
            <li className="list-inline-item">
              <a href={`mailto:${company.email}`} className="link-light">
                {company.email}
              </a>
            </li>
            {company.lineId && (
              <li className="list-inline-item">
                <a href={lineAddFriendUrl(company.lineId)} rel="noopener" className="link-light">
                  LINE {company.lineId}
                </a>
              </li>
            )}
          </ul>
        </div>
      </section>
    </>
  );
}

/**
 * The page's call to action, for who is reading: a visitor signs up (`label`), a member
 * without a shop opens one, a member with a shop goes to its stock; nobody who already has an
 * account is asked to sign up again.
 */
function StartLink({ user, shops, label }: { user: unknown; shops: number; label: Key }) {
  const t = useT();
  const [to, text]: [string, Key] = !user
    ? ["/register", label]
    : shops > 0
      ? ["/storehub", "shophubPage.cta.myShop"]
      : ["/shophub/new", "shophubPage.cta.openShop"];
  return (
    <Link to={to} className="btn btn-accent btn-lg" data-testid="shophub-start">
      {t(text)}
    </Link>
  );
}
