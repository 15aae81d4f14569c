/** The shop's points scheme (issue 37, decision 0082), client-safe. */
export interface PointsScheme {
  enabled: boolean;
  /** One point per this many satang paid. */
  satangPerPoint: number;
  /** What one point takes off a bill, in satang. */
  pointValueSatang: number;
}

/** Off, 1 point per 25 baht, a point worth 1 baht: the scheme before the owner sets one. */
export const DEFAULT_POINTS_SCHEME: PointsScheme = {
  enabled: false,
  satangPerPoint: 2_500,
  pointValueSatang: 100,
};
