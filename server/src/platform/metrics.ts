import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics of one process (prom-client). One registry per process: every app built in it
 * (tests build several) adds to the same series, which is what a scrape of the process should show.
 * Label values are bounded: route patterns (never raw URLs), job names, vendor names, error codes.
 */
export const metricsRegistry = new Registry();
metricsRegistry.setDefaultLabels({ service: 'helixis' });
collectDefaultMetrics({ register: metricsRegistry, prefix: 'helixis_' });

export const httpRequests = new Counter({
  name: 'helixis_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

export const httpDuration = new Histogram({
  name: 'helixis_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry],
});

export const jobRuns = new Counter({
  name: 'helixis_jobs_total',
  help: 'Job attempts finished, by job name and outcome (completed, retry, failed).',
  labelNames: ['name', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const jobDuration = new Histogram({
  name: 'helixis_job_duration_seconds',
  help: 'Duration of job attempts, by job name and outcome.',
  labelNames: ['name', 'outcome'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900],
  registers: [metricsRegistry],
});

export const jobsEnqueued = new Counter({
  name: 'helixis_jobs_enqueued_total',
  help: 'Jobs handed to the queue, by job name.',
  labelNames: ['name'] as const,
  registers: [metricsRegistry],
});

export const upstreamErrors = new Counter({
  name: 'helixis_upstream_errors_total',
  help: 'Failed upstream attempts (each retry counts), by vendor and error code.',
  labelNames: ['vendor', 'code'] as const,
  registers: [metricsRegistry],
});

export const chunksIndexed = new Counter({
  name: 'helixis_chunks_indexed_total',
  help: 'Knowledge chunks written to the index (ingestion throughput).',
  registers: [metricsRegistry],
});

export const documentsIndexed = new Counter({
  name: 'helixis_documents_indexed_total',
  help: 'Documents that finished ingestion, by outcome (ready, failed).',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

/**
 * Outcome totals counted with plain integers on a hot path and folded into a labelled counter when
 * the metrics are scraped.
 */
function outcomeTotals<K extends string>(name: string, help: string, outcomes: readonly K[]): Record<K, number> {
  const totals = Object.fromEntries(outcomes.map((o) => [o, 0])) as Record<K, number>;
  const reported = { ...totals };
  new Counter({
    name,
    help,
    labelNames: ['outcome'] as const,
    registers: [metricsRegistry],
    collect() {
      for (const outcome of outcomes) {
        const delta = totals[outcome] - reported[outcome];
        if (delta > 0) this.inc({ outcome }, delta);
        reported[outcome] = totals[outcome];
      }
    },
  });
  return totals;
}

/** Totals of every read cache of the process (platform/read-cache.ts adds to them). */
export const readCacheTotals = outcomeTotals(
  'helixis_read_cache_events_total',
  'Read cache lookups answered from memory (hit) or from the database (miss), and invalidations (drop).',
  ['hit', 'miss', 'drop'],
);

/** Searches of large workspaces answered from an in-memory term index (hit) or in SQL (miss); see memory-index.ts. */
export const termIndexTotals = outcomeTotals(
  'helixis_search_memory_lookups_total',
  'Searches of workspaces above the in-memory threshold, ranked from a current in-memory term index (hit) or in SQL (miss).',
  ['hit', 'miss'],
);

/** Sources of the postings gauge: every live set of in-memory term indexes adds its own. */
export const termIndexPostingSources = new Set<WeakRef<{ totalPostings(): number }>>();

export const termIndexPostings = new Gauge({
  name: 'helixis_search_memory_postings',
  help: 'Postings held by the in-memory term indexes of this process (about 10 bytes each).',
  registers: [metricsRegistry],
  collect() {
    let total = 0;
    for (const ref of termIndexPostingSources) {
      const source = ref.deref();
      if (source) total += source.totalPostings();
      else termIndexPostingSources.delete(ref);
    }
    this.set(total);
  },
});
