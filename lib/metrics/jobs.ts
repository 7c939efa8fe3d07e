// Registers the metrics domain's job handlers with the queue (lib/jobs/register-handlers.ts).
import { registerJobHandler } from '@/lib/jobs/queue'
import { METRIC_EXPORT_JOB, type MetricExportPayload } from './metric-export'
import { writeMetricExport } from './write-metric-export'

export function register(): void {
  registerJobHandler(METRIC_EXPORT_JOB, (payload: MetricExportPayload, ctx) =>
    writeMetricExport(payload, ctx.companyId),
  )
}
