import { useEffect } from "react";

/**
 * Empties the password fields of the page whenever an action answers. Without JavaScript the
 * server never sends passwords back; with it the inputs would otherwise keep them.
 */
export function useClearPasswords(actionResult: unknown): void {
  useEffect(() => {
    if (!actionResult) return;
    for (const input of document.querySelectorAll<HTMLInputElement>("main input[type=password]")) {
      input.value = "";
      // Lets listeners such as the strength hint (features/accounts/password-strength.tsx) see the empty field.
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }, [actionResult]);
}
