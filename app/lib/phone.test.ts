import { describe, expect, it } from "vitest";
import { formatPhoneForDisplay, toE164 } from "./phone";

describe("toE164", () => {
  it.each([
    ["081-234-5678", "+66812345678"],
    ["0812345678", "+66812345678"],
    ["081 234 5678", "+66812345678"],
    ["02-114-7788", "+6621147788"],
    ["+66 81 234 5678", "+66812345678"],
    ["+1 650 253 0000", "+16502530000"],
  ])("normalises %s to %s", (input, expected) => {
    expect(toE164(input)).toBe(expected);
  });

  it.each(["", "12345", "08x-xxx-xxxx", "081-234-567", "abc"])("rejects %j", (input) => {
    expect(toE164(input)).toBeNull();
  });
});

describe("formatPhoneForDisplay", () => {
  it("writes Thai numbers the Thai way", () => {
    expect(formatPhoneForDisplay("+6621147788")).toBe("02-114-7788");
    expect(formatPhoneForDisplay("+66897654321")).toBe("089-765-4321");
  });
  it("reads back what it writes", () => {
    expect(toE164(formatPhoneForDisplay("+66897654321"))).toBe("+66897654321");
  });
});
