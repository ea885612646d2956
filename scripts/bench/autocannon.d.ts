// The part of autocannon's programmatic API the bench uses (the package ships no types).
declare module 'autocannon' {
  export type AutocannonRequest = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
  };
  export type Histogram = { average: number; mean: number; stddev: number; min: number; max: number; p50: number; p90: number; p99: number; total: number };
  export type AutocannonResult = {
    requests: Histogram & { sent: number };
    latency: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats?: Record<string, { count: number }>;
  };
  export type AutocannonOptions = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    timeout?: number;
    requests?: AutocannonRequest[];
  };
  export default function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
}
