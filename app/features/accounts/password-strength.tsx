import { useEffect, useState } from "react";
import type { MessageKey } from "~/lib/i18n";
import { useT } from "~/lib/i18n/use-translation";

export type StrengthLevel = 0 | 1 | 2 | 3 | 4;

// Runs of keys or characters that people type as passwords ("qwerty", "123456", "abcdef").
const RUNS = [
  "qwertyuiop",
  "asdfghjkl",
  "zxcvbnm",
  "1234567890",
  "0987654321",
  "abcdefghijklmnopqrstuvwxyz",
];

/**
 * A light estimate of a password's strength for the hint under the field, 0 (too short) to 4
 * (strong). Deliberately small: it ships to the browser on the three pages that set a password,
 * and the server's rule (password-policy.server.ts, with the breached-password list) is what
 * refuses a password; this only tells the member early.
 */
export function passwordStrength(
  password: string,
  personal: readonly string[] = [],
): StrengthLevel {
  const length = [...password].length;
  if (length < 6) return 0;
  const lower = password.trim().toLowerCase();
  const words = personal
    .flatMap((word) => {
      const clean = word.trim().toLowerCase();
      return [clean, clean.split("@")[0] ?? ""];
    })
    .filter((word) => word !== "");
  if (words.includes(lower)) return 1;
  if (/^(.)\1*$/u.test(lower) || RUNS.some((run) => run.includes(lower))) return 1;
  // A word with a few digits after it ("password1", "qwerty123") is the most guessed shape.
  if (/^[a-z]+\d{0,4}$/i.test(password) && length < 12) return 1;
  if (/^\d+$/.test(password)) return length >= 12 ? 2 : 1;
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^\p{L}\p{N}]/u, /[^\p{ASCII}]/u].filter((kind) =>
    kind.test(password),
  ).length;
  // A word, digits, then a symbol or two ("Password123!"): the shape password rules taught
  // everyone, guessed early. The server's estimator refuses most of them, so never "good" here.
  if (/^[a-z]+\d{1,4}[^\p{L}\p{N}]{0,2}$/iu.test(password) && length < 16) return 2;
  if (length >= 16 || (length >= 12 && kinds >= 2)) return 4;
  if (length >= 12 || (length >= 10 && kinds >= 3)) return 3;
  if (length >= 8 && kinds >= 2) return 2;
  return 1;
}

const BAR: Record<StrengthLevel, string> = {
  0: "bg-danger w-25",
  1: "bg-danger w-25",
  2: "bg-warning w-50",
  3: "bg-info w-75",
  4: "bg-success w-100",
};

/**
 * The strength hint under a new-password field: a meter and a sentence that screen readers
 * announce politely, updated as the member types. The field stays a plain TextField; this
 * listens to it by id, so the forms change by one line. `personalFieldIds` are other fields
 * of the same form (e-mail, name) and `personal` known values (the profile's e-mail and name)
 * that make a password weak when it repeats them.
 */
export function PasswordStrength({
  inputId,
  personal = [],
  personalFieldIds = [],
}: {
  inputId: string;
  personal?: readonly string[];
  personalFieldIds?: readonly string[];
}) {
  const t = useT();
  const [level, setLevel] = useState<StrengthLevel | null>(null);
  // Arrays from props are new on every render; their text is what matters.
  const personalKey = personal.join("\n");
  const fieldsKey = personalFieldIds.join("\n");
  useEffect(() => {
    const input = document.getElementById(inputId);
    if (!(input instanceof HTMLInputElement)) return;
    const known = personalKey ? personalKey.split("\n") : [];
    const fields = fieldsKey ? fieldsKey.split("\n") : [];
    const update = () => {
      const typed = fields.map((id) => {
        const field = document.getElementById(id);
        return field instanceof HTMLInputElement ? field.value : "";
      });
      setLevel(input.value ? passwordStrength(input.value, [...known, ...typed]) : null);
    };
    update();
    input.addEventListener("input", update);
    return () => input.removeEventListener("input", update);
  }, [inputId, personalKey, fieldsKey]);
  const levelText = t(
    level === null
      ? "account.password.level.empty"
      : (`account.password.level.${level}` as MessageKey),
  );
  const textId = `${inputId}-strength`;
  return (
    <div className="password-strength mb-3" data-testid="password-strength">
      <div
        className="password-meter"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={level ?? 0}
        aria-valuetext={levelText}
        aria-labelledby={textId}
      >
        {level !== null && <span className={BAR[level]} />}
      </div>
      <p id={textId} className="form-text mb-0" aria-live="polite" data-level={level ?? ""}>
        {t("account.password.strength", { level: levelText })}
      </p>
      <p className="form-text mb-0">{t("account.password.advice")}</p>
    </div>
  );
}
