/**
 * How many end-to-end test files run at once (`E2E_WORKERS`, default 1). Each worker gets a
 * production server and a database of its own (tests/setup/global-e2e.ts), so files never share
 * rate limits, notices or cached pages. On the 2-core CI machine two workers saved 10-20 % of the
 * time but kept both cores saturated, and journeys then met timings they never meet alone (one
 * lost a click in the till in CI): one file at a time stays the default there. A machine with
 * more cores can run `E2E_WORKERS=2 npm run test:e2e` (docs/decisions/0045-test-suite-time.md).
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));
