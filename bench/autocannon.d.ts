// The part of autocannon 9's programmatic API that the benchmarks use (it ships no types).
declare module "autocannon" {
  /** Percentiles of an HDR histogram; latency in milliseconds, requests and bytes per second. */
  export interface Histogram {
    average: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }

  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    headers?: Record<string, string>;
    method?: "GET" | "POST";
    body?: string;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
  }

  export interface Result {
    url: string;
    duration: number;
    latency: Histogram;
    requests: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }

  /** Without a callback autocannon returns a thenable tracker that resolves to the result. */
  export default function autocannon(options: Options): PromiseLike<Result>;
}
