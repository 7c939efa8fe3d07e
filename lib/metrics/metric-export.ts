// CSV export of a metric's events: the request creates a Download and enqueues 'metrics.export';
// the job writes the file. The poll reads the job and the download (lib/downloads).
import { db } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { read, selectFirst } from '@/lib/db/ops'
import { enqueue } from '@/lib/jobs/queue'
import { getMetricOrThrow, firstEventAt } from './get-metric'
import { resolveTimeframe, type Timeframe } from './timeframe'
import { civilOf, isValidTimeZone } from './zoned-time'

export const METRIC_EXPORT_JOB = 'metrics.export'
export const METRIC_EXPORT_TYPE = 'metric_events'

export interface MetricExportPayload {
  downloadId: number
  metricId: string
  /** [start, end) in ms. */
  start: number
  end: number
  timeZone: string
  /** Events in the range when asked, for the progress figure. */
  total: number
  /** Personal columns (email, phone, names); false unless the requester holds metrics_export_pii. */
  includePii?: boolean
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'metric'
const day = (tz: string, ms: number) => {
  const d = civilOf(tz, ms)
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`
}

export async function startMetricExport(
  companyId: number,
  userId: number | null,
  metricId: string,
  input: { timeframe: Timeframe; start?: string; end?: string; timeZone: string; includePii?: boolean },
): Promise<{ workerId: number; downloadId: number }> {
  const metric = await getMetricOrThrow(companyId, metricId)
  input = { ...input, timeZone: isValidTimeZone(input.timeZone) ? input.timeZone : 'UTC' }
  const earliest = input.timeframe === 'alltime' ? await firstEventAt(companyId, metric.id) : null
  const range = resolveTimeframe(input.timeframe, {
    timeZone: input.timeZone,
    start: input.start,
    end: input.end,
    earliest,
  })
  const counted = await read(
    selectFirst(
      kysely()
        .selectFrom('Event')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('companyId', '=', companyId)
        .where('metricId', '=', metric.id)
        .where('ts', '>=', Math.ceil(range.start / 1000))
        .where('ts', '<', Math.ceil(range.end / 1000)),
    ),
  )
  const total = Number(counted?.n ?? 0)
  const fileName = `${slug(metric.name)}-events-${day(input.timeZone, range.start)}-to-${day(input.timeZone, range.end - 1)}.csv`
  const download = await db.download.create({ data: { companyId, userId, type: METRIC_EXPORT_TYPE, fileName } })
  const payload: MetricExportPayload = {
    downloadId: download.id,
    metricId: metric.id,
    start: range.start,
    end: range.end,
    timeZone: input.timeZone,
    total,
    includePii: input.includePii === true,
  }
  try {
    const jobId = await enqueue(METRIC_EXPORT_JOB, payload, {
      companyId,
      idempotencyKey: `${METRIC_EXPORT_JOB}:${download.id}`,
    })
    await db.download.update({ where: { id: download.id }, data: { jobId } })
    return { workerId: jobId, downloadId: download.id }
  } catch (e) {
    // No download without a job to fill it.
    await db.download.delete({ where: { id: download.id } }).catch(() => {})
    throw e
  }
}
