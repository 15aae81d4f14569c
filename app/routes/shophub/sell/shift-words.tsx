import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht } from "~/lib/money";

/* The shift's words the till, the shift list and the shift report share. */

/** The words for a cash movement's kind (literal keys: the text-keys check reads them). */
export const MOVEMENT_TEXT: Record<"pay_in" | "pay_out", MessageKey> = {
  pay_in: "shops.shifts.movement.pay_in",
  pay_out: "shops.shifts.movement.pay_out",
};

/** Counted minus expected, said as over, short or exact. */
export function DifferenceText({ satang }: { satang: number }) {
  const t = useT();
  const lang = useLang();
  if (satang === 0) return <>{t("shops.shifts.difference.exact")}</>;
  const amount = formatBaht(Math.abs(satang), lang);
  return (
    <>
      {satang > 0
        ? t("shops.shifts.difference.over", { amount })
        : t("shops.shifts.difference.short", { amount })}
    </>
  );
}
