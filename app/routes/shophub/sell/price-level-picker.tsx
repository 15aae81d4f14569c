import { useT } from "~/lib/i18n/use-translation";
import { TillDialog } from "./till-dialog";

interface Level {
  id: number;
  name: string;
}

/**
 * Which price level the bill is sold at (decision 0089): ราคาปลีก (the items' own prices) or
 * one of the shop's levels. Loaded when the cashier first opens it, in its own chunk (the
 * till's script budget).
 */
export function PriceLevelPicker({
  levels,
  current,
  onChoose,
  onClose,
}: {
  levels: readonly Level[];
  current: Level | null;
  onChoose: (level: Level | null) => void;
  onClose: () => void;
}) {
  const t = useT();
  const options: { level: Level | null; label: string }[] = [
    { level: null, label: t("shops.sell.level.retail") },
    ...levels.map((level) => ({ level, label: level.name })),
  ];
  return (
    <TillDialog
      open
      onClose={onClose}
      title={t("shops.sell.level.title")}
      testId="till-price-level-dialog"
    >
      <ul className="list-unstyled d-grid gap-2 mb-0" data-testid="till-price-levels">
        {options.map(({ level, label }, position) => {
          const chosen = (level?.id ?? null) === (current?.id ?? null);
          return (
            <li key={level?.id ?? "retail"}>
              <button
                type="button"
                className={`btn ${chosen ? "btn-primary" : "btn-outline-primary"} till-btn w-100 text-start fs-5`}
                aria-pressed={chosen}
                onClick={() => onChoose(level)}
                data-autofocus={position === 0 ? true : undefined}
                data-testid="till-price-level-option"
              >
                {label}
              </button>
            </li>
          );
        })}
      </ul>
    </TillDialog>
  );
}
