import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

/** Supplies the per-request CSP nonce on the server (the browser does not need it). */
export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
