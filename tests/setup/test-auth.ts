import { createAuth, type AuthMailer } from "~/modules/accounts/index.server";
import type { Database } from "~/db/client.server";
import { accountMustStay } from "~/modules/shops/index.server";

export interface SentLink {
  kind: "verify" | "reset" | "sign-in" | "password-changed";
  email: string;
  url: string;
}

/** A better-auth instance on a test database whose mailer records the links it is given. */
export function createTestAuth(db: Database) {
  const sent: SentLink[] = [];
  const mailer: AuthMailer = {
    verifyEmail: async (to, url) => void sent.push({ kind: "verify", email: to.email, url }),
    resetPassword: async (to, url) => void sent.push({ kind: "reset", email: to.email, url }),
    signInLink: async (email, url) => void sent.push({ kind: "sign-in", email, url }),
    passwordChanged: async (to) =>
      void sent.push({ kind: "password-changed", email: to.email, url: "" }),
  };
  const auth = createAuth({
    db,
    secret: "test-secret-test-secret-test-secret-0123",
    baseURL: "http://localhost:3000",
    secureCookies: false,
    mailer,
    accountMustStay: (userId) => accountMustStay(db, userId),
  });
  return { auth, sent };
}
