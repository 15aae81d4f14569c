import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useT } from "~/lib/i18n/use-translation";
import { BUILDING_NUMBER_MAX } from "~/modules/etax";
import { TextField } from "~/ui/text-field";
import { Section } from "./fields";

/** A sub-district the postcode serves, as the select shows it. */
export interface PlaceOption {
  code: string;
  label: string;
}

interface Props {
  shopId: string;
  values: Record<string, string>;
  /** The places of the postcode in `values` (the server's list). */
  places: PlaceOption[];
  error: (field: string) => string | undefined;
}

/**
 * The shop's address as ETDA's XML asks for it (decision 0090): house number, postcode and the
 * sub-district chosen from those the postcode serves. With JavaScript the list follows the
 * postcode as it is typed (`/shophub/settings/etax/places`); without it, saving with a
 * postcode and no sub-district answers with the list to choose from.
 */
export function EtaxAddressFields({ shopId, values, places, error }: Props) {
  const t = useT();
  const fetcher = useFetcher<{ places: PlaceOption[] }>();
  const [postcode, setPostcode] = useState(values.postcode ?? "");
  const [chosen, setChosen] = useState(values.subDistrict ?? "");
  const typedPostcode = postcode.replace(/\s/g, "");
  const shown =
    typedPostcode === (values.postcode ?? "").replace(/\s/g, "")
      ? places
      : (fetcher.data?.places ?? []);
  const { load } = fetcher;

  useEffect(() => {
    if (!/^\d{5}$/.test(typedPostcode)) return;
    if (typedPostcode === (values.postcode ?? "").replace(/\s/g, "")) return;
    void load(
      `/shophub/settings/etax/places?shop=${encodeURIComponent(shopId)}&postcode=${typedPostcode}`,
    );
  }, [typedPostcode, values.postcode, shopId, load]);

  const subDistrictError = error("subDistrict");
  const unknown =
    /^\d{5}$/.test(typedPostcode) && fetcher.state === "idle" && fetcher.data && shown.length === 0;
  return (
    <Section title={t("shops.etax.address.title")}>
      <p className="form-text mt-0">{t("shops.etax.address.lead")}</p>
      <TextField
        name="buildingNumber"
        label={t("shops.etax.address.buildingNumber")}
        hint={t("shops.etax.address.buildingNumberHint")}
        defaultValue={values.buildingNumber ?? ""}
        error={error("buildingNumber")}
        maxLength={BUILDING_NUMBER_MAX}
      />
      <TextField
        name="postcode"
        label={t("shops.etax.address.postcode")}
        hint={t("shops.etax.address.postcodeHint")}
        defaultValue={values.postcode ?? ""}
        onChange={(event) => setPostcode(event.currentTarget.value)}
        error={error("postcode") ?? (unknown ? t("shops.etax.error.postcodeUnknown") : undefined)}
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
      />
      <div className="mb-3">
        <label htmlFor="field-subDistrict" className="form-label">
          {t("shops.etax.address.subDistrict")}
        </label>
        <select
          id="field-subDistrict"
          name="subDistrict"
          className={`form-select${subDistrictError ? " is-invalid" : ""}`}
          value={chosen}
          onChange={(event) => setChosen(event.currentTarget.value)}
          aria-invalid={subDistrictError ? true : undefined}
          aria-describedby={subDistrictError ? "field-subDistrict-error" : "field-subDistrict-hint"}
        >
          <option value="">
            {shown.length > 0
              ? t("shops.etax.address.choose")
              : t("shops.etax.address.typePostcode")}
          </option>
          {shown.map((place) => (
            <option key={place.code} value={place.code}>
              {place.label}
            </option>
          ))}
        </select>
        {subDistrictError ? (
          <div
            id="field-subDistrict-error"
            className="invalid-feedback d-block"
            data-error-for="subDistrict"
          >
            {subDistrictError}
          </div>
        ) : (
          <div id="field-subDistrict-hint" className="form-text">
            {t("shops.etax.address.subDistrictHint")}
          </div>
        )}
      </div>
    </Section>
  );
}
