// The request mix of the soak (bench/soak.ts) and of its memory A/B (bench/lab/soak-ab.ts): what a
// small shop's site sees, weighted. One list, so that both measure the same thing.
export type SoakKind = "visitor" | "storehub" | "write";

export interface SoakEntry {
  kind: SoakKind;
  weight: number;
  path: string;
}

export const SOAK_MIX: readonly SoakEntry[] = [
  { kind: "visitor", weight: 20, path: "/" },
  { kind: "visitor", weight: 10, path: "/article/ai" },
  { kind: "visitor", weight: 5, path: "/contact" },
  { kind: "visitor", weight: 10, path: "/asset" },
  { kind: "visitor", weight: 5, path: "/search/notebook" },
  { kind: "storehub", weight: 15, path: "/storehub" },
  { kind: "storehub", weight: 10, path: "/storehub/inout" },
  { kind: "storehub", weight: 5, path: "/storehub/storage" },
  { kind: "write", weight: 20, path: "/storehub/inout" },
];

const TOTAL_WEIGHT = SOAK_MIX.reduce((sum, m) => sum + m.weight, 0);

/** One entry of the mix, drawn by weight. */
export function pickSoakEntry(): SoakEntry {
  let roll = Math.random() * TOTAL_WEIGHT;
  for (const entry of SOAK_MIX) {
    roll -= entry.weight;
    if (roll < 0) return entry;
  }
  return SOAK_MIX[0] as SoakEntry;
}
