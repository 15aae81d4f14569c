import { useEffect } from "react";
import { type FormEvent, useState } from "react";
import { Form, useLocation, Link, useSubmit } from "react-router";
import { salesWaitingOnDevice } from "~/features/till-offline/waiting-on-device";
import { useT } from "~/lib/i18n/use-translation";

/*
 * The header's parts only a signed-in member sees: their shops' invitations, the shop switch
 * and their own menu. A script chunk of their own (member-header-slot.ts loads it), so that a
 * visitor's page does not carry them: issue 15 holds the site's own JavaScript on the home
 * page to 10 KiB above a bare React Router page.
 */

export interface MemberHeaderItemsProps {
  user: { name: string; role: string };
  shops: { id: string; name: string }[];
  activeShopId: string | null;
  invitationCount: number;
  /** Closes the phone's menu panel when a link is followed. */
  onNavigate: () => void;
}

export function MemberHeaderItems({
  user,
  shops,
  activeShopId,
  invitationCount,
  onNavigate,
}: MemberHeaderItemsProps) {
  const t = useT();
  useHeaderMenus();
  return (
    <>
      {invitationCount > 0 && (
        // Invitations wait for the member's answer on /shophub.
        <Link
          prefetch="intent"
          viewTransition
          className="btn btn-sm btn-warning"
          to="/shophub#invitations"
          onClick={onNavigate}
          data-testid="invitations-notice"
        >
          {t("shopInvite.notice", { count: invitationCount })}
        </Link>
      )}
      {shops.length > 0 && <ShopSwitch shops={shops} activeShopId={activeShopId} />}
      <MemberMenu user={user} onNavigate={onNavigate} />
    </>
  );
}

/**
 * Closes the header's <details> menus when the page changes, on Escape and on a click
 * elsewhere. Without JavaScript they still open and close with their summary.
 */
function useHeaderMenus(): void {
  const location = useLocation();
  const openMenus = () =>
    Array.from(document.querySelectorAll<HTMLDetailsElement>(".site-header details[open]"));
  useEffect(() => {
    for (const menu of openMenus()) menu.open = false;
  }, [location.key]);
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      for (const menu of openMenus()) if (!menu.contains(event.target as Node)) menu.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      for (const menu of openMenus()) {
        menu.open = false;
        menu.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, []);
}

/**
 * Signing out or switching shop with sales this device has not sent yet would leave them
 * behind: the next member's session could not send them as the seller's (decision 0071). The
 * form is sent only when nothing waits; otherwise it says so. Without JavaScript the forms
 * post as they are (a device without it was never a till).
 */
function useLeaveGuard() {
  const submit = useSubmit();
  const [waiting, setWaiting] = useState(0);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const { submitter } = event.nativeEvent as SubmitEvent;
    void salesWaitingOnDevice().then((count) => {
      setWaiting(count);
      if (count === 0) void submit(submitter instanceof HTMLButtonElement ? submitter : form);
    });
  };
  return { onSubmit, waiting };
}

function WaitingNote({ count }: { count: number }) {
  const t = useT();
  if (count === 0) return null;
  return (
    <p className="header-menu__note text-warning" role="alert" data-testid="leave-waiting">
      {t("nav.tillBillsWaiting", { count })}
    </p>
  );
}

/** The member's own pages and sign-out, behind one compact button with their name. */
function MemberMenu({
  user,
  onNavigate,
}: {
  user: { name: string; role: string };
  onNavigate: () => void;
}) {
  const t = useT();
  const guard = useLeaveGuard();
  return (
    <details className="header-menu member-menu" data-testid="member-menu">
      <summary
        className="btn btn-sm btn-outline-light header-menu__toggle"
        aria-label={t("account.signedInAs", { name: user.name })}
        title={t("account.signedInAs", { name: user.name })}
        data-testid="signed-in-as"
      >
        <span className="header-menu__label">{user.name}</span>
      </summary>
      <ul className="header-menu__list">
        <li className="header-menu__note">{t("account.signedInAs", { name: user.name })}</li>
        <li>
          <Link prefetch="intent" viewTransition to="/user/profile" onClick={onNavigate}>
            {t("nav.profile")}
          </Link>
        </li>
        <li>
          <Link prefetch="intent" viewTransition to="/user/listings" onClick={onNavigate}>
            {t("nav.myListings")}
          </Link>
        </li>
        <li>
          <Link prefetch="intent" viewTransition to="/shophub" onClick={onNavigate}>
            {t("nav.myShops")}
          </Link>
        </li>
        {user.role === "admin" && (
          <li>
            <Link prefetch="intent" viewTransition to="/admin" onClick={onNavigate}>
              {t("nav.admin")}
            </Link>
          </li>
        )}
        <li>
          <Form method="post" action="/user/signOut" onSubmit={guard.onSubmit}>
            <button type="submit">{t("account.signOut")}</button>
          </Form>
          <WaitingNote count={guard.waiting} />
        </li>
      </ul>
    </details>
  );
}

/**
 * The member's active shop, and one POST button per shop to switch: it works without
 * JavaScript and costs the header almost nothing. The server checks the membership.
 */
function ShopSwitch({
  shops,
  activeShopId,
}: {
  shops: { id: string; name: string }[];
  activeShopId: string | null;
}) {
  const t = useT();
  const location = useLocation();
  const active = shops.find((shop) => shop.id === activeShopId);
  const guard = useLeaveGuard();
  return (
    <details className="header-menu shop-switch" data-testid="shop-switch">
      <summary
        className="btn btn-sm btn-outline-light header-menu__toggle"
        aria-label={`${t("nav.shopLabel")}: ${active?.name ?? t("nav.noActiveShop")}`}
        title={active?.name}
      >
        <span className="header-menu__label" data-testid="active-shop">
          {active?.name ?? t("nav.noActiveShop")}
        </span>
      </summary>
      <Form
        method="post"
        action="/shophub/switch"
        className="header-menu__list"
        onSubmit={guard.onSubmit}
      >
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <p className="header-menu__note">{t("nav.shopSwitch")}</p>
        <WaitingNote count={guard.waiting} />
        <ul>
          {shops.map((shop) => (
            <li key={shop.id}>
              <button
                type="submit"
                name="shop"
                value={shop.id}
                aria-current={shop.id === activeShopId ? true : undefined}
              >
                {shop.name}
              </button>
            </li>
          ))}
          <li>
            <Link prefetch="intent" viewTransition to="/shophub">
              {t("nav.myShops")}
            </Link>
          </li>
        </ul>
      </Form>
    </details>
  );
}
