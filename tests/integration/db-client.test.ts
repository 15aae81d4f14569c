import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

/*
 * The pool's clients when the server goes away under them. A client checked out between two
 * queries (a transaction awaiting the application) hears of the loss as an "error" event on
 * itself; without a listener that event killed the process (the database-outage journey saw
 * it as an unhandled error instead of the app's own restart of its PostgreSQL).
 */

let test: TestDatabase;
let db: Database;

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
});
afterAll(() => test.drop());

describe("a pool client whose connection is ended by the server", () => {
  it("does not bring the process down, and its next query fails", async () => {
    const held = await db.$client.connect();
    const pid = (await held.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid;
    // The server ends the connection while the client is checked out and has no query running;
    // the client hears of it a moment later (no listener of the test's own: the pool's).
    await db.$client.query("SELECT pg_terminate_backend($1)", [pid]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expect(held.query("SELECT 1")).rejects.toThrow();
    held.release(true);
    // The pool goes on with fresh connections.
    expect((await db.$client.query<{ one: number }>("SELECT 1 AS one")).rows[0]?.one).toBe(1);
  });
});
