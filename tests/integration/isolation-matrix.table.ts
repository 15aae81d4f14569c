import type { ShopRole } from "~/modules/shops/index.server";
import type { ShopIds } from "../setup/attack-fixture";

/**
 * The isolation matrix: for every loader and action of a route in app/routes.ts, who may call
 * it and what each caller gets, called through the route tree behind the middleware of its
 * parents (the access gates of app/routes/_gates/), as the app runs it. isolation-matrix.test.ts walks app/routes.ts and fails for a
 * loader or action without a row here, so a new route cannot ship without deciding this.
 *
 * Expectations:
 * - a number: that status, thrown or returned (403, 404, 400…);
 * - "ok": a 200 answer (data or a Response);
 * - "signIn": a redirect to /user/signIn (a visitor);
 * - { redirect }: a redirect whose Location starts with that text;
 * - { anyOf }: one of these (a refusal that another check may answer first).
 */
export type Expect = number | "ok" | "signIn" | { redirect: string } | { anyOf: Expect[] };

export interface CallSpec {
  path: string;
  /** Form fields of a POST; a field given as an array is sent once per value. */
  form?: Record<string, string | string[]>;
}

/** One attack of a shop row: the caller's own request with ids of the other shop in it. */
export interface ForeignCase {
  what: string;
  request: (own: ShopIds, other: ShopIds) => CallSpec;
  expect: Expect;
}

/**
 * A route of shop data. `request(ids)` is its ordinary request for one shop's rows: the
 * matrix sends it with the home shop's ids as each role of the home shop, and with the
 * victim shop's ids as a visitor and as a member of the home shop (with the victim's shop
 * chosen in the cookie: a cookie is only a preference). Every form, and the query string of
 * every GET unless it names one itself, also carries `shopId`, the caller's active shop (the
 * contract of the shop forms). Shop pages that name their shop take it in `?shop=`.
 */
export interface ShopRow {
  access: "shop";
  request: (ids: ShopIds) => CallSpec;
  roles: Record<ShopRole, Expect>;
  visitor: Expect;
  /** A member of another shop (the home shop's owner) sending the victim's ids. */
  outsider: Expect;
  foreign: ForeignCase[];
  /**
   * Set on every action of a shop form: a post carrying another shop's `shopId` (or none) is
   * refused with 409, so two tabs on two shops never write to the wrong one.
   */
  checksShopId?: boolean;
}

/** A route without shop data: a visitor's answer, and a signed-in member's (no shop). */
export interface PlainRow {
  access: "public" | "signedIn" | "admin";
  request?: CallSpec;
  visitor: Expect;
  member: Expect;
  /** Calls of the home shop's owner with the victim owner's listing. */
  foreign?: ForeignCase[];
  /** An administrator's answer (admin routes). */
  admin?: Expect;
}

export type MatrixRow = ShopRow | PlainRow;

/**
 * The receipt photo each shop of the matrix has (isolation-matrix.test.ts stores it): a shop's
 * private file, at the key storeReceiptPhoto gives one.
 */
export const matrixReceiptPhotoKey = (shopId: string) =>
  `private/${matrixOldReceiptPhotoKey(shopId)}`;
/** The same photo's key before decision 0061, when receipt photos were public. */
export const matrixOldReceiptPhotoKey = (shopId: string) =>
  `receipts/${shopId}/0123456789abcdef-01234567.webp`;

let unique = 0;
const next = () => `${Date.now().toString(36)}${++unique}`;

const WRITERS: Record<ShopRole, Expect> = {
  owner: "ok",
  manager: "ok",
  stock: "ok",
  cashier: 403,
};
const READERS: Record<ShopRole, Expect> = {
  owner: "ok",
  manager: "ok",
  stock: "ok",
  cashier: "ok",
};
const OWNER_ONLY = (owner: Expect): Record<ShopRole, Expect> => ({
  owner,
  manager: 403,
  stock: 403,
  cashier: 403,
});
/**
 * A form naming another shop than its `shopId`: 404 from the membership check today, 409 once
 * the shop forms compare the named shop with `shopId` first (either way nothing happens).
 */
const REFUSED_OTHER_SHOP: Expect = { anyOf: [404, 409] };
/** Income and expenses: owners and managers; cashiers and stock staff are refused. */
const BOOKKEEPERS: Record<ShopRole, Expect> = {
  owner: "ok",
  manager: "ok",
  cashier: 403,
  stock: 403,
};
const BOOKKEEPERS_POSTING: Record<ShopRole, Expect> = {
  owner: 400,
  manager: 400,
  cashier: 403,
  stock: 403,
};
/**
 * Who sees what the stock cost the shop and what follows from it (cost, margin, profit, value
 * at cost): the app's one rule (maySeeCosts) must say the same. For every row, the answer to a
 * role that sees no costs holds no cost field (tests/setup/cost-fields.ts), whatever its status.
 */
export const SEES_COSTS: Record<ShopRole, boolean> = {
  owner: true,
  manager: true,
  stock: true,
  cashier: false,
};

/** A page (or file) of the shop's tax reports: its bookkeepers read it, named by `?shop=`. */
function taxReportRow(path: string, query: string): ShopRow {
  return {
    access: "shop",
    request: (ids) => ({ path: `${path}?shop=${ids.shopId}&${query}` }),
    roles: BOOKKEEPERS,
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop named in the URL",
        request: (_own, other) => ({ path: `${path}?shop=${other.shopId}&${query}` }),
        expect: 404,
      },
    ],
  };
}
const ALL = (expect: Expect): Record<ShopRole, Expect> => ({
  owner: expect,
  manager: expect,
  stock: expect,
  cashier: expect,
});

const itemForm = (ids: ShopIds) => ({
  name: `น้ำดื่มทดสอบ ${ids.shopName}`,
  sku: ids.sku,
  barcode: "",
  category: "เครื่องดื่ม",
  unit: "ขวด",
  price: "10.00",
  cost: "7.00",
  reorderLevel: "0",
});

const shopForm = (ids: ShopIds) => ({
  shop: ids.shopId,
  name: ids.shopName,
  businessType: "grocery",
  address: "99 ถนนพหลโยธิน กรุงเทพฯ",
  phone: "081-234-5678",
  taxId: "",
});

/** The selling settings as a new shop's page sends them. */
const sellingForm = () => ({
  vatPrices: "inclusive",
  vatRate: "7",
  branchKind: "head",
  paperWidth: "80",
  receiptPrefix: "RC",
  abbreviatedPrefix: "ABB",
  fullInvoicePrefix: "INV",
  creditNotePrefix: "CN",
  scalePrefixes: "20",
  scaleItemDigits: "5",
  scaleValue: "weight",
  cashierMaxLineDiscount: "10",
  cashierMaxBillDiscount: "10",
});

const publicPage = (request?: CallSpec): PlainRow => ({
  access: "public",
  request,
  visitor: "ok",
  member: "ok",
});
const signedInPage = (request?: CallSpec): PlainRow => ({
  access: "signedIn",
  request,
  visitor: "signIn",
  member: "ok",
});
const adminOnly = (request?: CallSpec, admin: Expect = "ok"): PlainRow => ({
  access: "admin",
  request,
  visitor: "signIn",
  member: 403,
  admin,
});

/** Keyed by route id (the file without its extension unless routes.ts names it) and method. */
export const MATRIX: Record<string, MatrixRow> = {
  // The root loader is not in routes.ts but reads the member's shops for the header.
  "root loader": {
    access: "shop",
    request: () => ({ path: "/" }),
    roles: READERS,
    visitor: "ok",
    outsider: "ok",
    foreign: [],
  },

  // Company site
  "routes/site/home loader": publicPage(),
  "routes/site/article-list loader": publicPage({ path: "/article" }),
  "routes/site/article loader": {
    access: "public",
    request: { path: "/article/no-such-article" },
    visitor: 404,
    member: 404,
  },
  "routes/site/contact loader": publicPage({ path: "/contact" }),
  "routes/site/shophub loader": publicPage({ path: "/shophub" }),
  "routes/site/contact action": {
    access: "public",
    request: { path: "/contact", form: {} },
    visitor: 400,
    member: 400,
  },
  "routes/site/self-check loader": publicPage({ path: "/test" }),
  "terms loader": publicPage({ path: "/terms" }),
  "privacy loader": publicPage({ path: "/privacy" }),
  // The cookie choice (issue 36): anybody's own, nothing of a shop
  "routes/site/consent loader": publicPage({ path: "/consent" }),
  "routes/site/consent action": {
    access: "public",
    request: { path: "/consent", form: { intent: "all", redirectTo: "/" } },
    visitor: { redirect: "/" },
    member: { redirect: "/" },
  },
  "routes/site/not-found loader": {
    access: "public",
    request: { path: "/no-such-page" },
    visitor: 404,
    member: 404,
  },

  // Accounts
  "routes/accounts/register loader": {
    access: "public",
    request: { path: "/register" },
    visitor: "ok",
    member: { redirect: "/" },
  },
  "routes/accounts/register action": {
    access: "public",
    request: { path: "/register", form: {} },
    visitor: 400,
    member: 400,
  },
  "routes/accounts/sign-in loader": {
    access: "public",
    request: { path: "/user/signIn" },
    visitor: "ok",
    member: { redirect: "/" },
  },
  "routes/accounts/sign-in action": {
    access: "public",
    request: { path: "/user/signIn", form: {} },
    visitor: 400,
    member: 400,
  },
  "routes/accounts/sign-out loader": {
    access: "public",
    request: { path: "/user/signOut" },
    visitor: { redirect: "/" },
    member: { redirect: "/" },
  },
  "routes/accounts/sign-out action": {
    access: "public",
    request: { path: "/user/signOut", form: {} },
    visitor: { redirect: "/" },
    member: { redirect: "/" },
  },
  "routes/accounts/reset-password loader": publicPage({ path: "/user/resetPw" }),
  "routes/accounts/reset-password action": {
    access: "public",
    request: { path: "/user/resetPw", form: {} },
    visitor: 400,
    member: 400,
  },
  "routes/accounts/profile loader": signedInPage({ path: "/user/profile" }),
  "routes/accounts/profile action": {
    access: "signedIn",
    request: { path: "/user/profile", form: {} },
    visitor: "signIn",
    member: 400,
  },

  // Shops
  "routes/shophub/switch loader": {
    access: "shop",
    request: () => ({ path: "/shophub/switch" }),
    roles: ALL({ redirect: "/shophub" }),
    // The shophub gate admits members only, before the loader sends anyone to /shophub.
    visitor: "signIn",
    outsider: { redirect: "/shophub" },
    foreign: [],
  },
  "routes/shophub/switch action": {
    access: "shop",
    request: (ids) => ({
      path: "/shophub/switch",
      form: { shop: ids.shopId, redirectTo: "/storehub" },
    }),
    roles: ALL({ redirect: "/storehub" }),
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "switching to the other shop",
        request: (_own, other) => ({
          path: "/shophub/switch",
          form: { shop: other.shopId, redirectTo: "/storehub" },
        }),
        expect: 404,
      },
    ],
  },
  // Added by the first-sale branch: the guided first sale's commands (everyone who sells;
  // sample items: owners and managers).
  "routes/shophub/guide loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/guide?shop=${ids.shopId}` }),
    roles: {
      owner: { redirect: "/shophub/dashboard" },
      manager: { redirect: "/shophub/dashboard" },
      cashier: { redirect: "/shophub/dashboard" },
      stock: 403,
    },
    visitor: "signIn",
    outsider: 404,
    foreign: [],
  },
  "routes/shophub/guide action": {
    access: "shop",
    request: (ids) => ({
      path: `/shophub/guide?shop=${ids.shopId}`,
      form: { intent: "remove-samples" },
    }),
    roles: {
      owner: { redirect: "/shophub/dashboard" },
      manager: { redirect: "/shophub/dashboard" },
      cashier: 403,
      stock: 403,
    },
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "taking back the other shop's samples",
        request: (_own, other) => ({
          path: `/shophub/guide?shop=${other.shopId}`,
          form: { intent: "remove-samples" },
        }),
        expect: 404,
      },
      {
        what: "hiding the other shop's samples",
        request: (_own, other) => ({
          path: `/shophub/guide?shop=${other.shopId}`,
          form: { intent: "archive-samples" },
        }),
        expect: 404,
      },
    ],
    checksShopId: true,
  },
  // Added by the shop forms' branch (sec-shops): answering an invitation from /shophub.
  "routes/shophub/invitation loader": {
    access: "shop",
    request: () => ({ path: "/shophub/invitation" }),
    roles: ALL({ redirect: "/shophub" }),
    // The shophub gate admits members only, before the loader sends anyone to /shophub.
    visitor: "signIn",
    outsider: { redirect: "/shophub" },
    foreign: [],
  },
  "routes/shophub/invitation action": {
    access: "shop",
    // The fixture's invitations were sent to other addresses: "not found" for everybody.
    request: (ids) => ({
      path: "/shophub/invitation",
      form: { intent: "decline", invitationId: String(ids.invitationId) },
    }),
    roles: ALL({ redirect: "/shophub?invitation=notFound" }),
    visitor: "signIn",
    outsider: { redirect: "/shophub?invitation=notFound" },
    foreign: [
      {
        what: "accepting the other shop's invitation",
        request: (_own, other) => ({
          path: "/shophub/invitation",
          form: { intent: "accept", invitationId: String(other.invitationId) },
        }),
        expect: { redirect: "/shophub?invitation=notFound" },
      },
    ],
  },
  "routes/shophub/layout loader": {
    access: "shop",
    request: () => ({ path: "/shophub/new" }),
    roles: READERS,
    visitor: "signIn",
    outsider: "ok",
    foreign: [],
  },
  "routes/shophub/new loader": {
    access: "shop",
    request: () => ({ path: "/shophub/new" }),
    roles: READERS,
    visitor: "signIn",
    outsider: "ok",
    foreign: [],
  },
  "routes/shophub/new action": {
    // Creating a shop names no shop; an empty form is refused for anybody signed in.
    access: "shop",
    request: () => ({ path: "/shophub/new", form: { name: "" } }),
    roles: ALL(400),
    visitor: "signIn",
    outsider: 400,
    foreign: [],
  },
  // Added by the reports branch: profit and loss and its CSV files (owners and managers).
  "routes/shophub/reports loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/reports?shop=${ids.shopId}` }),
    roles: { owner: "ok", manager: "ok", cashier: 403, stock: 403 },
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop named in the URL",
        request: (_own, other) => ({ path: `/shophub/reports?shop=${other.shopId}` }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/reports/export loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/reports/export?shop=${ids.shopId}&report=items` }),
    roles: { owner: "ok", manager: "ok", cashier: 403, stock: 403 },
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop named in the URL",
        request: (_own, other) => ({
          path: `/shophub/reports/export?shop=${other.shopId}&report=items`,
        }),
        expect: 404,
      },
    ],
  },
  // Added by the tax reports branch (issue 35): the monthly tax reports and their files
  // (owners and managers).
  "routes/shophub/tax/vat loader": taxReportRow("/shophub/tax", "month=2026-03"),
  "routes/shophub/tax/sales loader": taxReportRow("/shophub/tax/sales", "month=2026-03"),
  "routes/shophub/tax/purchases loader": taxReportRow("/shophub/tax/purchases", "month=2026-03"),
  "routes/shophub/tax/export loader": taxReportRow(
    "/shophub/tax/export",
    "report=sales&format=csv&month=2026-03",
  ),
  // Added by the invoices branch (after-sale): the shop's sales, one sale and its forms.
  "routes/shophub/invoices/list loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/invoices?shop=${ids.shopId}` }),
    roles: { owner: "ok", manager: "ok", cashier: "ok", stock: 403 },
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop named in the URL",
        request: (_own, other) => ({ path: `/shophub/invoices?shop=${other.shopId}` }),
        expect: 404,
      },
    ],
  },
  // Added by the dashboard branch: today's figures and the stock balance with its CSV.
  ...Object.fromEntries(
    [
      ["routes/shophub/dashboard loader", "/shophub/dashboard"],
      ["routes/shophub/stock loader", "/shophub/stock"],
      ["routes/shophub/stock/export loader", "/shophub/stock/export.csv"],
    ].map(([id, path]) => [
      id,
      {
        access: "shop",
        request: (ids: { shopId: string }) => ({ path: `${path}?shop=${ids.shopId}` }),
        roles: { owner: "ok", manager: "ok", cashier: "ok", stock: 403 },
        visitor: "signIn",
        outsider: 404,
        foreign: [
          {
            what: "the other shop named in the URL",
            request: (_own: unknown, other: { shopId: string }) => ({
              path: `${path}?shop=${other.shopId}`,
            }),
            expect: 404,
          },
        ],
      },
    ]),
  ),
  "routes/shophub/invoices/detail loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/invoices/${ids.saleId}?shop=${ids.shopId}` }),
    roles: { owner: "ok", manager: "ok", cashier: "ok", stock: 403 },
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop's sale under the caller's own shop",
        request: (own, other) => ({ path: `/shophub/invoices/${other.saleId}?shop=${own.shopId}` }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/invoices/detail action": {
    access: "shop",
    // A void without a reason: the roles that may open the page get the form back (400)
    // and nothing changes, so every role can send it in turn.
    request: (ids) => ({
      path: `/shophub/invoices/${ids.saleId}?shop=${ids.shopId}`,
      form: { intent: "void", reason: "" },
    }),
    roles: { owner: 400, manager: 400, cashier: 400, stock: 403 },
    visitor: "signIn",
    outsider: REFUSED_OTHER_SHOP,
    checksShopId: true,
    foreign: [
      {
        what: "voiding the other shop's sale",
        request: (own, other) => ({
          path: `/shophub/invoices/${other.saleId}?shop=${own.shopId}`,
          form: { intent: "void", reason: "ยกเลิก" },
        }),
        expect: 404,
      },
      {
        what: "a full tax invoice for the other shop's sale",
        request: (own, other) => ({
          path: `/shophub/invoices/${other.saleId}?shop=${own.shopId}`,
          form: {
            intent: "full",
            buyerName: "บริษัท ทดสอบ จำกัด",
            buyerAddress: "1 ถนนสีลม",
            buyerTaxId: "1101700207030",
            buyerBranchCode: "00000",
          },
        }),
        expect: 404,
      },
      {
        what: "sending the other shop's full tax invoice as e-Tax",
        request: (own, other) => ({
          path: `/shophub/invoices/${other.saleId}?shop=${own.shopId}`,
          form: { intent: "etax", doc: "full", buyerEmail: "ap@buyer.example" },
        }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/members loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/members?shop=${ids.shopId}` }),
    roles: OWNER_ONLY("ok"),
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop named in the URL",
        request: (_own, other) => ({ path: `/shophub/members?shop=${other.shopId}` }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/members action": {
    access: "shop",
    request: (ids) => ({
      path: `/shophub/members?shop=${ids.shopId}`,
      form: { shop: ids.shopId, intent: "remove", userId: ids.memberId },
    }),
    roles: OWNER_ONLY("ok"),
    visitor: "signIn",
    outsider: REFUSED_OTHER_SHOP,
    foreign: [
      {
        what: "removing the other shop's member (asked)",
        request: (own, other) => ({
          path: `/shophub/members?shop=${own.shopId}`,
          form: { shop: own.shopId, intent: "remove", userId: other.memberId },
        }),
        expect: 404,
      },
      {
        what: "removing the other shop's member (confirmed)",
        request: (own, other) => ({
          path: `/shophub/members?shop=${own.shopId}`,
          form: { shop: own.shopId, intent: "remove", userId: other.memberId, confirmed: "1" },
        }),
        expect: 404,
      },
      {
        what: "changing the role of the other shop's member",
        request: (own, other) => ({
          path: `/shophub/members?shop=${own.shopId}`,
          form: { shop: own.shopId, intent: "role", userId: other.memberId, role: "owner" },
        }),
        expect: 404,
      },
      {
        what: "cancelling the other shop's invitation",
        request: (own, other) => ({
          path: `/shophub/members?shop=${own.shopId}`,
          form: {
            shop: own.shopId,
            intent: "cancelInvite",
            invitationId: String(other.invitationId),
          },
        }),
        expect: 404,
      },
    ],
    checksShopId: true,
  },
  "routes/shophub/settings loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/settings?shop=${ids.shopId}` }),
    roles: OWNER_ONLY("ok"),
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop named in the URL",
        request: (_own, other) => ({ path: `/shophub/settings?shop=${other.shopId}` }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/settings action": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/settings?shop=${ids.shopId}`, form: shopForm(ids) }),
    roles: OWNER_ONLY({ redirect: "/shophub/settings?shop=" }),
    visitor: "signIn",
    outsider: REFUSED_OTHER_SHOP,
    foreign: [
      {
        what: "saving the other shop's details",
        request: (own, other) => ({
          path: `/shophub/settings?shop=${other.shopId}`,
          form: { ...shopForm(own), shop: other.shopId, allowNegativeStock: "on" },
        }),
        expect: REFUSED_OTHER_SHOP,
      },
    ],
    checksShopId: true,
  },
  "routes/shophub/selling-settings loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/settings/selling?shop=${ids.shopId}` }),
    roles: OWNER_ONLY("ok"),
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop named in the URL",
        request: (_own, other) => ({ path: `/shophub/settings/selling?shop=${other.shopId}` }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/selling-settings action": {
    access: "shop",
    request: (ids) => ({
      path: `/shophub/settings/selling?shop=${ids.shopId}`,
      form: sellingForm(),
    }),
    roles: OWNER_ONLY({ redirect: "/shophub/settings/selling?shop=" }),
    visitor: "signIn",
    outsider: REFUSED_OTHER_SHOP,
    foreign: [
      {
        what: "saving the other shop's PromptPay ID",
        request: (own, other) => ({
          path: `/shophub/settings/selling?shop=${other.shopId}`,
          form: { ...sellingForm(), shopId: own.shopId, promptPayId: "0812345678" },
        }),
        expect: REFUSED_OTHER_SHOP,
      },
    ],
    checksShopId: true,
  },

  // e-Tax settings (decision 0074): the owner only
  "routes/shophub/selling-settings/etax loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/settings/etax?shop=${ids.shopId}` }),
    roles: OWNER_ONLY("ok"),
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop named in the URL",
        request: (_own, other) => ({ path: `/shophub/settings/etax?shop=${other.shopId}` }),
        expect: 404,
      },
    ],
  },
  // The postcode's sub-districts for the e-Tax address (decision 0090): behind the same gate.
  "routes/shophub/selling-settings/etax-places loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/settings/etax/places?shop=${ids.shopId}&postcode=10900` }),
    roles: OWNER_ONLY("ok"),
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop named in the URL",
        request: (_own, other) => ({
          path: `/shophub/settings/etax/places?shop=${other.shopId}&postcode=10900`,
        }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/selling-settings/etax action": {
    access: "shop",
    request: (ids) => ({
      path: `/shophub/settings/etax?shop=${ids.shopId}`,
      form: { registration: "", senderEmail: "", timestampEmail: "csemail@etax.teda.th" },
    }),
    roles: OWNER_ONLY({ redirect: "/shophub/settings/etax?shop=" }),
    visitor: "signIn",
    outsider: REFUSED_OTHER_SHOP,
    foreign: [
      {
        what: "switching off the other shop's e-Tax",
        request: (own, other) => ({
          path: `/shophub/settings/etax?shop=${other.shopId}`,
          form: {
            shopId: own.shopId,
            registration: "",
            senderEmail: "",
            timestampEmail: "csemail@etax.teda.th",
          },
        }),
        expect: REFUSED_OTHER_SHOP,
      },
    ],
    checksShopId: true,
  },

  // Printed documents of a sale: owner, manager and cashier; never another shop's sale
  // The e-receipt by e-mail (decision 0094): the address to start with, and the send
  "routes/shophub/invoices/email loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/invoices/${ids.saleId}/email?shop=${ids.shopId}` }),
    roles: { owner: "ok", manager: "ok", cashier: "ok", stock: 403 },
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the customer's e-mail of the other shop's sale",
        request: (own, other) => ({
          path: `/shophub/invoices/${other.saleId}/email?shop=${own.shopId}`,
        }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/invoices/email action": {
    access: "shop",
    request: (ids) => ({
      path: `/shophub/invoices/${ids.saleId}/email?shop=${ids.shopId}`,
      form: { email: "customer@example.com" },
    }),
    roles: { owner: "ok", manager: "ok", cashier: "ok", stock: 403 },
    visitor: "signIn",
    outsider: REFUSED_OTHER_SHOP,
    checksShopId: true,
    foreign: [
      {
        what: "e-mailing the other shop's receipt",
        request: (own, other) => ({
          path: `/shophub/invoices/${other.saleId}/email?shop=${own.shopId}`,
          form: { email: "customer@example.com" },
        }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/invoices/print loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/invoices/${ids.saleId}/print?shop=${ids.shopId}` }),
    roles: { owner: "ok", manager: "ok", cashier: "ok", stock: 403 },
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop's sale under the caller's own shop",
        request: (own, other) => ({
          path: `/shophub/invoices/${other.saleId}/print?shop=${own.shopId}&paper=a4`,
        }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/invoices/print action": {
    access: "shop",
    request: (ids) => ({
      path: `/shophub/invoices/${ids.saleId}/print?shop=${ids.shopId}`,
      form: {},
    }),
    roles: { owner: "ok", manager: "ok", cashier: "ok", stock: 403 },
    visitor: "signIn",
    outsider: REFUSED_OTHER_SHOP,
    foreign: [
      {
        what: "counting a print of the other shop's sale",
        request: (own, other) => ({
          path: `/shophub/invoices/${other.saleId}/print?shop=${own.shopId}`,
          form: {},
        }),
        expect: 404,
      },
    ],
    checksShopId: true,
  },
  "routes/shophub/invoices/pdf loader": {
    access: "shop",
    request: (ids) => ({
      path: `/shophub/invoices/${ids.saleId}/invoice.pdf?shop=${ids.shopId}`,
    }),
    roles: { owner: "ok", manager: "ok", cashier: "ok", stock: 403 },
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop's sale under the caller's own shop",
        request: (own, other) => ({
          path: `/shophub/invoices/${other.saleId}/invoice.pdf?shop=${own.shopId}`,
        }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/invoices/pdf action": {
    access: "shop",
    request: (ids) => ({
      path: `/shophub/invoices/${ids.saleId}/invoice.pdf?shop=${ids.shopId}`,
      form: {},
    }),
    roles: { owner: "ok", manager: "ok", cashier: "ok", stock: 403 },
    visitor: "signIn",
    outsider: REFUSED_OTHER_SHOP,
    foreign: [
      {
        what: "handing out (and counting) the PDF of the other shop's sale",
        request: (own, other) => ({
          path: `/shophub/invoices/${other.saleId}/invoice.pdf?shop=${own.shopId}`,
          form: {},
        }),
        expect: 404,
      },
    ],
    checksShopId: true,
  },

  // The till: owners, managers and cashiers sell; stock staff do not.
  "routes/shophub/sell/route loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/sell?shop=${ids.shopId}` }),
    roles: { owner: "ok", manager: "ok", cashier: "ok", stock: 403 },
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop named in the URL",
        request: (_own, other) => ({ path: `/shophub/sell?shop=${other.shopId}` }),
        expect: 404,
      },
    ],
  },
  // The till posts JSON; a form is no sale (400) once the gate has checked shop and role.
  "routes/shophub/sell/route action": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/sell?shop=${ids.shopId}`, form: {} }),
    roles: { owner: 400, manager: 400, cashier: 400, stock: 403 },
    visitor: "signIn",
    outsider: REFUSED_OTHER_SHOP,
    foreign: [
      {
        what: "selling in the other shop",
        request: (_own, other) => ({ path: `/shophub/sell?shop=${other.shopId}`, form: {} }),
        expect: REFUSED_OTHER_SHOP,
      },
    ],
    checksShopId: true,
  },
  // The till's shift forms (issue 33: their own action). A form without an intent is refused
  // (400); another shop's shift is never found.
  "routes/shophub/sell/shift action": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/sell/shift?shop=${ids.shopId}`, form: {} }),
    roles: { owner: 400, manager: 400, cashier: 400, stock: 403 },
    visitor: "signIn",
    outsider: REFUSED_OTHER_SHOP,
    foreign: [
      {
        what: "a pay-out from the other shop's shift",
        request: (own, other) => ({
          path: `/shophub/sell/shift?shop=${own.shopId}`,
          form: {
            intent: "cashMovement",
            shiftId: String(other.shiftId),
            kind: "pay_out",
            amount: "100",
            reason: "เอาเงินออก",
          },
        }),
        expect: 404,
      },
      {
        what: "closing the other shop's shift",
        request: (own, other) => ({
          path: `/shophub/sell/shift?shop=${own.shopId}`,
          form: { intent: "closeShift", shiftId: String(other.shiftId), counted: "0", note: "" },
        }),
        expect: 404,
      },
      {
        what: "joining the other shop's shift",
        request: (own, other) => ({
          path: `/shophub/sell/shift?shop=${own.shopId}`,
          form: { intent: "addShiftMember", shiftId: String(other.shiftId), userId: "someone" },
        }),
        expect: 404,
      },
    ],
    checksShopId: true,
  },
  // Added by the shifts branch: the shop's shifts and one shift's report (a cashier: their own).
  // A discount approval at the till (decision 0059): JSON; a form is no request (400) once the
  // gate checked shop and role; a caller of another shop never reaches the PIN check.
  "routes/shophub/sell/approve-discount action": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/sell/approve?shop=${ids.shopId}`, form: {} }),
    roles: { owner: 400, manager: 400, cashier: 400, stock: 403 },
    visitor: "signIn",
    outsider: REFUSED_OTHER_SHOP,
    foreign: [
      {
        what: "asking the other shop's owner to approve",
        request: (_own, other) => ({
          path: `/shophub/sell/approve?shop=${other.shopId}`,
          form: {},
        }),
        expect: REFUSED_OTHER_SHOP,
      },
    ],
    checksShopId: true,
  },
  // A seller's device takes a till with the owner's one-time code: a wrong code is refused.
  "routes/shophub/sell/claim-till action": {
    access: "shop",
    request: (ids) => ({
      path: `/shophub/sell/claim?shop=${ids.shopId}`,
      form: { code: "000000", deviceLabel: "x" },
    }),
    roles: { owner: 409, manager: 409, cashier: 409, stock: 403 },
    visitor: "signIn",
    outsider: REFUSED_OTHER_SHOP,
    foreign: [
      {
        what: "taking a till of the other shop",
        request: (_own, other) => ({
          path: `/shophub/sell/claim?shop=${other.shopId}`,
          form: { code: "000000", deviceLabel: "x" },
        }),
        expect: REFUSED_OTHER_SHOP,
      },
    ],
    checksShopId: true,
  },
  // The till finds a customer by phone number (issue 37): the shop's own customers only.
  "routes/shophub/sell/customer loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/sell/customer?shop=${ids.shopId}&phone=0811111111` }),
    roles: { owner: "ok", manager: "ok", cashier: "ok", stock: 403 },
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop named in the URL",
        request: (_own, other) => ({
          path: `/shophub/sell/customer?shop=${other.shopId}&phone=0822222222`,
        }),
        expect: 404,
      },
    ],
  },
  // A payment on account taken at the till (decision 0095, "At the till"): an amount of "" is
  // refused (400) to every role that sells; the other shop's customer is not found.
  "routes/shophub/sell/account-payment action": {
    access: "shop",
    request: (ids) => ({
      path: `/shophub/sell/account-payment?shop=${ids.shopId}`,
      form: { customerId: ids.customerId, amount: "", method: "cash" },
    }),
    roles: { owner: 400, manager: 400, cashier: 400, stock: 403 },
    visitor: "signIn",
    outsider: REFUSED_OTHER_SHOP,
    foreign: [
      {
        what: "a payment against the other shop's customer",
        request: (own, other) => ({
          path: `/shophub/sell/account-payment?shop=${own.shopId}`,
          form: { customerId: other.customerId, amount: "1", method: "transfer" },
        }),
        expect: 404,
      },
    ],
  },
  // A registered till sends its queue here (decision 0071): JSON; a form is no sale (422) once
  // the gate checked shop and role; another shop's caller never reaches completeSale.
  "routes/shophub/sell/sync action": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/sell/sync?shop=${ids.shopId}`, form: {} }),
    roles: { owner: 422, manager: 422, cashier: 422, stock: 403 },
    visitor: "signIn",
    outsider: REFUSED_OTHER_SHOP,
    foreign: [
      {
        what: "sending a sale into the other shop",
        request: (_own, other) => ({
          path: `/shophub/sell/sync?shop=${other.shopId}`,
          form: {},
        }),
        expect: REFUSED_OTHER_SHOP,
      },
    ],
    checksShopId: true,
  },
  // The shop's registered tills (issue 34): owners and managers; never another shop's till.
  "routes/shophub/tills loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/tills?shop=${ids.shopId}` }),
    roles: { owner: "ok", manager: "ok", cashier: 403, stock: 403 },
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop named in the URL",
        request: (_own, other) => ({ path: `/shophub/tills?shop=${other.shopId}` }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/tills action": {
    access: "shop",
    request: (ids) => ({
      path: `/shophub/tills?shop=${ids.shopId}`,
      form: {
        intent: "register",
        name: `เครื่อง ${Math.random().toString(36).slice(2, 8)}`,
        posNumber: "",
      },
    }),
    roles: { owner: "ok", manager: "ok", cashier: 403, stock: 403 },
    visitor: "signIn",
    outsider: REFUSED_OTHER_SHOP,
    foreign: [
      {
        what: "registering a till in the other shop",
        request: (own, other) => ({
          path: `/shophub/tills?shop=${other.shopId}`,
          form: { intent: "register", name: "เครื่องแฝง", posNumber: "", shopId: own.shopId },
        }),
        expect: REFUSED_OTHER_SHOP,
      },
    ],
    checksShopId: true,
  },
  // A till's day reports (issue 35, decision 0072): owners and managers; never another shop's
  // till or Z report. The post asks a day to come: refused (409) after the checks, changing
  // nothing, so the matrix closes no day of the shop it sells in.
  "routes/shophub/till-days/list loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/zreports?shop=${ids.shopId}` }),
    roles: BOOKKEEPERS,
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop named in the URL",
        request: (_own, other) => ({ path: `/shophub/zreports?shop=${other.shopId}` }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/till-days/list action": {
    access: "shop",
    request: (ids) => ({
      path: `/shophub/zreports?shop=${ids.shopId}`,
      form: { tillId: ids.tillId, day: "2999-01-01" },
    }),
    roles: { owner: 409, manager: 409, cashier: 403, stock: 403 },
    visitor: "signIn",
    outsider: REFUSED_OTHER_SHOP,
    foreign: [
      {
        what: "closing the other shop's till under the caller's own shop",
        request: (own, other) => ({
          path: `/shophub/zreports?shop=${own.shopId}`,
          form: { tillId: other.tillId, day: "2026-01-01", shopId: own.shopId },
        }),
        expect: 404,
      },
    ],
    checksShopId: true,
  },
  "routes/shophub/till-days/x loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/zreports/x?shop=${ids.shopId}&till=${ids.tillId}` }),
    roles: BOOKKEEPERS,
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop's till under the caller's own shop",
        request: (own, other) => ({
          path: `/shophub/zreports/x?shop=${own.shopId}&till=${other.tillId}`,
        }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/till-days/report loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/zreports/${ids.zReportId}?shop=${ids.shopId}` }),
    roles: BOOKKEEPERS,
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop's Z report under the caller's own shop",
        request: (own, other) => ({
          path: `/shophub/zreports/${other.zReportId}?shop=${own.shopId}`,
        }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/till-days/x-pdf loader": {
    access: "shop",
    request: (ids) => ({
      path: `/shophub/zreports/x/report.pdf?shop=${ids.shopId}&till=${ids.tillId}`,
    }),
    roles: BOOKKEEPERS,
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop's till under the caller's own shop",
        request: (own, other) => ({
          path: `/shophub/zreports/x/report.pdf?shop=${own.shopId}&till=${other.tillId}`,
        }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/till-days/pdf loader": {
    access: "shop",
    request: (ids) => ({
      path: `/shophub/zreports/${ids.zReportId}/report.pdf?shop=${ids.shopId}`,
    }),
    roles: BOOKKEEPERS,
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop's Z report under the caller's own shop",
        request: (own, other) => ({
          path: `/shophub/zreports/${other.zReportId}/report.pdf?shop=${own.shopId}`,
        }),
        expect: 404,
      },
    ],
  },
  // The electronic journal: the owner's.
  "routes/shophub/journal/route loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/journal?shop=${ids.shopId}&till=${ids.tillId}` }),
    roles: { owner: "ok", manager: 403, cashier: 403, stock: 403 },
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop named in the URL",
        request: (_own, other) => ({ path: `/shophub/journal?shop=${other.shopId}` }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/journal/export loader": {
    access: "shop",
    request: (ids) => ({
      path: `/shophub/journal/export.csv?shop=${ids.shopId}&till=${ids.tillId}&from=2026-01-01&to=2099-12-31`,
    }),
    roles: { owner: "ok", manager: 403, cashier: 403, stock: 403 },
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop named in the URL",
        request: (_own, other) => ({
          path: `/shophub/journal/export.csv?shop=${other.shopId}&from=2026-01-01&to=2026-01-02`,
        }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/journal/slips loader": {
    access: "shop",
    request: (ids) => ({
      path: `/shophub/journal/slips.pdf?shop=${ids.shopId}&till=${ids.tillId}&day=2026-01-01`,
    }),
    // No slip on that day: the owner is answered 404 with the Thai sentence, the others 403.
    roles: { owner: 404, manager: 403, cashier: 403, stock: 403 },
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop's till under the caller's own shop",
        request: (own, other) => ({
          path: `/shophub/journal/slips.pdf?shop=${own.shopId}&till=${other.tillId}&day=2026-01-01`,
        }),
        expect: 404,
      },
    ],
  },
  // One's own approval PIN: owners and managers only.
  "routes/shophub/approval-pin loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/approval-pin?shop=${ids.shopId}` }),
    roles: { owner: "ok", manager: "ok", cashier: 403, stock: 403 },
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop named in the URL",
        request: (_own, other) => ({ path: `/shophub/approval-pin?shop=${other.shopId}` }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/approval-pin action": {
    access: "shop",
    request: (ids) => ({
      path: `/shophub/approval-pin?shop=${ids.shopId}`,
      form: { intent: "set", pin: "4826", confirm: "4826" },
    }),
    roles: {
      owner: { redirect: "/shophub/approval-pin?shop=" },
      manager: { redirect: "/shophub/approval-pin?shop=" },
      cashier: 403,
      stock: 403,
    },
    visitor: "signIn",
    outsider: REFUSED_OTHER_SHOP,
    foreign: [
      {
        what: "setting a PIN in the other shop",
        request: (own, other) => ({
          path: `/shophub/approval-pin?shop=${other.shopId}`,
          form: { intent: "set", pin: "4826", confirm: "4826", shopId: own.shopId },
        }),
        expect: REFUSED_OTHER_SHOP,
      },
    ],
    checksShopId: true,
  },
  // Staff at a shared till (issue 37, decision 0088): every member's own till PIN; owners and
  // managers see everyone's state and unlock; never another shop's member.
  "routes/shophub/till-pin loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/till-pin?shop=${ids.shopId}` }),
    roles: { owner: "ok", manager: "ok", cashier: "ok", stock: "ok" },
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop named in the URL",
        request: (_own, other) => ({ path: `/shophub/till-pin?shop=${other.shopId}` }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/till-pin action": {
    access: "shop",
    request: (ids) => ({
      path: `/shophub/till-pin?shop=${ids.shopId}`,
      form: { intent: "set", pin: "4826", confirm: "4826" },
    }),
    roles: {
      owner: { redirect: "/shophub/till-pin?shop=" },
      manager: { redirect: "/shophub/till-pin?shop=" },
      cashier: { redirect: "/shophub/till-pin?shop=" },
      stock: { redirect: "/shophub/till-pin?shop=" },
    },
    visitor: "signIn",
    outsider: REFUSED_OTHER_SHOP,
    foreign: [
      {
        what: "setting a PIN in the other shop",
        request: (own, other) => ({
          path: `/shophub/till-pin?shop=${other.shopId}`,
          form: { intent: "set", pin: "4826", confirm: "4826", shopId: own.shopId },
        }),
        expect: REFUSED_OTHER_SHOP,
      },
      {
        what: "unlocking the other shop's member's PIN under the caller's own shop",
        request: (own, other) => ({
          path: `/shophub/till-pin?shop=${own.shopId}`,
          form: { intent: "unlock", userId: other.memberId },
        }),
        expect: 404,
      },
    ],
    checksShopId: true,
  },
  "routes/shophub/staff-hours loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/staff-hours?shop=${ids.shopId}` }),
    roles: { owner: "ok", manager: "ok", cashier: 403, stock: 403 },
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop named in the URL",
        request: (_own, other) => ({ path: `/shophub/staff-hours?shop=${other.shopId}` }),
        expect: 404,
      },
    ],
  },
  // The till's staff dialog: who has a PIN (names only), and the PIN switch and clock (JSON; a
  // form is no request, 400, once the gate checked shop and role).
  "routes/shophub/sell/staff loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/sell/staff?shop=${ids.shopId}` }),
    roles: { owner: "ok", manager: "ok", cashier: "ok", stock: 403 },
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop named in the URL",
        request: (_own, other) => ({ path: `/shophub/sell/staff?shop=${other.shopId}` }),
        expect: 404,
      },
    ],
  },
  // The till's last receipts (decision 0088): the shop's own sales under the till's name.
  "routes/shophub/sell/recent loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/sell/recent?shop=${ids.shopId}&till=P01` }),
    roles: { owner: "ok", manager: "ok", cashier: "ok", stock: 403 },
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop named in the URL",
        request: (_own, other) => ({ path: `/shophub/sell/recent?shop=${other.shopId}&till=P01` }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/sell/staff action": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/sell/staff?shop=${ids.shopId}`, form: {} }),
    roles: { owner: 400, manager: 400, cashier: 400, stock: 403 },
    visitor: "signIn",
    outsider: REFUSED_OTHER_SHOP,
    foreign: [
      {
        what: "switching the cashier at the other shop's till",
        request: (_own, other) => ({
          path: `/shophub/sell/staff?shop=${other.shopId}`,
          form: {},
        }),
        expect: REFUSED_OTHER_SHOP,
      },
    ],
    checksShopId: true,
  },
  // Price levels (issue 37, decision 0089): the owner's and managers'; never another shop's
  // level or item (the module looks both up within the caller's shop).
  "routes/shophub/price-levels loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/price-levels?shop=${ids.shopId}` }),
    roles: { owner: "ok", manager: "ok", cashier: 403, stock: 403 },
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop named in the URL",
        request: (_own, other) => ({ path: `/shophub/price-levels?shop=${other.shopId}` }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/price-levels action": {
    access: "shop",
    request: (ids) => ({
      path: `/shophub/price-levels?shop=${ids.shopId}`,
      form: { intent: "create", name: `ราคาส่ง ${Math.floor(Math.random() * 1_000_000)}` },
    }),
    roles: {
      owner: { redirect: "/shophub/price-levels?shop=" },
      manager: { redirect: "/shophub/price-levels?shop=" },
      cashier: 403,
      stock: 403,
    },
    visitor: "signIn",
    outsider: REFUSED_OTHER_SHOP,
    foreign: [
      {
        what: "adding a price level to the other shop",
        request: (own, other) => ({
          path: `/shophub/price-levels?shop=${other.shopId}`,
          form: { intent: "create", name: "แฝง", shopId: own.shopId },
        }),
        expect: REFUSED_OTHER_SHOP,
      },
    ],
    checksShopId: true,
  },
  // Options (issue 37, decision 0092): the owner's and managers'; never another shop's group,
  // choice or item (the module looks them up within the caller's shop).
  "routes/shophub/options loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/options?shop=${ids.shopId}` }),
    roles: { owner: "ok", manager: "ok", cashier: 403, stock: 403 },
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop named in the URL",
        request: (_own, other) => ({ path: `/shophub/options?shop=${other.shopId}` }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/options action": {
    access: "shop",
    request: (ids) => ({
      path: `/shophub/options?shop=${ids.shopId}`,
      form: {
        intent: "createGroup",
        name: `ความหวาน ${Math.floor(Math.random() * 1_000_000)}`,
        min: "1",
        max: "1",
      },
    }),
    roles: {
      owner: { redirect: "/shophub/options?shop=" },
      manager: { redirect: "/shophub/options?shop=" },
      cashier: 403,
      stock: 403,
    },
    visitor: "signIn",
    outsider: REFUSED_OTHER_SHOP,
    foreign: [
      {
        what: "adding an option group to the other shop",
        request: (own, other) => ({
          path: `/shophub/options?shop=${other.shopId}`,
          form: { intent: "createGroup", name: "แฝง", min: "0", max: "1", shopId: own.shopId },
        }),
        expect: REFUSED_OTHER_SHOP,
      },
    ],
    checksShopId: true,
  },
  // The shop's customers (issue 37, decision 0082): everyone who sells; never another shop's
  // customer, by its address or under the caller's own shop.
  "routes/shophub/customers/list loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/customers?shop=${ids.shopId}` }),
    roles: { owner: "ok", manager: "ok", cashier: "ok", stock: 403 },
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop named in the URL",
        request: (_own, other) => ({ path: `/shophub/customers?shop=${other.shopId}` }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/customers/list action": {
    access: "shop",
    request: (ids) => ({
      path: `/shophub/customers?shop=${ids.shopId}`,
      form: {
        phone: `0891${String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0")}`,
        name: "ลูกค้าใหม่",
        lineId: "",
        email: "",
        taxId: "",
        branchCode: "",
        address: "",
        consent: "yes",
      },
    }),
    roles: {
      owner: { redirect: "/shophub/customers/" },
      manager: { redirect: "/shophub/customers/" },
      cashier: { redirect: "/shophub/customers/" },
      stock: 403,
    },
    visitor: "signIn",
    outsider: REFUSED_OTHER_SHOP,
    foreign: [
      {
        what: "adding a customer to the other shop",
        request: (own, other) => ({
          path: `/shophub/customers?shop=${other.shopId}`,
          form: { phone: "0899999999", name: "แฝง", consent: "yes", shopId: own.shopId },
        }),
        expect: REFUSED_OTHER_SHOP,
      },
    ],
    checksShopId: true,
  },
  "routes/shophub/customers/detail loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/customers/${ids.customerId}?shop=${ids.shopId}` }),
    roles: { owner: "ok", manager: "ok", cashier: "ok", stock: 403 },
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop's customer under the caller's own shop",
        request: (own, other) => ({
          path: `/shophub/customers/${other.customerId}?shop=${own.shopId}`,
        }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/customers/detail action": {
    access: "shop",
    // An edit without a name: the roles that may open the page get the form back (400) and
    // nothing changes.
    request: (ids) => ({
      path: `/shophub/customers/${ids.customerId}?shop=${ids.shopId}`,
      form: { intent: "update", phone: "0811111111", name: "" },
    }),
    roles: { owner: 400, manager: 400, cashier: 400, stock: 403 },
    visitor: "signIn",
    outsider: REFUSED_OTHER_SHOP,
    checksShopId: true,
    foreign: [
      {
        what: "editing the other shop's customer",
        request: (own, other) => ({
          path: `/shophub/customers/${other.customerId}?shop=${own.shopId}`,
          form: { intent: "update", phone: "0822222222", name: "เปลี่ยนชื่อ" },
        }),
        expect: 404,
      },
      {
        what: "deleting the other shop's customer",
        request: (own, other) => ({
          path: `/shophub/customers/${other.customerId}?shop=${own.shopId}`,
          form: { intent: "delete", confirm: "0822222222" },
        }),
        expect: 404,
      },
      {
        what: "setting the price level of the other shop's customer",
        request: (own, other) => ({
          path: `/shophub/customers/${other.customerId}?shop=${own.shopId}`,
          form: { intent: "level", priceLevel: "" },
        }),
        expect: 404,
      },
      {
        what: "setting a credit limit on the other shop's customer",
        request: (own, other) => ({
          path: `/shophub/customers/${other.customerId}?shop=${own.shopId}`,
          form: { intent: "limit", creditLimit: "5000" },
        }),
        expect: 404,
      },
      {
        what: "taking a payment on the other shop's customer's account",
        request: (own, other) => ({
          path: `/shophub/customers/${other.customerId}?shop=${own.shopId}`,
          form: { intent: "payment", amount: "10", method: "cash", reference: "" },
        }),
        expect: 404,
      },
      {
        what: "voiding a payment on the other shop's customer's account (decision 0095)",
        request: (own, other) => ({
          path: `/shophub/customers/${other.customerId}?shop=${own.shopId}`,
          form: { intent: "voidPayment", paymentId: "1", reason: "ลองยกเลิก" },
        }),
        expect: 404,
      },
    ],
  },
  // Selling on account (issue 37, decision 0083): the statement and a receipt as PDF for
  // whoever sees the customer; the receivables and their CSV for owners and managers.
  "routes/shophub/customers/statement-pdf loader": {
    access: "shop",
    request: (ids) => ({
      path: `/shophub/customers/${ids.customerId}/statement.pdf?shop=${ids.shopId}`,
    }),
    roles: { owner: "ok", manager: "ok", cashier: "ok", stock: 403 },
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop's customer's statement under the caller's own shop",
        request: (own, other) => ({
          path: `/shophub/customers/${other.customerId}/statement.pdf?shop=${own.shopId}`,
        }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/customers/receipt-pdf loader": {
    access: "shop",
    // No payment of that number: the roles that open it get 404, never another shop's.
    request: (ids) => ({
      path: `/shophub/customers/${ids.customerId}/receipts/999999999/receipt.pdf?shop=${ids.shopId}`,
    }),
    roles: { owner: 404, manager: 404, cashier: 404, stock: 403 },
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "a receipt number under the other shop's customer",
        request: (own, other) => ({
          path: `/shophub/customers/${other.customerId}/receipts/1/receipt.pdf?shop=${own.shopId}`,
        }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/receivables loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/receivables?shop=${ids.shopId}` }),
    roles: { owner: "ok", manager: "ok", cashier: 403, stock: 403 },
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop named in the URL",
        request: (_own, other) => ({ path: `/shophub/receivables?shop=${other.shopId}` }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/receivables/csv loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/receivables/receivables.csv?shop=${ids.shopId}` }),
    roles: { owner: "ok", manager: "ok", cashier: 403, stock: 403 },
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop named in the URL",
        request: (_own, other) => ({
          path: `/shophub/receivables/receivables.csv?shop=${other.shopId}`,
        }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/shifts/list loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/shifts?shop=${ids.shopId}` }),
    roles: { owner: "ok", manager: "ok", cashier: "ok", stock: 403 },
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop named in the URL",
        request: (_own, other) => ({ path: `/shophub/shifts?shop=${other.shopId}` }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/shifts/report loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/shifts/${ids.shiftId}?shop=${ids.shopId}` }),
    // The shift is the owner's: a cashier may not read another member's shift.
    roles: { owner: "ok", manager: "ok", cashier: 404, stock: 403 },
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop's shift under the caller's own shop",
        request: (own, other) => ({ path: `/shophub/shifts/${other.shiftId}?shop=${own.shopId}` }),
        expect: 404,
      },
    ],
  },

  // Added by the finance branch: income and expenses (owners and managers only). One module
  // per page serves both lists; each row names the route id routes.ts gives it.
  "routes/shophub/finance/expenses loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/expenses?shop=${ids.shopId}` }),
    roles: BOOKKEEPERS,
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop named in the URL",
        request: (_own, other) => ({ path: `/shophub/expenses?shop=${other.shopId}` }),
        expect: 404,
      },
    ],
  },
  // A category without a name: the form comes back (400), nothing changes.
  "routes/shophub/finance/expenses action": {
    access: "shop",
    request: (ids) => ({
      path: `/shophub/expenses?shop=${ids.shopId}`,
      form: { intent: "addCategory", name: "" },
    }),
    roles: BOOKKEEPERS_POSTING,
    visitor: "signIn",
    outsider: REFUSED_OTHER_SHOP,
    checksShopId: true,
    foreign: [
      {
        what: "archiving the other shop's category",
        request: (own, other) => ({
          path: `/shophub/expenses?shop=${own.shopId}`,
          form: { intent: "archiveCategory", categoryId: String(other.expenseCategoryId) },
        }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/finance/expenses-csv loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/expenses/csv?shop=${ids.shopId}` }),
    roles: BOOKKEEPERS,
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop named in the URL",
        request: (_own, other) => ({ path: `/shophub/expenses/csv?shop=${other.shopId}` }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/finance/expense loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/expenses/${ids.expenseId}?shop=${ids.shopId}` }),
    roles: BOOKKEEPERS,
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop's row under the caller's own shop",
        request: (own, other) => ({
          path: `/shophub/expenses/${other.expenseId}?shop=${own.shopId}`,
        }),
        expect: 404,
      },
    ],
  },
  // Saving without an amount: the form comes back (400), nothing changes.
  "routes/shophub/finance/expense action": {
    access: "shop",
    request: (ids) => ({
      path: `/shophub/expenses/${ids.expenseId}?shop=${ids.shopId}`,
      form: { intent: "save", category: "other", amount: "", day: "2026-03-01", method: "cash" },
    }),
    roles: BOOKKEEPERS_POSTING,
    visitor: "signIn",
    outsider: REFUSED_OTHER_SHOP,
    checksShopId: true,
    foreign: [
      {
        what: "deleting the other shop's row",
        request: (own, other) => ({
          path: `/shophub/expenses/${other.expenseId}?shop=${own.shopId}`,
          form: { intent: "delete" },
        }),
        expect: 404,
      },
      {
        what: "editing the other shop's row",
        request: (own, other) => ({
          path: `/shophub/expenses/${other.expenseId}?shop=${own.shopId}`,
          form: {
            intent: "save",
            category: "other",
            amount: "1",
            day: "2026-03-01",
            method: "cash",
          },
        }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/finance/income loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/income?shop=${ids.shopId}` }),
    roles: BOOKKEEPERS,
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop named in the URL",
        request: (_own, other) => ({ path: `/shophub/income?shop=${other.shopId}` }),
        expect: 404,
      },
    ],
  },
  // A category without a name: the form comes back (400), nothing changes.
  "routes/shophub/finance/income action": {
    access: "shop",
    request: (ids) => ({
      path: `/shophub/income?shop=${ids.shopId}`,
      form: { intent: "addCategory", name: "" },
    }),
    roles: BOOKKEEPERS_POSTING,
    visitor: "signIn",
    outsider: REFUSED_OTHER_SHOP,
    checksShopId: true,
    foreign: [
      {
        what: "archiving the other shop's category",
        request: (own, other) => ({
          path: `/shophub/income?shop=${own.shopId}`,
          form: { intent: "archiveCategory", categoryId: String(other.expenseCategoryId) },
        }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/finance/income-csv loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/income/csv?shop=${ids.shopId}` }),
    roles: BOOKKEEPERS,
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop named in the URL",
        request: (_own, other) => ({ path: `/shophub/income/csv?shop=${other.shopId}` }),
        expect: 404,
      },
    ],
  },
  "routes/shophub/finance/income-one loader": {
    access: "shop",
    request: (ids) => ({ path: `/shophub/income/${ids.incomeId}?shop=${ids.shopId}` }),
    roles: BOOKKEEPERS,
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop's row under the caller's own shop",
        request: (own, other) => ({ path: `/shophub/income/${other.incomeId}?shop=${own.shopId}` }),
        expect: 404,
      },
    ],
  },
  // Saving without an amount: the form comes back (400), nothing changes.
  "routes/shophub/finance/income-one action": {
    access: "shop",
    request: (ids) => ({
      path: `/shophub/income/${ids.incomeId}?shop=${ids.shopId}`,
      form: { intent: "save", category: "other", amount: "", day: "2026-03-01", method: "cash" },
    }),
    roles: BOOKKEEPERS_POSTING,
    visitor: "signIn",
    outsider: REFUSED_OTHER_SHOP,
    checksShopId: true,
    foreign: [
      {
        what: "deleting the other shop's row",
        request: (own, other) => ({
          path: `/shophub/income/${other.incomeId}?shop=${own.shopId}`,
          form: { intent: "delete" },
        }),
        expect: 404,
      },
      {
        what: "editing the other shop's row",
        request: (own, other) => ({
          path: `/shophub/income/${other.incomeId}?shop=${own.shopId}`,
          form: {
            intent: "save",
            category: "other",
            amount: "1",
            day: "2026-03-01",
            method: "cash",
          },
        }),
        expect: 404,
      },
    ],
  },

  // Listings
  "routes/listings/layout loader": publicPage({ path: "/asset" }),
  "routes/listings/browse loader": publicPage({ path: "/asset" }),
  // The e-receipt (decision 0094): open to anyone holding a token; a token that opens nothing
  // is a 404 for visitors and members alike (the test of a real token: e-receipt.test.ts)
  "routes/shophub/ereceipt/page loader": {
    access: "public",
    request: { path: "/r/AAAAAAAAAAAAAAAAAAAAAA" },
    visitor: 404,
    member: 404,
  },
  "routes/shophub/ereceipt/pdf loader": {
    access: "public",
    request: { path: "/r/AAAAAAAAAAAAAAAAAAAAAA/receipt.pdf" },
    visitor: 404,
    member: 404,
  },
  "routes/listings/detail loader": {
    access: "public",
    request: { path: "/asset/999999999" },
    visitor: 404,
    member: 404,
    foreign: [
      {
        what: "another member's draft",
        request: (_own, other) => ({ path: `/asset/${other.listingId}` }),
        expect: 404,
      },
    ],
  },
  "routes/listings/detail action": {
    ...adminOnly({ path: "/asset/999999999", form: { intent: "hide" } }, 404),
  },
  "routes/listings/search loader": publicPage({ path: "/search" }),
  "routes/listings/post loader": {
    ...signedInPage({ path: "/user/bhPost" }),
    foreign: [
      {
        what: "another member's listing to edit",
        request: (_own, other) => ({ path: `/user/bhPost?id=${other.listingId}` }),
        expect: 403,
      },
    ],
  },
  "routes/listings/post action": {
    access: "signedIn",
    request: { path: "/user/bhPost", form: {} },
    visitor: "signIn",
    member: 400,
    foreign: [
      {
        what: "saving over another member's listing",
        request: (_own, other) => ({
          path: `/user/bhPost?id=${other.listingId}`,
          form: { title: "ของฉันแล้ว", status: "published" },
        }),
        expect: 403,
      },
    ],
  },
  "routes/listings/mine loader": signedInPage({ path: "/user/listings" }),
  "routes/listings/mine action": {
    access: "signedIn",
    // Deleting asks first: the answer is the confirmation.
    request: { path: "/user/listings", form: { intent: "delete", id: "999999999" } },
    visitor: "signIn",
    member: "ok",
    foreign: [
      {
        what: "deleting another member's listing (confirmed)",
        request: (_own, other) => ({
          path: "/user/listings",
          form: { intent: "delete", id: other.listingId, confirmed: "1" },
        }),
        expect: 403,
      },
      {
        what: "publishing another member's listing",
        request: (_own, other) => ({
          path: "/user/listings",
          form: { intent: "published", id: other.listingId },
        }),
        expect: 403,
      },
    ],
  },

  // Resource routes
  "routes/api/lang loader": {
    access: "public",
    request: { path: "/lang" },
    visitor: { redirect: "/" },
    member: { redirect: "/" },
  },
  "routes/api/lang action": {
    access: "public",
    request: { path: "/lang", form: { lang: "en", redirectTo: "/" } },
    visitor: { redirect: "/" },
    member: { redirect: "/" },
  },
  "routes/api/robots loader": publicPage({ path: "/robots.txt" }),
  "routes/api/media loader": {
    // A key climbing out of the storage folder is refused before any file is read (the
    // slashes are escaped so that the URL itself is not normalised first).
    access: "public",
    request: { path: "/media/items/..%2F..%2F..%2Fetc%2Fpasswd.webp" },
    visitor: 404,
    member: 404,
    foreign: [
      // A shop's private file is not public at the key it had before decision 0061, even
      // while it is still stored there (its move pending): isolation-matrix.test.ts puts it so.
      {
        what: "its own shop's receipt photo at its public address before decision 0061",
        request: (own) => ({ path: `/media/${matrixOldReceiptPhotoKey(own.shopId)}` }),
        expect: 404,
      },
      {
        what: "the other shop's receipt photo at its public address before decision 0061",
        request: (_own, other) => ({
          path: `/media/${matrixOldReceiptPhotoKey(other.shopId)}`,
        }),
        expect: 404,
      },
    ],
  },
  // A shop's private files (decision 0061): its owners and managers open its receipt photos,
  // nobody else learns whether the address names a file (404 alike).
  "routes/api/shop-file loader": {
    access: "shop",
    request: (ids) => ({ path: `/media/${matrixReceiptPhotoKey(ids.shopId)}` }),
    roles: { owner: "ok", manager: "ok", cashier: 404, stock: 404 },
    visitor: 404,
    outsider: 404,
    foreign: [
      {
        what: "the other shop's receipt photo",
        request: (_own, other) => ({ path: `/media/${matrixReceiptPhotoKey(other.shopId)}` }),
        expect: 404,
      },
    ],
  },
  "routes/api/sitemap loader": publicPage({ path: "/sitemap.xml" }),
  "routes/api/notices loader": publicPage({ path: "/api/notices" }),
  // Analytics batches: without the consent cookie nothing is read nor stored (204)
  "routes/api/analytics action": {
    access: "public",
    request: { path: "/api/analytics", form: {} },
    visitor: 204,
    member: 204,
  },
  // The public part of the site settings (issue 36): the same for everyone.
  "routes/api/config loader": publicPage({ path: "/api/config" }),

  // Admin
  "routes/admin/layout loader": adminOnly({ path: "/admin" }),
  "routes/admin/dashboard loader": adminOnly({ path: "/admin" }),
  "routes/admin/users loader": adminOnly({ path: "/admin/users" }),
  "routes/admin/users action": adminOnly({ path: "/admin/users", form: {} }, 400),
  "routes/admin/outbox loader": adminOnly({ path: "/admin/outbox" }),
  "routes/admin/analytics loader": adminOnly({ path: "/admin/analytics" }),
  "routes/admin/messages loader": adminOnly({ path: "/admin/messages" }),
  "routes/admin/messages action": adminOnly({ path: "/admin/messages", form: {} }, 400),
  "routes/admin/notice loader": adminOnly({ path: "/admin/notice" }),
  "routes/admin/notice action": adminOnly({ path: "/admin/notice", form: {} }, 400),
  // Site settings (issue 36): an empty form is a valid one (every field may be empty).
  "routes/admin/settings loader": adminOnly({ path: "/admin/settings" }),
  "routes/admin/settings action": adminOnly(
    { path: "/admin/settings", form: { contactEmail: "not an address" } },
    400,
  ),

  // storehub
  "routes/storehub/layout loader": {
    access: "shop",
    request: () => ({ path: "/storehub" }),
    roles: READERS,
    visitor: "ok",
    outsider: "ok",
    foreign: [],
  },
  "routes/storehub/overview loader": {
    access: "shop",
    request: () => ({ path: "/storehub" }),
    roles: READERS,
    // Visitors see what storehub is and how to start.
    visitor: "ok",
    outsider: "ok",
    foreign: [],
  },
  "routes/storehub/add loader": {
    access: "shop",
    request: () => ({ path: "/storehub/add" }),
    roles: WRITERS,
    visitor: "signIn",
    outsider: "ok",
    foreign: [],
  },
  "routes/storehub/add action": {
    access: "shop",
    request: (ids) => ({
      path: "/storehub/add",
      form: {
        ...itemForm(ids),
        sku: `NEW-${next()}`,
        openingQty: "1",
        openingLocationId: String(ids.locationId),
      },
    }),
    roles: {
      owner: { redirect: "/storehub/add?created=" },
      manager: { redirect: "/storehub/add?created=" },
      stock: { redirect: "/storehub/add?created=" },
      cashier: 403,
    },
    visitor: "signIn",
    // The victim's location is not found in the caller's shop: a field error, nothing added.
    outsider: 400,
    foreign: [
      {
        what: "opening stock at the other shop's location",
        request: (own, other) => ({
          path: "/storehub/add",
          form: {
            ...itemForm(own),
            sku: `NEW-${next()}`,
            openingQty: "5",
            openingLocationId: String(other.locationId),
          },
        }),
        expect: 400,
      },
    ],
    checksShopId: true,
  },
  "routes/storehub/variants loader": {
    access: "shop",
    request: (ids) => ({ path: `/storehub/variants?group=${ids.variantGroupId}` }),
    roles: WRITERS,
    visitor: "signIn",
    outsider: 404,
    foreign: [],
  },
  "routes/storehub/variants action": {
    access: "shop",
    request: (ids) => ({
      path: "/storehub/variants",
      form: {
        intent: "save",
        groupId: String(ids.variantGroupId),
        name: `ลาเต้ ${next()}`,
        category: "",
        unit: "แก้ว",
        skuPrefix: "",
        options: "ขนาด: S, M",
        price: "",
        cost: "",
        "variants[0].key": "S",
        "variants[0].sku": `LATTE-${next()}-S`,
        "variants[0].barcode": "",
        "variants[0].price": "45",
        "variants[0].cost": "",
        "variants[1].key": "M",
        "variants[1].sku": `LATTE-${next()}-M`,
        "variants[1].barcode": "",
        "variants[1].price": "55",
        "variants[1].cost": "",
      },
    }),
    roles: {
      owner: { redirect: "/storehub/variants?group=" },
      manager: { redirect: "/storehub/variants?group=" },
      stock: { redirect: "/storehub/variants?group=" },
      cashier: 403,
    },
    visitor: "signIn",
    // The victim's group is not found in the caller's shop: nothing is written.
    outsider: 404,
    foreign: [],
    checksShopId: true,
  },
  "routes/storehub/recipes loader": {
    access: "shop",
    request: (ids) => ({ path: `/storehub/recipes?item=${ids.itemId}` }),
    roles: WRITERS,
    visitor: "signIn",
    outsider: 404,
    foreign: [],
  },
  "routes/storehub/recipes action": {
    access: "shop",
    // An empty recipe: the item is sold from its own stock (nothing else changes).
    request: (ids) => ({
      path: "/storehub/recipes",
      form: { item: String(ids.itemId), components: "" },
    }),
    roles: {
      owner: { redirect: "/storehub/recipes?item=" },
      manager: { redirect: "/storehub/recipes?item=" },
      stock: { redirect: "/storehub/recipes?item=" },
      cashier: 403,
    },
    visitor: "signIn",
    // The victim's item is not found in the caller's shop: nothing is written.
    outsider: 404,
    foreign: [],
    checksShopId: true,
  },
  "routes/storehub/edit loader": {
    access: "shop",
    request: (ids) => ({ path: `/storehub/edit?id=${ids.itemId}` }),
    roles: WRITERS,
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "a scanner's exact code of the other shop's item",
        request: (_own, other) => ({ path: `/storehub/edit?go=1&q=${other.barcode}` }),
        expect: "ok",
      },
      {
        what: "searching the other shop's SKU",
        request: (_own, other) => ({ path: `/storehub/edit?q=${other.sku}` }),
        expect: "ok",
      },
    ],
  },
  "routes/storehub/edit action": {
    access: "shop",
    request: (ids) => ({
      path: "/storehub/edit",
      form: { id: String(ids.itemId), ...itemForm(ids) },
    }),
    roles: {
      owner: { redirect: "/storehub/edit?id=" },
      manager: { redirect: "/storehub/edit?id=" },
      stock: { redirect: "/storehub/edit?id=" },
      cashier: 403,
    },
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "saving the other shop's item",
        request: (own, other) => ({
          path: "/storehub/edit",
          form: { ...itemForm(own), id: String(other.itemId), removeImage: "1" },
        }),
        expect: 404,
      },
    ],
    checksShopId: true,
  },
  "routes/storehub/delete loader": {
    access: "shop",
    request: () => ({ path: "/storehub/delete" }),
    roles: WRITERS,
    visitor: "signIn",
    outsider: "ok",
    foreign: [],
  },
  "routes/storehub/delete action": {
    access: "shop",
    // Archiving asks first: the answer is the confirmation, nothing changes yet.
    request: (ids) => ({
      path: "/storehub/delete",
      form: { intent: "archive", ids: String(ids.itemId) },
    }),
    roles: WRITERS,
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "archiving the other shop's item (confirmed)",
        request: (_own, other) => ({
          path: "/storehub/delete",
          form: { intent: "archive", ids: String(other.itemId), confirmed: "1" },
        }),
        expect: 404,
      },
      {
        what: "archiving one own and one foreign item",
        request: (own, other) => ({
          path: "/storehub/delete",
          form: {
            intent: "archive",
            ids: [String(own.itemId), String(other.itemId)],
            confirmed: "1",
          },
        }),
        expect: 404,
      },
      {
        what: "deleting the other shop's item for ever",
        request: (_own, other) => ({
          path: "/storehub/delete",
          form: { deleteId: String(other.itemId), confirmed: "1" },
        }),
        expect: 404,
      },
    ],
    checksShopId: true,
  },
  "routes/storehub/import loader": {
    access: "shop",
    request: () => ({ path: "/storehub/import" }),
    roles: WRITERS,
    visitor: "signIn",
    outsider: "ok",
    foreign: [],
  },
  "routes/storehub/import action": {
    access: "shop",
    request: () => ({ path: "/storehub/import", form: { intent: "import", csv: "" } }),
    roles: { ...WRITERS, owner: 400, manager: 400, stock: 400 },
    visitor: "signIn",
    outsider: 400,
    foreign: [],
    checksShopId: true,
  },
  "routes/storehub/export-items loader": {
    access: "shop",
    request: () => ({ path: "/storehub/export/items.csv" }),
    roles: READERS,
    visitor: "signIn",
    outsider: "ok",
    foreign: [],
  },
  "routes/storehub/export-balances loader": {
    access: "shop",
    request: () => ({ path: "/storehub/export/balances.csv" }),
    roles: READERS,
    visitor: "signIn",
    outsider: "ok",
    foreign: [],
  },
  "routes/storehub/inout loader": {
    access: "shop",
    request: (ids) => ({ path: `/storehub/inout?kind=receive&doc=${ids.documentId}` }),
    roles: WRITERS,
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop's posted document",
        request: (_own, other) => ({
          path: `/storehub/inout?kind=receive&doc=${other.documentId}`,
        }),
        expect: 404,
      },
    ],
  },
  "routes/storehub/inout action": {
    access: "shop",
    // "check" previews the lines without posting.
    request: (ids) => ({
      path: "/storehub/inout?kind=issue",
      form: {
        kind: "issue",
        intent: "check",
        "lines[0].item": ids.sku,
        "lines[0].location": String(ids.defaultLocationId),
        "lines[0].qty": "1",
      },
    }),
    roles: WRITERS,
    visitor: "signIn",
    outsider: "ok",
    foreign: [
      {
        what: "posting an issue of the other shop's item",
        request: (own, other) => ({
          path: "/storehub/inout?kind=issue",
          form: {
            kind: "issue",
            intent: "post",
            "lines[0].item": other.sku,
            "lines[0].location": String(own.defaultLocationId),
            "lines[0].qty": "1",
          },
        }),
        expect: 400,
      },
      {
        what: "posting an issue from the other shop's location",
        request: (own, other) => ({
          path: "/storehub/inout?kind=issue",
          form: {
            kind: "issue",
            intent: "post",
            "lines[0].item": own.sku,
            "lines[0].location": String(other.defaultLocationId),
            "lines[0].qty": "1",
          },
        }),
        expect: 400,
      },
      {
        what: "a transfer into the other shop's location",
        request: (own, other) => ({
          path: "/storehub/inout?kind=transfer",
          form: {
            kind: "transfer",
            intent: "post",
            "lines[0].item": own.sku,
            "lines[0].location": String(own.defaultLocationId),
            "lines[0].to": String(other.defaultLocationId),
            "lines[0].qty": "1",
          },
        }),
        expect: 400,
      },
    ],
    checksShopId: true,
  },
  "routes/storehub/storage loader": {
    access: "shop",
    request: (ids) => ({ path: `/storehub/storage?item=${ids.itemId}&location=${ids.locationId}` }),
    roles: READERS,
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "the other shop's item",
        request: (_own, other) => ({ path: `/storehub/storage?item=${other.itemId}` }),
        expect: 404,
      },
      {
        what: "the other shop's location",
        request: (_own, other) => ({ path: `/storehub/storage?location=${other.locationId}` }),
        expect: 404,
      },
      {
        what: "searching the other shop's SKU",
        request: (_own, other) => ({ path: `/storehub/storage?q=${other.sku}` }),
        expect: "ok",
      },
      {
        what: "a NUL character in the search",
        request: () => ({ path: "/storehub/storage?q=%00" }),
        expect: "ok",
      },
    ],
  },
  "routes/storehub/storage action": {
    access: "shop",
    // Deleting a location asks first: the answer is the confirmation, nothing changes yet.
    request: (ids) => ({
      path: "/storehub/storage",
      form: { intent: "deleteLocation", locationId: String(ids.locationId) },
    }),
    roles: WRITERS,
    visitor: "signIn",
    outsider: 404,
    foreign: [
      {
        what: "renaming the other shop's location",
        request: (_own, other) => ({
          path: "/storehub/storage",
          form: { intent: "renameLocation", locationId: String(other.locationId), name: "ของฉัน" },
        }),
        expect: 404,
      },
      {
        what: "deleting the other shop's location (confirmed)",
        request: (_own, other) => ({
          path: "/storehub/storage",
          form: { intent: "deleteLocation", locationId: String(other.locationId), confirmed: "1" },
        }),
        expect: 404,
      },
      {
        what: "adding a location under the other shop's location",
        request: (_own, other) => ({
          path: "/storehub/storage",
          form: { intent: "addLocation", parentId: String(other.locationId), name: "ชั้นใหม่" },
        }),
        expect: 404,
      },
      {
        what: "reversing the other shop's document (confirmed)",
        request: (_own, other) => ({
          path: "/storehub/storage",
          form: {
            intent: "reverse",
            documentId: String(other.documentId),
            reason: "ทดสอบ",
            confirmed: "1",
          },
        }),
        expect: 404,
      },
    ],
    checksShopId: true,
  },
  "routes/storehub/live loader": {
    access: "shop",
    // The page names its shop (`shop` today, `shopId` with the shop forms' check).
    request: (ids) => ({ path: `/storehub/live?shop=${ids.shopId}&shopId=${ids.shopId}` }),
    roles: READERS,
    // EventSource stops on 401, 204 and 409 instead of retrying.
    visitor: 401,
    outsider: { anyOf: [204, 409] },
    foreign: [
      {
        what: "the other shop's stream",
        request: (_own, other) => ({
          path: `/storehub/live?shop=${other.shopId}&shopId=${other.shopId}`,
        }),
        expect: { anyOf: [204, 409] },
      },
    ],
  },
  "routes/storehub/lookup loader": {
    access: "shop",
    request: (ids) => ({ path: `/storehub/lookup?code=${ids.sku}` }),
    roles: READERS,
    visitor: "signIn",
    outsider: "ok",
    foreign: [
      {
        what: "the other shop's barcode",
        request: (_own, other) => ({ path: `/storehub/lookup?code=${other.barcode}` }),
        expect: "ok",
      },
      {
        what: "suggestions for the other shop's SKU",
        request: (_own, other) => ({ path: `/storehub/lookup?q=${other.sku}` }),
        expect: "ok",
      },
      {
        what: "a NUL character in the code (PostgreSQL refuses NUL in text)",
        request: () => ({ path: "/storehub/lookup?code=a%00b" }),
        expect: "ok",
      },
    ],
  },
};
