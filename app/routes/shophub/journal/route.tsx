import { Alert, Button, Form as BsForm, Table } from "react-bootstrap";
import { Form } from "react-router";
import type { Route } from "./+types/route";
import { appContext } from "~/context";
import { shopsMeta } from "~/layout/shops-page";
import { bangkokIsoDate, formatDateTime } from "~/lib/dates";
import { parseDayInput } from "~/lib/day-input";
import type { MessageKey, Translate } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import {
  closeOverdueDays,
  type JournalProblem,
  journalEntriesOfDay,
  tillsOf,
  verifyJournal,
} from "~/modules/journal/index.server";
import type { JournalKind } from "~/modules/journal";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { DayInput } from "~/ui/day-input";
import { JOURNAL_ROLES } from "~/routes/shophub/till-days/roles";

// The electronic journal by day and till (issue 35, decision 0072): the entries as issued with
// their hash chain, the check of the till's whole chain, the CSV export and the day's slips as
// a PDF. The owner's page.
export const middleware: Route.MiddlewareFunction[] = [chosenShop(JOURNAL_ROLES)];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  await closeOverdueDays(db, shop.id);
  const tills = await tillsOf(db, shop.id);
  const askedTill = url.searchParams.get("till");
  const chosen = tills.find((each) => each.id === askedTill) ?? tills[0] ?? null;
  const typed = url.searchParams.get("day");
  const parsed = typed === null ? bangkokIsoDate(new Date()) : parseDayInput(typed);
  const day = parsed ?? bangkokIsoDate(new Date());
  const [entries, check] = chosen
    ? await Promise.all([
        journalEntriesOfDay(db, shop.id, chosen.id, day),
        verifyJournal(db, { shopId: shop.id, tillId: chosen.id, maxProblems: 20 }),
      ])
    : [[], null];
  return {
    shop: { id: shop.id, name: shop.name },
    tills: tills.map(({ id, code, name }) => ({ id, code, name })),
    tillId: chosen?.id ?? null,
    day,
    typed: typed ?? day,
    dayError: parsed === null,
    entries: entries.map((e) => ({
      ...e,
      issuedAt: e.issuedAt.toISOString(),
      recordedAt: e.recordedAt.toISOString(),
    })),
    check,
  };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  shopsMeta(matches, location.pathname, "shops.journal.title");

const KIND_TEXT: Record<JournalKind, MessageKey> = {
  sale: "shops.journal.kind.sale",
  fullTaxInvoice: "shops.journal.kind.fullTaxInvoice",
  creditNote: "shops.journal.kind.creditNote",
  void: "shops.journal.kind.void",
  zReport: "shops.journal.kind.zReport",
};

function problemText(problem: JournalProblem, t: Translate): string {
  switch (problem.kind) {
    case "changed":
      return t("shops.journal.problem.changed", {
        seq: problem.seq,
        number: problem.documentNumber,
      });
    case "broken-link":
      return t("shops.journal.problem.brokenLink", {
        seq: problem.seq,
        number: problem.documentNumber,
      });
    case "missing":
      return t("shops.journal.problem.missing", { seq: problem.seq });
    case "head":
      return t("shops.journal.problem.head", { seq: problem.seq });
    case "no-entry":
      return t("shops.journal.problem.noEntry", { number: problem.documentNumber });
  }
}

export default function Journal({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { shop, tills, tillId, day, typed, dayError, entries, check } = loaderData;
  const query = `shop=${shop.id}&till=${tillId ?? ""}`;
  return (
    <>
      <h1 className="h3 mb-2">{t("shops.journal.title")}</h1>
      <p className="text-body-secondary">{t("shops.journal.lead")}</p>
      <Form method="get" className="row g-2 align-items-end mb-3">
        <input type="hidden" name="shop" value={shop.id} />
        <div className="col-auto">
          <BsForm.Label htmlFor="journal-till">{t("shops.journal.till")}</BsForm.Label>
          <BsForm.Select id="journal-till" name="till" defaultValue={tillId ?? ""}>
            {tills.map((each) => (
              <option key={each.id} value={each.id}>
                {each.code} {each.name}
              </option>
            ))}
          </BsForm.Select>
        </div>
        <div className="col-auto">
          <BsForm.Label htmlFor="journal-day">{t("shops.journal.day")}</BsForm.Label>
          <DayInput
            id="journal-day"
            name="day"
            lang={lang}
            defaultValue={typed}
            placeholder={t("shops.dayInput.day")}
            isInvalid={dayError}
            aria-describedby={dayError ? "journal-day-error" : undefined}
          />
          {dayError && (
            <BsForm.Control.Feedback type="invalid" id="journal-day-error">
              {t("shops.journal.badDay")}
            </BsForm.Control.Feedback>
          )}
        </div>
        <div className="col-auto">
          <Button type="submit">{t("shops.journal.show")}</Button>
        </div>
      </Form>
      {check && (
        <Alert
          variant={check.ok ? "success" : "danger"}
          data-testid="journal-check"
          data-ok={check.ok ? "true" : "false"}
        >
          {check.ok
            ? t("shops.journal.check.ok", { entries: check.entries })
            : t("shops.journal.check.bad", { count: check.problems.length })}
          {!check.ok && (
            <ul className="mb-0">
              {check.problems.map((problem, index) => (
                <li key={index}>{problemText(problem, t)}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      <p className="d-flex flex-wrap gap-2">
        <a
          className="btn btn-outline-secondary"
          href={`/shophub/journal/export.csv?${query}&from=${day}&to=${day}`}
          download
        >
          {t("shops.journal.csv")}
        </a>
        <a
          className="btn btn-outline-secondary"
          href={`/shophub/journal/slips.pdf?${query}&day=${day}`}
          download
        >
          {t("shops.journal.slips")}
        </a>
      </p>
      {entries.length === 0 ? (
        <p data-testid="journal-empty">{t("shops.journal.empty")}</p>
      ) : (
        <Table responsive size="sm" data-testid="journal-table">
          <thead>
            <tr>
              <th scope="col">{t("shops.journal.col.seq")}</th>
              <th scope="col">{t("shops.journal.col.issuedAt")}</th>
              <th scope="col">{t("shops.journal.col.kind")}</th>
              <th scope="col">{t("shops.journal.col.number")}</th>
              <th scope="col">{t("shops.journal.col.hash")}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>{entry.seq}</td>
                <td>{formatDateTime(entry.issuedAt, lang)}</td>
                <td>{t(KIND_TEXT[entry.kind as JournalKind] ?? "shops.journal.kind.sale")}</td>
                <td>{entry.documentNumber}</td>
                <td>
                  <code className="small text-break">{entry.hash}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
