// The part of autocannon 9's programmatic API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface AutocannonOptions {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Stop after this many requests instead of after `duration`. */
    amount?: number;
    pipelining?: number;
    /** Requests per second over all connections (unthrottled when absent). */
    overallRate?: number;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    title?: string;
    /** A sequence each connection loops over (method, path, headers, body per request). */
    requests?: {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
    }[];
  }

  /** Percentiles as autocannon names them: p50, p97_5, p99, p99_9... */
  export interface AutocannonHistogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p0_001: number;
    p0_01: number;
    p0_1: number;
    p1: number;
    p2_5: number;
    p10: number;
    p25: number;
    p50: number;
    p75: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
    p99_99: number;
    p99_999: number;
  }

  export interface AutocannonResult {
    url: string;
    connections: number;
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    '1xx': number;
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
    statusCodeStats: Record<string, { count: number }>;
    /** Milliseconds per request (2xx only unless errors are included). */
    latency: AutocannonHistogram & { totalCount: number };
    /** Requests per one-second sample; `total` is every answer received, `sent` every request. */
    requests: AutocannonHistogram & { total: number; sent: number };
    /** Bytes per one-second sample; `total` is every byte of every 2xx answer, headers included. */
    throughput: AutocannonHistogram & { total: number };
  }

  export interface AutocannonInstance extends EventEmitter {
    stop(): void;
    /** Every answer: its status, bytes on the wire and latency in ms (fractional). */
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): this;
  }

  function autocannon(
    opts: AutocannonOptions,
    cb: (err: Error | null, result: AutocannonResult) => void,
  ): AutocannonInstance;

  export default autocannon;
}
