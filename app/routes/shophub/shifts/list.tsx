import { Badge, Table } from "react-bootstrap";
import { Link } from "react-router";
import type { Route } from "./+types/list";
import { appContext } from "~/context";
import { shopsMeta } from "~/layout/shops-page";
import { formatDateTime } from "~/lib/dates";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht } from "~/lib/money";
import { listShifts } from "~/modules/shifts/index.server";
import { memberOf } from "~/routes/_gates/member.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { DifferenceText } from "~/routes/shophub/sell/shift-words";

// The shop's shifts: the owner and manager see all, a cashier their own.
export const middleware: Route.MiddlewareFunction[] = [chosenShop(["owner", "manager", "cashier"])];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { shop, role } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const shifts = await listShifts(db, shop.id, {
    memberId: role === "cashier" ? memberOf(context).id : undefined,
  });
  return {
    shop: { id: shop.id, name: shop.name },
    shifts: shifts.map((s) => ({
      id: s.id,
      till: s.till,
      status: s.status,
      openedByName: s.openedByName,
      openedAt: s.openedAt.toISOString(),
      closedAt: s.closedAt?.toISOString() ?? null,
      openingCashSatang: s.openingCashSatang,
      expectedCashSatang: s.expectedCashSatang,
      countedCashSatang: s.countedCashSatang,
      differenceSatang: s.differenceSatang,
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  shopsMeta(matches, location.pathname, "shops.shifts.title");

export default function Shifts({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { shop, shifts } = loaderData;
  return (
    <>
      <h1 className="h3 mb-3">{t("shops.shifts.title")}</h1>
      {shifts.length === 0 ? (
        <p data-testid="shifts-empty">{t("shops.shifts.list.empty")}</p>
      ) : (
        <Table responsive hover data-testid="shifts-table">
          <thead>
            <tr>
              <th scope="col">{t("shops.shifts.col.openedAt")}</th>
              <th scope="col">{t("shops.shifts.col.till")}</th>
              <th scope="col">{t("shops.shifts.col.openedBy")}</th>
              <th scope="col">{t("shops.shifts.col.status")}</th>
              <th scope="col" className="text-end">
                {t("shops.shifts.expected")}
              </th>
              <th scope="col" className="text-end">
                {t("shops.shifts.counted")}
              </th>
              <th scope="col" className="text-end">
                {t("shops.shifts.difference")}
              </th>
            </tr>
          </thead>
          <tbody>
            {shifts.map((s) => (
              <tr key={s.id}>
                <td>
                  <Link to={`/shophub/shifts/${s.id}?shop=${shop.id}`}>
                    {formatDateTime(s.openedAt, lang)}
                  </Link>
                </td>
                <td>{s.till}</td>
                <td>{s.openedByName}</td>
                <td>
                  <Badge bg={s.status === "open" ? "success" : "secondary"}>
                    {t(
                      s.status === "open"
                        ? "shops.shifts.status.open"
                        : "shops.shifts.status.closed",
                    )}
                  </Badge>
                </td>
                <td className="text-end">
                  {s.expectedCashSatang === null ? "—" : formatBaht(s.expectedCashSatang, lang)}
                </td>
                <td className="text-end">
                  {s.countedCashSatang === null ? "—" : formatBaht(s.countedCashSatang, lang)}
                </td>
                <td className="text-end">
                  {s.differenceSatang === null ? (
                    "—"
                  ) : (
                    <DifferenceText satang={s.differenceSatang} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
