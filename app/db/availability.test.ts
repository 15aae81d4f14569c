import { describe, expect, it } from "vitest";
import { createDatabaseAvailability, isDatabaseUnavailableError } from "./availability.server";

describe("database availability", () => {
  it("tells connection errors from query errors, also when Drizzle wraps them", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
      code: "ECONNREFUSED",
    });
    expect(isDatabaseUnavailableError(refused)).toBe(true);
    expect(isDatabaseUnavailableError(new Error("Failed query", { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailableError(Object.assign(new Error("x"), { code: "57P01" }))).toBe(true);
    expect(isDatabaseUnavailableError(Object.assign(new Error("x"), { code: "57P03" }))).toBe(true);
    expect(isDatabaseUnavailableError(new Error("Connection terminated unexpectedly"))).toBe(true);
    // A broken query or a violated constraint is the request's own problem, not an outage.
    expect(isDatabaseUnavailableError(Object.assign(new Error("x"), { code: "23505" }))).toBe(
      false,
    );
    expect(isDatabaseUnavailableError(Object.assign(new Error("x"), { code: "42P01" }))).toBe(
      false,
    );
    expect(isDatabaseUnavailableError(new Error("boom"))).toBe(false);
  });

  it("goes down on a connection error and comes back once the probe succeeds", async () => {
    let answers = false;
    const availability = createDatabaseAvailability({
      probe: () => (answers ? Promise.resolve() : Promise.reject(new Error("down"))),
      probeIntervalMs: 10,
    });
    expect(availability.reportError(new Error("syntax error"))).toBe(false);
    expect(availability.available).toBe(true);
    expect(availability.reportError(Object.assign(new Error("x"), { code: "ECONNRESET" }))).toBe(
      true,
    );
    expect(availability.available).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(availability.available).toBe(false);
    answers = true;
    while (!availability.available) await new Promise((resolve) => setTimeout(resolve, 10));
    availability.close();
  });
});
