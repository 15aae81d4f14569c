import { z } from "zod";
import { checkboxField } from "~/lib/forms/fields";
import { parseBahtToSatang, satangToBahtInput } from "~/lib/money";
import { DEFAULT_POINTS_SCHEME, type PointsScheme } from "./points-scheme";

/*
 * The points part of the selling settings form (issue 37, decision 0082): on or off, the baht
 * a customer spends for one point, and what one point takes off a later bill. Read with
 * readForm from the same form as the rest of the settings; each field names its Thai message.
 */

const MAX_SATANG = 100_000_000;

/** A baht amount, or null when left empty (the scheme's default then, unless points are on). */
function bahtAmount(bad: string) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      const typed = (value ?? "").trim();
      if (typed === "") return null;
      const satang = parseBahtToSatang(typed);
      if (satang === null || satang < 1 || satang > MAX_SATANG) {
        ctx.addIssue({ code: "custom", message: bad });
        return z.NEVER;
      }
      return satang;
    });
}

export const pointsFormSchema = z
  .object({
    pointsEnabled: checkboxField(),
    pointsBahtPerPoint: bahtAmount("shops.sellingSettings.points.error.rate"),
    pointsValue: bahtAmount("shops.sellingSettings.points.error.value"),
  })
  .superRefine((form, ctx) => {
    if (!form.pointsEnabled) return;
    if (form.pointsBahtPerPoint === null) {
      ctx.addIssue({
        code: "custom",
        path: ["pointsBahtPerPoint"],
        message: "shops.sellingSettings.points.error.rateRequired",
      });
    }
    if (form.pointsValue === null) {
      ctx.addIssue({
        code: "custom",
        path: ["pointsValue"],
        message: "shops.sellingSettings.points.error.valueRequired",
      });
    }
  })
  .transform((form): PointsScheme => ({
    enabled: form.pointsEnabled,
    satangPerPoint: form.pointsBahtPerPoint ?? DEFAULT_POINTS_SCHEME.satangPerPoint,
    pointValueSatang: form.pointsValue ?? DEFAULT_POINTS_SCHEME.pointValueSatang,
  }));

/** The scheme as the form's fields show it. */
export function pointsFormValues(scheme: PointsScheme): Record<string, string> {
  return {
    pointsEnabled: scheme.enabled ? "on" : "",
    pointsBahtPerPoint: satangToBahtInput(scheme.satangPerPoint, { dropZeroSatang: true }),
    pointsValue: satangToBahtInput(scheme.pointValueSatang, { dropZeroSatang: true }),
  };
}
