import { useT, useLang } from "~/lib/i18n/use-translation";
import { formatBaht } from "~/lib/money";
import {
  formatPromptPayId,
  formatQuantityMilli,
  normalizePromptPayId,
  promptPayPayload,
  promptPayQrSvg,
  readScaleLabel,
  readScalePrefixes,
  saleDocumentNumber,
  normalizeDocumentPrefix,
  scaleLabelCode,
  type ScaleLabelLayout,
} from "~/modules/sales";
import { PROMPTPAY_ID_KIND_TEXT } from "../sell-text";

// What the owner's choices will look like at the till and on paper, worked out in the browser
// from what is typed with the same functions the till and the documents use (and on the
// server for the first render, so the page shows them without JavaScript too).

/** The test QR: one baht, so that paying it by mistake costs nothing worth mentioning. */
const TEST_AMOUNT_SATANG = 100;

/** The kind of PromptPay ID recognised and a 1 baht QR to scan with a banking app. */
export function PromptPayPreview({ typed }: { typed: string }) {
  const t = useT();
  if (typed.trim() === "") return null;
  const read = normalizePromptPayId(typed);
  if (!read.ok) return null;
  const shown = formatPromptPayId(read.id);
  const payload = promptPayPayload(read.id, TEST_AMOUNT_SATANG);
  // A data: URL keeps the SVG out of the page's markup (the CSP allows data: images).
  const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(promptPayQrSvg(payload, 200))}`;
  return (
    <div className="mb-3" data-testid="promptpay-preview">
      <p className="mb-2" data-testid="promptpay-kind">
        {t("shops.sellingSettings.promptPay.kind", {
          kind: t(PROMPTPAY_ID_KIND_TEXT[read.id.kind]),
          id: shown,
        })}
      </p>
      <figure className="border rounded p-3 d-inline-block bg-white text-center mb-0">
        <img
          src={src}
          width={200}
          height={200}
          alt={t("shops.sellingSettings.promptPay.testAlt", { id: shown })}
          data-testid="promptpay-test-qr"
          data-payload={payload}
        />
        <figcaption className="mt-2">
          <strong>{t("shops.sellingSettings.promptPay.testTitle")}</strong>
          <br />
          <small className="text-secondary">{t("shops.sellingSettings.promptPay.testHint")}</small>
        </figcaption>
      </figure>
    </div>
  );
}

/** "ABB2569-000001" for the prefix as typed; nothing while it cannot be used. */
export function PrefixPreview({ typed, year, id }: { typed: string; year: number; id: string }) {
  const t = useT();
  const read = normalizeDocumentPrefix(typed);
  if (!read.ok) return null;
  return (
    <div className="form-text" id={id} data-testid="prefix-preview">
      {t("shops.sellingSettings.prefix.preview", {
        number: saleDocumentNumber(read.prefix, year, 1),
      })}
    </div>
  );
}

/** Sample weighed goods: item 42, 1.255 kg or ฿89.50, as the scale would print its label. */
const SAMPLE_ITEM = 42;
const SAMPLE_WEIGHT_GRAMS = 1255;
const SAMPLE_PRICE_SATANG = 8950;

/** A label of the layout as typed and what the till reads from it. */
export function ScaleLabelPreview({
  prefixes,
  itemDigits,
  value,
}: {
  prefixes: string;
  itemDigits: string;
  value: string;
}) {
  const t = useT();
  const lang = useLang();
  const read = readScalePrefixes(prefixes);
  const first = read?.[0];
  const digits = Number(itemDigits);
  if (!read || !first || ![4, 5, 6].includes(digits) || (value !== "weight" && value !== "price")) {
    return null;
  }
  const layout: ScaleLabelLayout = {
    prefixes: read,
    itemCodeDigits: digits as 4 | 5 | 6,
    value,
  };
  const code = scaleLabelCode(
    layout,
    first,
    String(SAMPLE_ITEM).padStart(digits, "0"),
    value === "weight" ? SAMPLE_WEIGHT_GRAMS : SAMPLE_PRICE_SATANG,
  );
  const label = readScaleLabel(code, layout);
  if (!label?.ok) return null;
  const decoded = label.label;
  return (
    <div className="alert alert-light border mb-3" data-testid="scale-preview">
      <div>{t("shops.sellingSettings.scale.sample", { code })}</div>
      <div>
        {decoded.kind === "weight"
          ? t("shops.sellingSettings.scale.sampleWeight", {
              item: decoded.itemCode,
              weight: formatQuantityMilli(decoded.qtyMilli, lang),
            })
          : t("shops.sellingSettings.scale.samplePrice", {
              item: decoded.itemCode,
              price: formatBaht(decoded.priceSatang, lang),
            })}
      </div>
    </div>
  );
}
