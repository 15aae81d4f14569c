import { Button, Form as BsForm } from "react-bootstrap";
import { Form } from "react-router";
import { dateText, monthText as pickedMonthText, rangeText } from "~/lib/date-text";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { DateShown, usePicked } from "~/ui/date-shown";
import { DayInput } from "~/ui/day-input";
import type { ReportData } from "./types";

type Period = ReportData["period"];
type FieldName = "day" | "month" | "from" | "to";

/**
 * What each period field holds as it is typed, and that value in words under the field: the
 * owner reads the day they mean before showing the report.
 */
function usePeriodFields(period: Period) {
  const lang = useLang();
  const picked = {
    day: usePicked(period.values.day),
    month: usePicked(period.values.month),
    from: usePicked(period.values.from),
    to: usePicked(period.values.to),
  };
  const shown = {
    day: dateText(picked.day.value, lang),
    month: pickedMonthText(picked.month.value, lang),
    range: rangeText(picked.from.value, picked.to.value, lang),
  };
  // A field is described by its error (if any) and by its words: the range's two fields share one.
  const describedBy = (name: FieldName) =>
    [
      period.errors[name] ? `pnl-${name}-error` : null,
      name === "from" || name === "to" ? "pnl-range-shown" : `pnl-${name}-shown`,
    ]
      .filter(Boolean)
      .join(" ");
  return { picked, shown, describedBy };
}

/** The three ways to choose the period (a day, a month, a range), each its own GET form. */
export function PeriodPicker({ shopId, period }: { shopId: string; period: Period }) {
  const t = useT();
  const lang = useLang();
  const { picked, shown, describedBy } = usePeriodFields(period);
  const dateField = (name: "day" | "from" | "to", label: MessageKey) => (
    <BsForm.Group controlId={`pnl-${name}`} className="mb-2">
      <BsForm.Label>{t(label)}</BsForm.Label>
      <DayInput
        lang={lang}
        placeholder={t("shops.dayInput.day")}
        name={name}
        defaultValue={period.values[name]}
        onChange={picked[name].onChange}
        isInvalid={Boolean(period.errors[name])}
        aria-describedby={describedBy(name)}
      />
      {period.errors[name] && (
        <BsForm.Control.Feedback type="invalid" id={`pnl-${name}-error`}>
          {t(period.errors[name])}
        </BsForm.Control.Feedback>
      )}
      {name === "day" && <DateShown id="pnl-day-shown" text={shown.day} />}
    </BsForm.Group>
  );
  const shopField = <input type="hidden" name="shop" value={shopId} />;
  return (
    <div className="row g-3 mb-3 d-print-none" data-testid="pnl-period-picker">
      <Form method="get" className="col-12 col-md-3">
        {shopField}
        <fieldset>
          <legend className="h6">{t("shops.reports.period.day")}</legend>
          {dateField("day", "shops.reports.period.dayField")}
          <Button type="submit" size="sm" variant="outline-primary">
            {t("shops.reports.period.show")}
          </Button>
        </fieldset>
      </Form>
      <Form method="get" className="col-12 col-md-3">
        {shopField}
        <fieldset>
          <legend className="h6">{t("shops.reports.period.month")}</legend>
          <BsForm.Group controlId="pnl-month" className="mb-2">
            <BsForm.Label>{t("shops.reports.period.monthField")}</BsForm.Label>
            <DayInput
              month
              lang={lang}
              placeholder={t("shops.dayInput.month")}
              name="month"
              defaultValue={period.values.month}
              onChange={picked.month.onChange}
              isInvalid={Boolean(period.errors.month)}
              aria-describedby={describedBy("month")}
            />
            {period.errors.month && (
              <BsForm.Control.Feedback type="invalid" id="pnl-month-error">
                {t(period.errors.month)}
              </BsForm.Control.Feedback>
            )}
            <DateShown id="pnl-month-shown" text={shown.month} />
          </BsForm.Group>
          <Button type="submit" size="sm" variant="outline-primary">
            {t("shops.reports.period.show")}
          </Button>
        </fieldset>
      </Form>
      <Form method="get" className="col-12 col-md-6">
        {shopField}
        <fieldset>
          <legend className="h6">{t("shops.reports.period.range")}</legend>
          <div className="row g-2">
            <div className="col-6">{dateField("from", "shops.reports.period.from")}</div>
            <div className="col-6">{dateField("to", "shops.reports.period.to")}</div>
          </div>
          <DateShown id="pnl-range-shown" text={shown.range} />
          <Button type="submit" size="sm" variant="outline-primary">
            {t("shops.reports.period.show")}
          </Button>
        </fieldset>
      </Form>
    </div>
  );
}
