// autocannon ships no types: the part of its API the benchmark uses.
declare module "autocannon" {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    pipelining?: number;
    /** Cycled through by every connection; onResponse sees each response's status and body. */
    requests?: Array<{
      method?: string;
      path: string;
      onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
    }>;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
