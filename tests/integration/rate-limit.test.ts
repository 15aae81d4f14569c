import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hitRateLimit, pruneRateLimitBuckets } from "~/modules/platform/index.server";
import { rateLimitBucket } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

describe("rate limits in PostgreSQL", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.drop());

  const rule = { name: "test", limit: 3, windowSeconds: 60 };

  it("allows the limit, then refuses, for concurrent requests too", async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () => hitRateLimit(test.db, rule, "a")),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
    expect(results.filter((r) => !r.allowed)).toHaveLength(7);
  });

  it("starts a new window once the old one has passed", async () => {
    await test.db.execute(
      sql`UPDATE rate_limit_bucket SET window_start = now() - interval '61 seconds' WHERE key = 'test:a'`,
    );
    expect((await hitRateLimit(test.db, rule, "a")).allowed).toBe(true);
  });

  it("prunes long-expired buckets", async () => {
    await hitRateLimit(test.db, rule, "old");
    await test.db.execute(
      sql`UPDATE rate_limit_bucket SET window_start = now() - interval '2 days' WHERE key = 'test:old'`,
    );
    await pruneRateLimitBuckets(test.db);
    const keys = (await test.db.select().from(rateLimitBucket)).map((b) => b.key);
    expect(keys).not.toContain("test:old");
    expect(keys).toContain("test:a");
  });
});
