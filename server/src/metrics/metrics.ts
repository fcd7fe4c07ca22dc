import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Socket roles (sockets/socket-types.ts), counted apart: players are screens, the rest are people. */
export type SocketRole = 'player' | 'device' | 'preview' | 'dashboard';

/**
 * This process's Prometheus metrics (docs/OPERATIONS.md#monitoring), one registry per context:
 * nothing is registered on prom-client's global registry, so several apps in one test process
 * (or an API and its in-process jobs) never share or collide on a metric. Every label takes
 * values from a bounded set: route templates, not paths; job names, not ids.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'pano_http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status, with their duration in seconds',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  readonly sockets = new Gauge({
    name: 'pano_connected_sockets',
    help: 'Sockets connected to this instance, by role (player, preview, dashboard)',
    labelNames: ['role'] as const,
    registers: [this.registry],
  });

  readonly pushes = new Counter({
    name: 'pano_config_pushes_total',
    help: 'Screen configs pushed by this process (one per screen per change)',
    registers: [this.registry],
  });

  readonly pushBuild = new Histogram({
    name: 'pano_config_push_build_seconds',
    help: 'Time to build the configs of one change before they are pushed, in seconds',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  readonly configFetches = new Counter({
    name: 'pano_config_fetches_total',
    help: 'Screen configs answered on GET /api/screens/:id/config (200 or 304)',
    registers: [this.registry],
  });

  readonly configNotModified = new Counter({
    name: 'pano_config_fetches_not_modified_total',
    help: 'Config fetches answered 304: the player already had this version',
    registers: [this.registry],
  });

  readonly jobRuns = new Counter({
    name: 'pano_job_runs_total',
    help: 'Background jobs run by this process, by job name',
    labelNames: ['job'] as const,
    registers: [this.registry],
  });

  readonly jobFailures = new Counter({
    name: 'pano_job_failures_total',
    help: 'Background jobs that failed (threw) in this process, by job name',
    labelNames: ['job'] as const,
    registers: [this.registry],
  });

  readonly uploadBytes = new Counter({
    name: 'pano_upload_bytes_total',
    help: 'Bytes of uploads stored, by kind (media, apk)',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  constructor() {
    // Process CPU, memory, event loop lag, GC, handles: prom-client's defaults, in this registry.
    collectDefaultMetrics({ register: this.registry });
    for (const role of ['player', 'device', 'preview', 'dashboard'] as const) this.sockets.set({ role }, 0);
  }

  socketConnected(role: SocketRole): () => void {
    this.sockets.inc({ role });
    let counted = true;
    return () => {
      if (counted) this.sockets.dec({ role });
      counted = false;
    };
  }
}
