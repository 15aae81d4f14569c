/**
 * How many end-to-end test files run at once. Each worker gets a production server and a
 * database of its own (tests/setup/global-e2e.ts), so files never share rate limits, notices or
 * cached pages. Two: a journey spends most of its time waiting on the browser and the server
 * (one file at a time kept a 2-core machine about one third busy), and a third worker would
 * make three browsers, three servers and PostgreSQL share those two cores.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
