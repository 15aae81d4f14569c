import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import type { TillStaffActionAnswer, TillStaffAnswer } from "./staff";
import { keepCashier, type TillCashier } from "./till-cashier";

/*
 * The till's staff dialog (issue 37, decision 0088), loaded when it opens: a member picks
 * their name and types their till PIN to take over the till as its seller (under the owner's
 * or the manager's session signed in here), or to clock in or out. The PIN is checked on the
 * server only, so this needs the network; offline the till sells on under its seller.
 */

type Mode = "switch" | "clock";

const PIN_SHAPE = /^\d{4,6}$/;

function timeText(iso: string, lang: string): string {
  return new Date(iso).toLocaleTimeString(lang === "th" ? "th-TH" : "en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Asia/Bangkok",
  });
}

export function StaffPanel({
  shopId,
  bound,
  canSwitch,
  session,
  cashier,
  onSwitched,
}: {
  shopId: string;
  /** This device's registered till, or null when it is none. */
  bound: { tillId: string; token: string } | null;
  /** The session signed in here is an owner's or a manager's. */
  canSwitch: boolean;
  session: { userId: string; name: string };
  cashier: TillCashier | null;
  onSwitched: (cashier: TillCashier | null) => void;
}) {
  const t = useT();
  const lang = useLang();
  const [mode, setMode] = useState<Mode>(canSwitch ? "switch" : "clock");
  const [members, setMembers] = useState<TillStaffAnswer["members"] | null>(null);
  const isBound = bound !== null;
  // The PIN is checked on the server only: a till without a network does not ask.
  const [offline, setOffline] = useState(() => !navigator.onLine);
  const [memberId, setMemberId] = useState("");
  const [pin, setPin] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [told, setTold] = useState<string | null>(null);

  useEffect(() => {
    if (!isBound || offline) return;
    let alive = true;
    fetch(`/shophub/sell/staff?shop=${encodeURIComponent(shopId)}`, {
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const answer = (await response.json()) as TillStaffAnswer;
        if (alive) setMembers(answer.members);
      })
      .catch(() => {
        if (alive) setOffline(true);
      });
    return () => {
      alive = false;
    };
  }, [isBound, offline, shopId]);

  if (!bound) return <p data-testid="till-staff-unbound">{t("shops.sell.staff.notBound")}</p>;
  if (offline) return <p data-testid="till-staff-offline">{t("shops.sell.staff.offline")}</p>;
  if (!members) return <p role="status">{t("shops.sell.staff.loading")}</p>;

  const listed = members.filter((member) => mode === "clock" || member.sells);
  const send = async (direction: "in" | "out" | null) => {
    setTold(null);
    if (!memberId) {
      setProblem(t("shops.sell.staff.error.memberRequired"));
      return;
    }
    if (!PIN_SHAPE.test(pin)) {
      setProblem(t("shops.sell.staff.error.pinRequired"));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const response = await fetch(`/shophub/sell/staff?shop=${encodeURIComponent(shopId)}`, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({
          shopId,
          intent: direction ? "clock" : "switch",
          ...(direction ? { direction } : {}),
          tillId: bound.tillId,
          token: bound.token,
          memberId,
          pin,
        }),
      });
      const answer = (await response.json()) as TillStaffActionAnswer;
      setPin("");
      if (!answer.ok) {
        const { key, triesLeft } = answer.error as { key?: MessageKey; triesLeft?: number | null };
        setProblem(
          typeof triesLeft === "number" && triesLeft > 0
            ? t("shops.sell.staff.error.triesLeft", { count: triesLeft })
            : t(key ?? "shops.sell.staff.error.failed"),
        );
        return;
      }
      if (answer.done === "switch") {
        const next =
          answer.switchId && answer.expiresAt
            ? {
                switchId: answer.switchId,
                userId: answer.cashier.userId,
                name: answer.cashier.name,
                expiresAt: answer.expiresAt,
                tillId: bound.tillId,
                sessionUserId: session.userId,
              }
            : null;
        keepCashier(shopId, next);
        onSwitched(next);
        return;
      }
      const time = timeText(answer.at, lang);
      setTold(
        answer.direction === "in"
          ? t("shops.sell.staff.clockedIn", { name: answer.name, time })
          : t("shops.sell.staff.clockedOut", {
              name: answer.name,
              time,
              hours: `${Math.floor((answer.minutes ?? 0) / 60)}:${String((answer.minutes ?? 0) % 60).padStart(2, "0")}`,
            }),
      );
    } catch {
      setProblem(t("shops.sell.staff.error.failed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="till-staff">
      {canSwitch && (
        <div className="btn-group mb-3" role="group">
          {(["switch", "clock"] as const).map((each) => (
            <button
              key={each}
              type="button"
              className={`btn till-btn ${mode === each ? "btn-primary" : "btn-outline-primary"}`}
              aria-pressed={mode === each}
              onClick={() => {
                setMode(each);
                setProblem(null);
                setTold(null);
              }}
              data-testid={`till-staff-${each}-mode`}
            >
              {t(each === "switch" ? "shops.sell.staff.switchTab" : "shops.sell.staff.clockTab")}
            </button>
          ))}
        </div>
      )}
      {!canSwitch && <p className="small text-secondary">{t("shops.sell.staff.ownerOnly")}</p>}
      {listed.length === 0 ? (
        <p data-testid="till-staff-none">
          {t("shops.sell.staff.noMembers")}{" "}
          <Link to={`/shophub/till-pin?shop=${encodeURIComponent(shopId)}`}>
            {t("shops.sell.staff.pinPage")}
          </Link>
        </p>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void send(mode === "switch" ? null : "in");
          }}
        >
          {mode === "switch" && cashier && (
            <p className="small">{t("shops.sell.staff.back", { name: session.name })}</p>
          )}
          <label htmlFor="till-staff-member" className="form-label">
            {t("shops.sell.staff.who")}
          </label>
          <select
            id="till-staff-member"
            className="form-select form-select-lg mb-3"
            value={memberId}
            onChange={(event) => setMemberId(event.target.value)}
            data-testid="till-staff-member"
          >
            <option value="" />
            {listed.map((member) => (
              <option key={member.userId} value={member.userId}>
                {member.name}
                {member.locked ? ` (${t("shops.sell.staff.locked")})` : ""}
              </option>
            ))}
          </select>
          <label htmlFor="till-staff-pin" className="form-label">
            {t("shops.sell.staff.pin")}
          </label>
          <input
            id="till-staff-pin"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            className={`form-control form-control-lg${problem ? " is-invalid" : ""}`}
            value={pin}
            onChange={(event) => setPin(event.target.value.replace(/\D/g, ""))}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? "till-staff-error" : undefined}
            data-autofocus
            data-testid="till-staff-pin"
          />
          {problem && (
            <div id="till-staff-error" className="invalid-feedback d-block" role="alert">
              {problem}
            </div>
          )}
          {told && (
            <p
              className="alert alert-success mt-3 mb-0"
              role="status"
              data-testid="till-staff-told"
            >
              {told}
            </p>
          )}
          <div className="d-flex flex-wrap gap-2 mt-3">
            {mode === "switch" ? (
              <button
                type="submit"
                className="btn btn-primary btn-lg till-btn"
                disabled={busy}
                data-testid="till-staff-switch"
              >
                {t("shops.sell.staff.switch")}
              </button>
            ) : (
              <>
                <button
                  type="submit"
                  className="btn btn-success btn-lg till-btn"
                  disabled={busy}
                  data-testid="till-staff-clock-in"
                >
                  {t("shops.sell.staff.clockIn")}
                </button>
                <button
                  type="button"
                  className="btn btn-outline-secondary btn-lg till-btn"
                  disabled={busy}
                  onClick={() => void send("out")}
                  data-testid="till-staff-clock-out"
                >
                  {t("shops.sell.staff.clockOut")}
                </button>
              </>
            )}
          </div>
        </form>
      )}
    </div>
  );
}
