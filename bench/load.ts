/** Latency percentiles and throughput of `task` run by `concurrency` workers for `seconds`. */
export interface LoadResult {
  requests: number
  perSecond: number
  p50: number
  p95: number
  p99: number
}

export async function runLoad(
  task: (i: number) => Promise<void>,
  options: { seconds: number; concurrency: number; warmup?: number },
): Promise<LoadResult> {
  for (let i = 0; i < (options.warmup ?? 50); i++) await task(i)
  const latencies: number[] = []
  const started = performance.now()
  const deadline = started + options.seconds * 1000
  let counter = 0
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now()
      await task(counter++)
      latencies.push(performance.now() - t0)
    }
  }
  await Promise.all(Array.from({ length: options.concurrency }, worker))
  const elapsed = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  return {
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
  }
}

export const formatResult = (r: LoadResult) =>
  `${r.perSecond.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(2).padStart(6)} ms  p99 ${r.p99.toFixed(2).padStart(6)} ms`
