// The chart of a monitor's page: the watched value over its last complete windows (measured
// now, as the evaluation would), so a new monitor shows its history before its first alert.
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { measureMonitor } from './measure-monitor'
import { monitorView } from './monitor-view'
import { windowOf } from './evaluate-monitors'

export async function monitorChart(companyId: number, id: string, windows: number, now: Date) {
  const row = await db.monitor.findFirst({ where: { companyId, id } })
  if (!row) throw notFound('Monitor not found.')
  const m = monitorView(row)
  const last = windowOf(now, m.windowMinutes)
  const w = m.windowMinutes * 60_000
  const points = []
  for (let i = windows - 1; i >= 0; i--) {
    const from = new Date(last.from.getTime() - i * w)
    const to = new Date(from.getTime() + w)
    const { value } = await measureMonitor({ companyId, kind: m.kind, config: m.config }, from, to)
    points.push({ from: from.toISOString(), to: to.toISOString(), value })
  }
  return { kind: m.kind, threshold: m.threshold, comparator: m.comparator, points }
}
