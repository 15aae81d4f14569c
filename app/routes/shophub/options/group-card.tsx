import { Badge, Button, Card } from "react-bootstrap";
import { Form } from "react-router";
import { ShopIdField } from "~/features/shops/shop-form";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht } from "~/lib/money";
import { formatQuantityMilli } from "~/lib/quantity";
import type { OptionGroupRow } from "~/modules/sales/index.server";
import { TextField } from "~/ui/text-field";
import { ChoiceForm } from "./choice-form";
import { GroupForm } from "./group-form";
import { failureFor, type OptionsFailure } from "./option-failure";

/**
 * One group on the page: its rule, its own form, its choices (each editable and deletable),
 * a new choice, the items that ask it (each detachable), attaching items by SKU, and deleting it.
 */
export function GroupCard({
  shopId,
  group,
  failure,
  busy,
}: {
  shopId: string;
  group: OptionGroupRow;
  failure: OptionsFailure | undefined;
  busy: boolean;
}) {
  const t = useT();
  const lang = useLang();
  const attach = failureFor(failure, `attach-${group.id}`, t);
  const attachError = attach.errorKey("skus");
  const rule =
    group.min === 0
      ? t("shops.options.rule.optional", { max: String(group.max) })
      : group.min === group.max
        ? t("shops.options.rule.exactly", { n: String(group.min) })
        : t("shops.options.rule.range", { min: String(group.min), max: String(group.max) });
  return (
    <Card className="mb-4" data-testid="option-group" data-name={group.name}>
      <Card.Body>
        <h2 className="h4">
          {group.name}{" "}
          <Badge
            bg={group.min > 0 ? "warning" : "secondary"}
            text={group.min > 0 ? "dark" : undefined}
          >
            {group.min > 0 ? t("shops.options.required") : t("shops.options.optional")}
          </Badge>
        </h2>
        <p className="text-secondary">{rule}</p>
        <GroupForm shopId={shopId} failure={failure} busy={busy} group={group} />
        <h3 className="h5 mt-4">{t("shops.options.choices.heading")}</h3>
        {group.choices.length === 0 && (
          <p className="text-secondary">{t("shops.options.choices.none")}</p>
        )}
        <ul className="list-unstyled">
          {group.choices.map((choice) => (
            <li key={choice.id} className="border-bottom pb-2 mb-2">
              <p className="mb-1">
                <strong>{choice.name}</strong>{" "}
                {choice.priceSatang > 0 && <span>+{formatBaht(choice.priceSatang, lang)}</span>}{" "}
                {choice.stock && (
                  <span className="text-secondary small">
                    {t("shops.options.consumes", {
                      qty: formatQuantityMilli(choice.stock.qtyMilli, lang),
                      unit: choice.stock.unit,
                      item: choice.stock.name,
                    })}
                  </span>
                )}
              </p>
              <ChoiceForm
                shopId={shopId}
                groupId={group.id}
                choice={choice}
                failure={failure}
                busy={busy}
              />
              <Form method="post" noValidate>
                <ShopIdField shopId={shopId} />
                <input type="hidden" name="intent" value="deleteChoice" />
                <input type="hidden" name="choiceId" value={choice.id} />
                <Button
                  type="submit"
                  size="sm"
                  variant="link"
                  className="text-danger p-0"
                  disabled={busy}
                >
                  {t("shops.options.deleteChoice", { name: choice.name })}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
        <h4 className="h6">{t("shops.options.addChoice.heading")}</h4>
        <ChoiceForm
          shopId={shopId}
          groupId={group.id}
          choice={null}
          failure={failure}
          busy={busy}
        />
        <h3 className="h5 mt-4">{t("shops.options.items.heading")}</h3>
        {group.items.length === 0 ? (
          <p className="text-secondary">{t("shops.options.items.none")}</p>
        ) : (
          <ul className="list-unstyled" data-testid="option-group-items">
            {group.items.map((item) => (
              <li key={item.id} className="d-flex gap-2 align-items-center mb-1">
                <span>
                  {item.name} <span className="text-secondary small">{item.sku}</span>
                </span>
                <Form method="post" noValidate>
                  <ShopIdField shopId={shopId} />
                  <input type="hidden" name="intent" value="detach" />
                  <input type="hidden" name="groupId" value={group.id} />
                  <input type="hidden" name="itemId" value={item.id} />
                  <Button
                    type="submit"
                    size="sm"
                    variant="link"
                    className="text-danger"
                    disabled={busy}
                  >
                    {t("shops.options.detach", { name: item.name })}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <Form method="post" noValidate className="d-flex flex-wrap gap-2 align-items-start">
          <ShopIdField shopId={shopId} />
          <input type="hidden" name="intent" value="attach" />
          <input type="hidden" name="groupId" value={group.id} />
          <TextField
            idPrefix={`attach-${group.id}`}
            name="skus"
            label={t("shops.options.field.skus")}
            hint={t("shops.options.field.skusHint")}
            defaultValue={attach.value("skus", "")}
            error={
              attachError
                ? t(attachError as MessageKey, { skus: (failure?.unknownSkus ?? []).join(", ") })
                : undefined
            }
            data-testid="option-attach-skus"
          />
          <Button
            type="submit"
            disabled={busy}
            className="mt-4"
            variant="outline-primary"
            data-testid="option-attach"
          >
            {t("shops.options.attach")}
          </Button>
        </Form>
        <Form method="post" noValidate className="mt-4">
          <ShopIdField shopId={shopId} />
          <input type="hidden" name="intent" value="deleteGroup" />
          <input type="hidden" name="groupId" value={group.id} />
          <Button
            type="submit"
            variant="outline-danger"
            disabled={busy}
            data-testid="option-group-delete"
          >
            {t("shops.options.deleteGroup", { name: group.name })}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
