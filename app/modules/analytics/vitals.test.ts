import { describe, expect, it } from "vitest";
import { METRICS } from "./beacon-format";
import { bucketOf, bucketValue, ratingOf, summarise, type Rating } from "./vitals";

describe("Web Vitals summaries", () => {
  it("rates by the web.dev thresholds", () => {
    expect(ratingOf("LCP", 2500)).toBe("good");
    expect(ratingOf("LCP", 2501)).toBe("ni");
    expect(ratingOf("LCP", 4001)).toBe("poor");
    expect(ratingOf("CLS", 0.1)).toBe("good");
    expect(ratingOf("CLS", 0.25)).toBe("ni");
    expect(ratingOf("INP", 501)).toBe("poor");
  });

  it("reads a bucket's value within 2.5 %", () => {
    for (const metric of METRICS)
      for (const value of [1.2, 37, 199, 812, 2600, 45_000]) {
        const scaled = metric === "CLS" ? value / 1000 : value;
        const back = bucketValue(metric, bucketOf(metric, scaled));
        expect(Math.abs(back - scaled) / scaled).toBeLessThan(0.025);
      }
    expect(bucketValue("CLS", bucketOf("CLS", 0))).toBe(0);
  });

  it("gives the 75th percentile and the exact rating counts of a histogram", () => {
    const values = Array.from({ length: 200 }, (_, i) => 100 + i * 20); // 100 … 4080 ms
    const rows = values.map((value) => ({
      bucket: bucketOf("LCP", value),
      rating: ratingOf("LCP", value) as Rating,
      samples: 1,
    }));
    const summary = summarise("LCP", rows);
    const exact = [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.75) - 1]!;
    expect(summary?.samples).toBe(200);
    expect(Math.abs(summary!.p75 - exact) / exact).toBeLessThan(0.025);
    expect(summary?.good).toBe(values.filter((v) => v <= 2500).length);
    expect(summary?.poor).toBe(values.filter((v) => v > 4000).length);
    expect(summary?.rating).toBe(exact <= 2500 ? "good" : exact <= 4000 ? "ni" : "poor");
    expect(summarise("LCP", [])).toBeNull();
  });
});
