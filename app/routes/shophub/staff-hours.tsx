import { Table } from "react-bootstrap";
import { Link } from "react-router";
import type { Route } from "./+types/staff-hours";
import { appContext } from "~/context";
import { shopsMeta } from "~/layout/shops-page";
import { addDays, bangkokDayStart, bangkokIsoDate, formatDay, weekdayName } from "~/lib/dates";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { weekHours } from "~/modules/staff/index.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";

/*
 * The hours each member clocked at the tills in a week (issue 37, decision 0088), Monday to
 * Sunday by Bangkok days, for the owner and the managers.
 */

export const middleware: Route.MiddlewareFunction[] = [chosenShop(["owner", "manager"])];

/** The Monday of the Bangkok week `day` falls in. */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const asked = url.searchParams.get("week") ?? "";
  const day = bangkokDayStart(asked) ? asked : bangkokIsoDate(new Date());
  const monday = mondayOf(day);
  const rows = await weekHours(db, shop.id, monday);
  return {
    shop: { id: shop.id, name: shop.name },
    monday,
    days: Array.from({ length: 7 }, (_, index) => addDays(monday, index)),
    rows,
    previous: addDays(monday, -7),
    next: addDays(monday, 7),
  };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  shopsMeta(matches, location.pathname, "shops.staff.hours.title");

/** Minutes as hours and minutes, 7:05. */
function hoursText(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;
}

export default function StaffHours({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { shop, days, rows, previous, next } = loaderData;
  const weekHref = (week: string) =>
    `/shophub/staff-hours?shop=${encodeURIComponent(shop.id)}&week=${week}`;
  return (
    <>
      <h1 className="h2">{t("shops.staff.hours.title")}</h1>
      <p className="text-secondary">{shop.name}</p>
      <p className="lead text-secondary">{t("shops.staff.hours.lead")}</p>
      <nav className="d-flex flex-wrap gap-2 align-items-center mb-3">
        <Link className="btn btn-outline-secondary btn-sm" to={weekHref(previous)}>
          {t("shops.staff.hours.previous")}
        </Link>
        <strong data-testid="staff-hours-week">
          {t("shops.staff.hours.week", {
            from: formatDay(days[0] ?? "", lang),
            to: formatDay(days[6] ?? "", lang),
          })}
        </strong>
        <Link className="btn btn-outline-secondary btn-sm" to={weekHref(next)}>
          {t("shops.staff.hours.next")}
        </Link>
      </nav>
      {rows.length === 0 ? (
        <p data-testid="staff-hours-none">{t("shops.staff.hours.none")}</p>
      ) : (
        <Table responsive size="sm" data-testid="staff-hours">
          <thead>
            <tr>
              <th scope="col">{t("shops.staff.hours.member")}</th>
              {days.map((day) => (
                <th key={day} scope="col" className="text-end">
                  {weekdayName(day, lang)}
                </th>
              ))}
              <th scope="col" className="text-end">
                {t("shops.staff.hours.total")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.userId}>
                <th scope="row">
                  {row.name}
                  {row.open && (
                    <span className="badge text-bg-success ms-2">
                      {t("shops.staff.hours.clockedIn")}
                    </span>
                  )}
                </th>
                {row.days.map((minutes, index) => (
                  <td key={days[index]} className="text-end font-monospace">
                    {minutes > 0 ? hoursText(minutes) : "–"}
                  </td>
                ))}
                <td className="text-end font-monospace fw-bold">{hoursText(row.totalMinutes)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
