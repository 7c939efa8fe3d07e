// Create and edit a monitor. The metric or flow it watches must be the account's: checked here
// and reported on the field, so a foreign id reads exactly like a mistyped one.
import { db } from '@/lib/db/client'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { ulid } from '@/lib/ids/make-id'
import type { MonitorInput } from './monitor-input'
import { monitorView } from './monitor-view'

async function checkSubject(companyId: number, m: MonitorInput) {
  if (m.kind === 'metric_count') {
    const found = await db.metric.findFirst({ where: { companyId, id: m.config.metricId }, select: { id: true } })
    if (!found) throw badRequest('Unknown metric.', { 'config.metricId': ['Unknown metric.'] })
  }
  if (m.kind === 'flow_sends') {
    const found = await db.flow.findFirst({ where: { companyId, id: m.config.flowId }, select: { id: true } })
    if (!found) throw badRequest('Unknown flow.', { 'config.flowId': ['Unknown flow.'] })
  }
}

const columns = (m: MonitorInput) => ({
  name: m.name,
  kind: m.kind,
  config: JSON.stringify(m.config),
  comparator: m.comparator,
  threshold: m.threshold,
  windowMinutes: m.windowMinutes,
  notify: JSON.stringify(m.notify),
  enabled: m.enabled,
})

export async function createMonitor(companyId: number, m: MonitorInput) {
  await checkSubject(companyId, m)
  return monitorView(await db.monitor.create({ data: { id: ulid(), companyId, ...columns(m) } }))
}

export async function updateMonitor(companyId: number, id: string, m: MonitorInput) {
  await checkSubject(companyId, m)
  const { count } = await db.monitor.updateMany({ where: { companyId, id }, data: columns(m) })
  if (!count) throw notFound('Monitor not found.')
  return monitorView((await db.monitor.findFirst({ where: { companyId, id } }))!)
}

export async function deleteMonitor(companyId: number, id: string) {
  const { count } = await db.monitor.deleteMany({ where: { companyId, id } })
  if (!count) throw notFound('Monitor not found.')
}
