import { isIPv6 } from "node:net";

/**
 * The key a rate limit counts a client by. IPv6 clients usually own a whole /64, so
 * counting single addresses would let one client rotate through billions of them.
 */
export function rateLimitSubjectForAddress(address: string): string {
  const plain = address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
  if (!isIPv6(plain)) return plain;
  const groups = expandIPv6(plain);
  return `${groups.slice(0, 4).join(":")}::/64`;
}

function expandIPv6(address: string): string[] {
  const withoutZone = address.split("%")[0] ?? address;
  const [head = "", tail = ""] = withoutZone.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = withoutZone.includes("::") && tail ? tail.split(":") : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill("0"), ...tailGroups];
  return groups.map((group) => group.toLowerCase().replace(/^0+(?=.)/, ""));
}
