import { useEffect, useState } from "react";
import { Alert, Button } from "react-bootstrap";
import { Form, useFetcher } from "react-router";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht, formatSatang } from "~/lib/money";

/*
 * Push on the profile page (issue 36, decision 0078): this device's opt-in and the member's
 * alerts per shop. Feature-detected: a browser without service workers, the Push API or
 * notifications is told so. The permission prompt comes only after the member's click, and the
 * browser's "allow" is their consent for this device. The site's one service worker
 * (public/sw.js, the till's) shows the notifications.
 */

export interface PushProfile {
  enabled: boolean;
  publicKey?: string;
  endpoints?: string[];
  shops?: {
    id: string;
    name: string;
    owner: boolean;
    lowStock: boolean;
    dailySummary: boolean;
    largeRefund: boolean;
    shiftDifference: boolean;
    refundAlertSatang: number;
    closingTime: string;
  }[];
}

interface ShopResult {
  intent?: string;
  values?: Record<string, string>;
  errors?: Record<string, MessageKey>;
  formError?: MessageKey;
  done?: MessageKey;
}

type DeviceState = "checking" | "unsupported" | "off" | "on" | "working" | "denied" | "failed";

function pushSupported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** The VAPID public key (base64url) as the bytes pushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function siteWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register("/sw.js", { scope: "/", updateViaCache: "none" });
  return navigator.serviceWorker.ready;
}

const KINDS = ["lowStock", "dailySummary", "largeRefund", "shiftDifference"] as const;

export function PushSettings({
  push,
  result,
}: {
  push: PushProfile;
  result: ShopResult | undefined;
}) {
  const t = useT();
  const lang = useLang();
  const fetcher = useFetcher<ShopResult>();
  const [state, setState] = useState<DeviceState>("checking");
  const [problem, setProblem] = useState<string | null>(null);
  const [notices, setNotices] = useState(true);
  const known = push.endpoints ?? [];

  useEffect(() => {
    let alive = true;
    const settle = (next: DeviceState) => {
      if (alive) setState(next);
    };
    // What this browser can do and already did, asked after the first paint.
    void Promise.resolve()
      .then(async () => {
        if (!pushSupported()) return "unsupported" as const;
        if (Notification.permission === "denied") return "denied" as const;
        const registration = await navigator.serviceWorker.getRegistration("/");
        const subscription = await registration?.pushManager.getSubscription();
        return subscription && known.includes(subscription.endpoint) ? "on" : "off";
      })
      .then(settle, () => settle("off"));
    return () => {
      alive = false;
    };
    // What the server knows changes only with a reload of this page's data.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [known.join("\n")]);

  const turnOn = async () => {
    setState("working");
    setProblem(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        setState(permission === "denied" ? "denied" : "off");
        return;
      }
      const registration = await siteWorker();
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(push.publicKey ?? ""),
      });
      const json = subscription.toJSON();
      await fetcher.submit(
        {
          intent: "push-subscribe",
          endpoint: json.endpoint ?? "",
          p256dh: json.keys?.p256dh ?? "",
          auth: json.keys?.auth ?? "",
          notices: notices ? "on" : "off",
        },
        { method: "post", action: "/user/profile" },
      );
      setState("on");
    } catch (error) {
      // No push service (a headless browser, a blocked network): the browser's own words.
      setProblem(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
      setState("failed");
    }
  };

  const turnOff = async () => {
    setState("working");
    try {
      const registration = await navigator.serviceWorker.getRegistration("/");
      const subscription = await registration?.pushManager.getSubscription();
      if (subscription) {
        await fetcher.submit(
          { intent: "push-unsubscribe", endpoint: subscription.endpoint },
          { method: "post", action: "/user/profile" },
        );
        await subscription.unsubscribe();
      }
    } finally {
      setState("off");
    }
  };

  const answer = fetcher.data;
  const shopResult = result?.intent === "push-shop" ? result : undefined;
  return (
    <section className="col-12" aria-labelledby="push-title" data-testid="push-settings">
      <h2 id="push-title" className="h4">
        {t("account.push.title")}
      </h2>
      <p className="text-secondary">{t("account.push.lead")}</p>
      {!push.enabled ? (
        <p data-push-state="switched-off">{t("account.push.switchedOff")}</p>
      ) : (
        <div data-push-state={state} data-push-problem={problem ?? undefined}>
          {state === "unsupported" && <p>{t("account.push.unsupported")}</p>}
          {state === "denied" && <Alert variant="warning">{t("account.push.denied")}</Alert>}
          {state === "failed" && <Alert variant="danger">{t("account.push.failed")}</Alert>}
          {answer?.formError && <Alert variant="danger">{t(answer.formError)}</Alert>}
          {answer?.done && state !== "working" && (
            <Alert variant="success" data-testid="push-done">
              {t(answer.done)}
            </Alert>
          )}
          {state === "on" && <p className="fw-semibold">{t("account.push.enabled")}</p>}
          {(state === "off" || state === "failed") && (
            <div className="form-check mb-2">
              <input
                id="push-notices"
                type="checkbox"
                className="form-check-input"
                checked={notices}
                onChange={(event) => setNotices(event.target.checked)}
              />
              <label htmlFor="push-notices" className="form-check-label">
                {t("account.push.notices")}
              </label>
            </div>
          )}
          {(state === "off" || state === "failed" || state === "checking") && (
            <Button onClick={() => void turnOn()} disabled={state === "checking"}>
              {t("account.push.enable")}
            </Button>
          )}
          {state === "on" && (
            <Button variant="outline-secondary" onClick={() => void turnOff()}>
              {t("account.push.disable")}
            </Button>
          )}
          {state === "working" && <p role="status">{t("account.push.working")}</p>}
          <p className="small text-secondary mt-2">
            {t("account.push.devices", { count: known.length })}
          </p>
        </div>
      )}

      {push.enabled && (push.shops?.length ?? 0) > 0 && (
        <>
          <h3 className="h5 mt-4">{t("account.push.shopsTitle")}</h3>
          <p className="text-secondary">{t("account.push.shopsLead")}</p>
          <div className="row g-3">
            {(push.shops ?? []).map((shop) => {
              const mine = shopResult?.values?.shopId === shop.id ? shopResult : undefined;
              const typed = (name: string, fallback: string) => mine?.values?.[name] ?? fallback;
              const refundError = mine?.errors?.refundAlert;
              const closingError = mine?.errors?.closingTime;
              return (
                <div className="col-md-6" key={shop.id}>
                  <Form
                    method="post"
                    noValidate
                    className="border rounded p-3"
                    data-testid={`push-shop-${shop.id}`}
                  >
                    <input type="hidden" name="intent" value="push-shop" />
                    <input type="hidden" name="shopId" value={shop.id} />
                    <h4 className="h6">{shop.name}</h4>
                    {mine?.done && <Alert variant="success">{t(mine.done)}</Alert>}
                    {mine?.formError && <Alert variant="danger">{t(mine.formError)}</Alert>}
                    {KINDS.map((kind) => (
                      <div className="form-check" key={kind}>
                        <input
                          id={`push-${shop.id}-${kind}`}
                          name={kind}
                          type="checkbox"
                          className="form-check-input"
                          defaultChecked={mine?.values ? mine.values[kind] === "on" : shop[kind]}
                        />
                        <label htmlFor={`push-${shop.id}-${kind}`} className="form-check-label">
                          {t(`account.push.kind.${kind}`)}
                        </label>
                      </div>
                    ))}
                    {shop.owner ? (
                      <div className="row g-2 mt-1">
                        <div className="col-sm-6">
                          <label htmlFor={`push-${shop.id}-refund`} className="form-label small">
                            {t("account.push.refundAlert")}
                          </label>
                          <input
                            id={`push-${shop.id}-refund`}
                            name="refundAlert"
                            inputMode="decimal"
                            className={`form-control${refundError ? " is-invalid" : ""}`}
                            defaultValue={typed(
                              "refundAlert",
                              formatSatang(shop.refundAlertSatang),
                            )}
                            aria-invalid={refundError ? true : undefined}
                            aria-describedby={
                              refundError ? `push-${shop.id}-refund-error` : undefined
                            }
                          />
                          {refundError && (
                            <div
                              id={`push-${shop.id}-refund-error`}
                              className="invalid-feedback d-block"
                            >
                              {t(refundError)}
                            </div>
                          )}
                        </div>
                        <div className="col-sm-6">
                          <label htmlFor={`push-${shop.id}-closing`} className="form-label small">
                            {t("account.push.closingTime")}
                          </label>
                          <input
                            id={`push-${shop.id}-closing`}
                            name="closingTime"
                            inputMode="numeric"
                            placeholder="21:00"
                            className={`form-control${closingError ? " is-invalid" : ""}`}
                            defaultValue={typed("closingTime", shop.closingTime)}
                            aria-invalid={closingError ? true : undefined}
                            aria-describedby={
                              closingError ? `push-${shop.id}-closing-error` : undefined
                            }
                          />
                          {closingError && (
                            <div
                              id={`push-${shop.id}-closing-error`}
                              className="invalid-feedback d-block"
                            >
                              {t(closingError)}
                            </div>
                          )}
                        </div>
                      </div>
                    ) : (
                      <p className="small text-secondary mt-2 mb-0">
                        {t("account.push.ownerSets", {
                          amount: formatBaht(shop.refundAlertSatang, lang),
                          time: shop.closingTime,
                        })}
                      </p>
                    )}
                    <Button type="submit" size="sm" className="mt-3">
                      {t("account.push.save")}
                    </Button>
                  </Form>
                </div>
              );
            })}
          </div>
        </>
      )}
    </section>
  );
}
