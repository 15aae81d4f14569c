import { describe, expect, it } from "vitest";
import { rateLimitSubjectForAddress } from "./client-address";

describe("rateLimitSubjectForAddress", () => {
  it("keeps IPv4 addresses, also when mapped into IPv6", () => {
    expect(rateLimitSubjectForAddress("203.0.113.9")).toBe("203.0.113.9");
    expect(rateLimitSubjectForAddress("::ffff:203.0.113.9")).toBe("203.0.113.9");
  });

  it("groups IPv6 addresses by their /64 network", () => {
    const a = rateLimitSubjectForAddress("2001:db8:abcd:12::1");
    const b = rateLimitSubjectForAddress("2001:0db8:abcd:0012:ffff:eeee:dddd:cccc");
    const other = rateLimitSubjectForAddress("2001:db8:abcd:13::1");
    expect(a).toBe("2001:db8:abcd:12::/64");
    expect(b).toBe(a);
    expect(other).not.toBe(a);
  });

  it("handles the compressed forms at both ends", () => {
    expect(rateLimitSubjectForAddress("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitSubjectForAddress("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });
});
