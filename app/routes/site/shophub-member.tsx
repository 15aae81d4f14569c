import { Form, Link, useSearchParams } from "react-router";
import type { Route } from "./+types/shophub";
import { formatDate } from "~/lib/dates";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatSatang } from "~/lib/money";

/*
 * The member's parts of the public /shophub page (site/shophub.tsx): today's figures of the
 * active shop, the member's shops with the ways into them, and the invitations waiting for an
 * answer. A visitor sees only the way to register or sign in.
 */

/** The active shop's figures so far today, with the way to its dashboard (members only). */
export function TodaySummary({
  today,
}: {
  today: NonNullable<Route.ComponentProps["loaderData"]["today"]>;
}) {
  const t = useT();
  const { shop, figures } = today;
  return (
    <section className="container pt-4" aria-labelledby="today-title" data-testid="today-summary">
      <div className="card border-primary shadow-sm">
        <div className="card-body d-flex flex-wrap align-items-center gap-4">
          <h2 id="today-title" className="h4 mb-0 flex-grow-1">
            {t("shophubPage.today.title", { shop: shop.name })}
          </h2>
          <div>
            <div className="small text-secondary">{t("shophubPage.today.sales")}</div>
            <div className="fs-4 fw-bold">{formatSatang(figures.salesSatang)}</div>
          </div>
          <div>
            <div className="small text-secondary">{t("shophubPage.today.bills")}</div>
            <div className="fs-4 fw-bold">{figures.bills}</div>
          </div>
          {figures.grossProfitSatang !== undefined && (
            <div>
              <div className="small text-secondary">{t("shophubPage.today.profit")}</div>
              <div className="fs-4 fw-bold">{formatSatang(figures.grossProfitSatang)}</div>
            </div>
          )}
          <div className="d-flex flex-wrap gap-2">
            <Link to={`/shophub/dashboard?shop=${shop.id}`} className="btn btn-primary">
              {t("shophubPage.today.open")}
            </Link>
            <Link to={`/shophub/sell?shop=${shop.id}`} className="btn btn-outline-primary">
              {t("shophubPage.today.sell")}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

/**
 * A signed-in member's shops (the root loader already has them for the header), with the way
 * into storehub and, for owners, to the members and settings; visitors get a way in.
 */
export function MyShops({
  signedIn,
  shops,
  activeShopId,
  invitations,
}: {
  signedIn: boolean;
  shops: { id: string; name: string; role: "owner" | "manager" | "cashier" | "stock" }[];
  activeShopId: string | null;
  invitations: Invitation[];
}) {
  const t = useT();
  const [params] = useSearchParams();
  const outcome = params.get("invitation");
  if (!signedIn) {
    return (
      <section id="my-shops" className="container pt-5" aria-labelledby="my-shops-title">
        <div className="card border-primary-subtle" data-testid="shophub-visitor">
          <div className="card-body d-flex flex-wrap align-items-center gap-3">
            <div className="flex-grow-1">
              <h2 id="my-shops-title" className="h4">
                {t("shophubPage.visitorTitle")}
              </h2>
              <p className="mb-0">{t("shophubPage.visitorLead")}</p>
            </div>
            <div className="d-flex flex-wrap gap-2">
              <Link to="/register?redirectTo=%2Fshophub%2Fnew" className="btn btn-primary">
                {t("shophubPage.register")}
              </Link>
              <Link to="/user/signIn?redirectTo=%2Fshophub" className="btn btn-outline-primary">
                {t("shophubPage.signIn")}
              </Link>
            </div>
          </div>
        </div>
      </section>
    );
  }
  return (
    <section id="my-shops" className="container pt-5" aria-labelledby="my-shops-title">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h2 id="my-shops-title" className="section-title mb-0">
          {t("shophubPage.myShopsTitle")}
        </h2>
        <Link to="/shophub/new" className="btn btn-primary" data-testid="new-shop-link">
          {t("shophubPage.newShop")}
        </Link>
      </div>
      {outcome && isOutcome(outcome) && (
        <div
          className={`alert ${outcome === "accepted" || outcome === "declined" ? "alert-success" : "alert-danger"}`}
          role="status"
          data-testid="invitation-outcome"
        >
          {t(`shopInvite.outcome.${outcome}`)}
        </div>
      )}
      {invitations.length > 0 && <Invitations invitations={invitations} />}
      <p className="text-secondary">
        {shops.length > 0 ? t("shophubPage.myShopsLead") : t("shophubPage.noShops")}
      </p>
      {shops.length > 0 && (
        <ul className="list-group" data-testid="my-shops">
          {shops.map((shop) => (
            <li
              key={shop.id}
              className="list-group-item d-flex flex-wrap align-items-center gap-2"
              data-testid="my-shop"
              data-shop-id={shop.id}
            >
              <div className="flex-grow-1">
                <span className="fw-semibold" data-testid="my-shop-name">
                  {shop.name}
                </span>{" "}
                <span className="badge text-bg-secondary" data-testid="my-shop-role">
                  {t(`shophubPage.role.${shop.role}`)}
                </span>{" "}
                {shop.id === activeShopId && (
                  <span className="badge text-bg-success">{t("shophubPage.active")}</span>
                )}
              </div>
              {/* Opening storehub makes this shop the active one first. */}
              <Form method="post" action="/shophub/switch">
                <input type="hidden" name="shop" value={shop.id} />
                <input type="hidden" name="redirectTo" value="/storehub" />
                <button type="submit" className="btn btn-sm btn-outline-primary">
                  {t("shophubPage.openStorehub")}
                </button>
              </Form>
              {shop.role !== "stock" && (
                <Link
                  to={`/shophub/sell?shop=${shop.id}`}
                  className="btn btn-sm btn-primary"
                  data-testid="my-shop-sell"
                >
                  {t("shophubPage.sell")}
                </Link>
              )}
              {shop.role !== "stock" && (
                <Link
                  to={`/shophub/invoices?shop=${shop.id}`}
                  className="btn btn-sm btn-outline-primary"
                  data-testid="my-shop-invoices"
                >
                  {t("shophubPage.invoices")}
                </Link>
              )}
              {shop.role === "owner" && (
                <>
                  <Link
                    to={`/shophub/members?shop=${shop.id}`}
                    className="btn btn-sm btn-outline-secondary"
                    data-testid="my-shop-members"
                  >
                    {t("shophubPage.members")}
                  </Link>
                  <Link
                    to={`/shophub/settings?shop=${shop.id}`}
                    className="btn btn-sm btn-outline-secondary"
                  >
                    {t("shophubPage.settings")}
                  </Link>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface Invitation {
  id: number;
  shopName: string;
  role: "owner" | "manager" | "cashier" | "stock";
  invitedByName: string | null;
  expiresAt: Date;
}

const OUTCOMES = ["accepted", "declined", "notFound", "unverified"] as const;
const isOutcome = (value: string): value is (typeof OUTCOMES)[number] =>
  (OUTCOMES as readonly string[]).includes(value);

/**
 * Invitations waiting for the member's answer: joining a shop is their choice, so each has an
 * Accept and a Decline button (plain forms, they work without JavaScript).
 */
function Invitations({ invitations }: { invitations: Invitation[] }) {
  const t = useT();
  const lang = useLang();
  return (
    <div id="invitations" className="card border-warning mb-4" data-testid="my-invitations">
      <div className="card-body">
        <h3 className="h5">{t("shopInvite.title")}</h3>
        <p className="text-secondary">{t("shopInvite.lead")}</p>
        <ul className="list-group">
          {invitations.map((invitation) => (
            <li
              key={invitation.id}
              className="list-group-item d-flex flex-wrap align-items-center gap-2"
              data-testid="my-invitation"
            >
              <div className="flex-grow-1">
                <span className="fw-semibold">{invitation.shopName}</span>{" "}
                <span className="badge text-bg-secondary">
                  {t(`shophubPage.role.${invitation.role}`)}
                </span>
                <div className="small text-secondary">
                  {invitation.invitedByName &&
                    `${t("shopInvite.invitedBy", { name: invitation.invitedByName })} · `}
                  {t("shopInvite.validUntil", { date: formatDate(invitation.expiresAt, lang) })}
                </div>
              </div>
              <Form method="post" action="/shophub/invitation">
                <input type="hidden" name="invitationId" value={invitation.id} />
                <input type="hidden" name="intent" value="accept" />
                <button
                  type="submit"
                  className="btn btn-sm btn-primary"
                  data-testid="invitation-accept"
                >
                  {t("shopInvite.accept")}
                </button>
              </Form>
              <Form method="post" action="/shophub/invitation">
                <input type="hidden" name="invitationId" value={invitation.id} />
                <input type="hidden" name="intent" value="decline" />
                <button
                  type="submit"
                  className="btn btn-sm btn-outline-secondary"
                  data-testid="invitation-decline"
                >
                  {t("shopInvite.decline")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
