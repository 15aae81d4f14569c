import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SALE_POST_KEYS } from "~/modules/sales/sale-post-payload.server";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

// completeSale's payload is a TypeScript type (SalePostPayload); sale_post reads it as jsonb by
// key names in SQL, which the compiler never sees. This reads the function as the migrated
// database has it and compares the keys it reads with the type's, so a key renamed on one
// side only (a figure silently stored as NULL) fails here.

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.drop());

/** The keys a function body reads from `source` with -> or ->>. */
function keysRead(body: string, source: string): string[] {
  const escaped = source.replace(/[.]/g, "\\.");
  const reads = body.matchAll(new RegExp(`\\b${escaped}\\s*->>?\\s*'(\\w+)'`, "g"));
  return [...new Set([...reads].map((read) => read[1] ?? ""))].sort();
}

/** The alias each `jsonb_array_elements(p_sale->'list') … AS alias` gives a list's elements. */
function listAliases(body: string): Map<string, string> {
  const lists = body.matchAll(
    /jsonb_array_elements\(\s*p_sale\s*->\s*'(\w+)'\s*\)\s+WITH ORDINALITY AS (\w+)/g,
  );
  return new Map([...lists].map(([, list, alias]) => [alias ?? "", list ?? ""]));
}

const sorted = (keys: object) => Object.keys(keys).sort();

describe("sale_post's payload", () => {
  it("has exactly the keys the SQL function reads, for the sale, its lines and payments", async () => {
    const { rows } = await test.db.$client.query<{ body: string }>(
      "SELECT pg_get_functiondef('sale_post(uuid, jsonb)'::regprocedure) AS body",
    );
    const body = rows[0]?.body ?? "";
    // sale_post hands the payload on to points_sale (decision 0082), which reads its own keys.
    const points = await test.db.$client.query<{ body: string }>(
      "SELECT pg_get_functiondef('points_sale(uuid, bigint, jsonb)'::regprocedure) AS body",
    );
    const pointsBody = points.rows[0]?.body ?? "";
    expect(
      [...new Set([...keysRead(body, "p_sale"), ...keysRead(pointsBody, "p_sale")])].sort(),
    ).toEqual(sorted(SALE_POST_KEYS.sale));

    const aliases = listAliases(body);
    const readsOf = (list: string) =>
      [
        ...new Set(
          [...aliases].flatMap(([alias, of]) =>
            of === list ? keysRead(body, `${alias}.value`) : [],
          ),
        ),
      ].sort();
    expect(new Set(aliases.values())).toEqual(new Set(["lines", "payments"]));
    expect(readsOf("lines")).toEqual(sorted(SALE_POST_KEYS.line));
    expect(readsOf("payments")).toEqual(sorted(SALE_POST_KEYS.payment));
  });

  it("finds a key the type does not have (the check itself works)", () => {
    const body =
      "SELECT p_sale->>'total', p_sale -> 'lines', x.value->>'qty' FROM jsonb_array_elements(p_sale->'lines') WITH ORDINALITY AS x";
    expect(keysRead(body, "p_sale")).toEqual(["lines", "total"]);
    expect(listAliases(body)).toEqual(new Map([["x", "lines"]]));
    expect(keysRead(body, "x.value")).toEqual(["qty"]);
  });
});
