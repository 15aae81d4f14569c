import { describe, expect, it } from "vitest";
import { formatDateTime, parseBangkokLocal, toBangkokLocalInput } from "./bangkok-time";

describe("Bangkok time for datetime-local inputs", () => {
  it("reads a local value as UTC+7", () => {
    expect(parseBangkokLocal("2026-01-12T09:30")?.toISOString()).toBe("2026-01-12T02:30:00.000Z");
    expect(parseBangkokLocal("2026-01-01T03:00:15")?.toISOString()).toBe(
      "2025-12-31T20:00:15.000Z",
    );
  });

  it.each(["", "2026-01-12", "2026-02-30T10:00", "2026-01-12T24:00", "12/01/2026 09:30", "x"])(
    "refuses %j",
    (value) => {
      expect(parseBangkokLocal(value)).toBeNull();
    },
  );

  it("writes a moment back as the local value, round trip", () => {
    expect(toBangkokLocalInput(new Date("2026-01-12T02:30:00Z"))).toBe("2026-01-12T09:30");
    expect(toBangkokLocalInput(null)).toBe("");
    const value = "2026-12-31T23:59";
    expect(toBangkokLocalInput(parseBangkokLocal(value))).toBe(value);
  });

  it("formats a date and time in Bangkok, with the Buddhist era in Thai", () => {
    const moment = new Date("2026-01-12T02:30:00Z");
    expect(formatDateTime(moment, "th")).toContain("2569");
    expect(formatDateTime(moment, "th")).toContain("09:30");
    expect(formatDateTime(moment, "en")).toContain("2026");
  });
});
