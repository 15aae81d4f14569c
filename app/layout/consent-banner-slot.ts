import { createElement, type ComponentType } from "react";

/*
 * Where the root layout puts the consent banner (decision 0076). Only the server draws it:
 * entry.server.tsx provides the component, and the layout renders this slot under
 * `import.meta.env.SSR`, so neither the banner nor this file is in the browser's script. The
 * banner is the body's last element, after the scripts; hydration passes over an element of
 * the body it does not expect (React 19), and leaves it there until the visitor chooses: its
 * form posts to /consent, which answers with the page again, without it.
 */

let banner: ComponentType | null = null;

export function provideConsentBanner(component: ComponentType): void {
  banner = component;
}

export function ConsentBannerSlot() {
  return banner ? createElement(banner) : null;
}
