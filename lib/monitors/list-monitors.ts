// The monitors list, each with its open alert if any, and the alerts of the account (all
// monitors), newest first, paged.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { monitorView } from './monitor-view'

export async function listMonitors(companyId: number) {
  const rows = await db.monitor.findMany({ where: { companyId }, orderBy: { createdAt: 'desc' }, take: 500 })
  const open = await db.monitorAlert.findMany({
    where: { companyId, resolvedAt: null },
    select: { monitorId: true, raisedAt: true },
  })
  const openBy = new Map(open.map((a) => [a.monitorId, a.raisedAt.toISOString()]))
  return rows.map((m) => ({ ...monitorView(m), openAlertSince: openBy.get(m.id) ?? null }))
}

export async function getMonitor(companyId: number, id: string) {
  const m = await db.monitor.findFirst({ where: { companyId, id } })
  if (!m) throw notFound('Monitor not found.')
  const alerts = await db.monitorAlert.findMany({
    where: { companyId, monitorId: id },
    orderBy: { raisedAt: 'desc' },
    take: 100,
  })
  return { monitor: monitorView(m), alerts: alerts.map(alertView) }
}

export const listAlertsQuery = z.object({
  status: z.enum(['open', 'resolved', 'all'], 'status must be open, resolved or all.').default('all'),
  page: z.coerce.number().int().min(1, 'page starts at 1.').max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'pageSize is at most 100.').default(25),
})

export async function listAlerts(companyId: number, q: z.infer<typeof listAlertsQuery>) {
  const where = {
    companyId,
    ...(q.status === 'open' ? { resolvedAt: null } : q.status === 'resolved' ? { resolvedAt: { not: null } } : {}),
  }
  const [total, rows] = await Promise.all([
    db.monitorAlert.count({ where }),
    db.monitorAlert.findMany({
      where,
      orderBy: [{ raisedAt: 'desc' }, { id: 'desc' }],
      skip: (q.page - 1) * q.pageSize,
      take: q.pageSize,
      include: { monitor: { select: { name: true, kind: true } } },
    }),
  ])
  return {
    total,
    alerts: rows.map((a) => ({ ...alertView(a), monitorName: a.monitor.name, monitorKind: a.monitor.kind })),
  }
}

function alertView(a: {
  id: string
  monitorId: string
  value: number
  threshold: number
  message: string
  raisedAt: Date
  resolvedAt: Date | null
  notifiedAt: Date | null
}) {
  return {
    id: a.id,
    monitorId: a.monitorId,
    value: a.value,
    threshold: a.threshold,
    message: a.message,
    raisedAt: a.raisedAt.toISOString(),
    resolvedAt: a.resolvedAt?.toISOString() ?? null,
    notifiedAt: a.notifiedAt?.toISOString() ?? null,
  }
}
