// The periodic evaluation of enabled monitors (the clock is passed in). Windows are aligned to
// the monitor's length from the epoch, and a monitor is judged on its last complete window, once
// per window (lastCheckedAt remembers the window's end). An incident is one alert: raised when
// the rule is first breached (its dedupeKey '<monitor>:<window start>' is unique, so a window
// judged twice, or by two workers, raises one), left open while the breach lasts, resolved on
// the first window back to normal. The alert is notified once (notify-alert.ts), retried on the
// next evaluation if sending failed.
import { db } from '@/lib/db/client'
import { ulid } from '@/lib/ids/make-id'
import { measureMonitor } from './measure-monitor'
import { monitorView, type MonitorRow, type MonitorView } from './monitor-view'
import { notifyAlert } from './notify-alert'
import { RATE_KINDS, type MonitorKind } from './monitor-input'

export function windowOf(now: Date, windowMinutes: number): { from: Date; to: Date } {
  const w = windowMinutes * 60_000
  const end = Math.floor(now.getTime() / w) * w
  return { from: new Date(end - w), to: new Date(end) }
}

const isRate = (kind: string) => RATE_KINDS.includes(kind as MonitorKind)
export const formatValue = (kind: string, v: number) =>
  isRate(kind) ? `${(v * 100).toFixed(2).replace(/\.?0+$/, '')} %` : String(Math.round(v * 100) / 100)

function alertMessage(m: MonitorView, value: number, from: Date, to: Date) {
  const what: Record<string, string> = {
    metric_count: 'event count',
    bounce_rate: 'bounce rate',
    complaint_rate: 'spam complaint rate',
    unsubscribe_rate: 'unsubscribe rate',
    flow_sends: 'flow sends',
  }
  return `${m.name}: ${what[m.kind] ?? m.kind} ${formatValue(m.kind, value)} is ${m.comparator} ${formatValue(m.kind, m.threshold)} between ${from.toISOString()} and ${to.toISOString()}.`
}

export interface EvaluationResult {
  monitorId: string
  value: number
  breached: boolean
  raised: boolean
  resolved: boolean
  notified: boolean
}

const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === 'P2002'

export async function evaluateMonitor(row: MonitorRow, now: Date, appUrl: string): Promise<EvaluationResult | null> {
  const m = monitorView(row)
  const { from, to } = windowOf(now, m.windowMinutes)
  if (row.lastCheckedAt && row.lastCheckedAt >= to) {
    // Judged already: only an alert whose notification failed is tried again.
    const pending = await db.monitorAlert.findFirst({
      where: { companyId: row.companyId, monitorId: m.id, resolvedAt: null, notifiedAt: null },
    })
    if (pending) await notifyAlert(m, pending, appUrl, now)
    return null
  }
  const { value, sample } = await measureMonitor({ companyId: row.companyId, kind: m.kind, config: m.config }, from, to)
  const judged = sample === null || sample >= (m.config.minSends ?? 1)
  const breached = judged && (m.comparator === 'above' ? value > m.threshold : value < m.threshold)
  const open = await db.monitorAlert.findFirst({
    where: { companyId: row.companyId, monitorId: m.id, resolvedAt: null },
    orderBy: { raisedAt: 'desc' },
  })
  let raised = false
  let resolved = false
  let alert = open
  if (breached && !open) {
    try {
      alert = await db.monitorAlert.create({
        data: {
          id: ulid(now.getTime()),
          monitorId: m.id,
          companyId: row.companyId,
          dedupeKey: `${m.id}:${from.toISOString()}`,
          value,
          threshold: m.threshold,
          message: alertMessage(m, value, from, to),
          raisedAt: now,
        },
      })
      raised = true
    } catch (e) {
      if (!isUniqueViolation(e)) throw e
    }
  }
  if (!breached && judged && open) {
    const { count } = await db.monitorAlert.updateMany({
      where: { id: open.id, companyId: row.companyId, resolvedAt: null },
      data: { resolvedAt: now },
    })
    resolved = count > 0
    alert = null
  }
  await db.monitor.updateMany({
    where: { id: m.id, companyId: row.companyId },
    data: {
      lastValue: value,
      lastCheckedAt: to,
      ...(judged ? { state: breached ? 'alerting' : 'ok' } : {}),
    },
  })
  const notified = alert && !alert.notifiedAt ? await notifyAlert(m, alert, appUrl, now) : false
  return { monitorId: m.id, value, breached, raised, resolved, notified }
}

/** Every enabled monitor whose last complete window has not been judged yet (optionally one account's). */
export async function evaluateMonitors(now: Date, appUrl: string, companyId?: number): Promise<EvaluationResult[]> {
  const rows = await db.monitor.findMany({
    where: { enabled: true, ...(companyId ? { companyId } : {}) },
    orderBy: { id: 'asc' },
  })
  const out: EvaluationResult[] = []
  for (const row of rows) {
    try {
      const r = await evaluateMonitor(row, now, appUrl)
      if (r) out.push(r)
    } catch (e) {
      // One monitor's failure (a deleted flow, a bad config) must not stop the others.
      console.error(`[monitors] monitor ${row.id} not evaluated:`, e instanceof Error ? e.message : e)
    }
  }
  return out
}
