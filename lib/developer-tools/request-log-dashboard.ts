// /developer-tools/dashboard: the last 7 days of /api calls: per day and caller, the error
// rate, the busiest endpoints and the latest errors. Counted in the database (grouped queries,
// one per day), so a busy account's millions of rows are never loaded.
import { db } from '@/lib/db/client'
import { callerNames, type CallerDto } from './callers'
import type { RequestLogRowDto } from './search-request-logs'
import { REQUEST_LOG_DAYS } from '@/lib/api-log/prune-request-logs'

const DAY = 86_400_000

export interface DashboardDto {
  days: string[]
  callers: Array<{ caller: CallerDto; perDay: number[]; total: number; errors: number }>
  total: number
  errors: number
  errorRate: number
  topEndpoints: Array<{ method: string; path: string; calls: number; errors: number }>
  recentErrors: RequestLogRowDto[]
}

/** The endpoint of a logged path: no query, ids folded, so /api/profiles/01H… counts as one. */
export function endpointOf(path: string): string {
  return path
    .split('?')[0]!
    .split('/')
    .map((seg, i) => (i > 2 && /\d/.test(seg) ? '{id}' : seg))
    .join('/')
}

export async function requestLogDashboard(companyId: number, now = new Date()): Promise<DashboardDto> {
  const today = Math.floor(now.getTime() / DAY) * DAY
  const starts = Array.from({ length: REQUEST_LOG_DAYS }, (_, i) => today - (REQUEST_LOG_DAYS - 1 - i) * DAY)
  const since = new Date(starts[0]!)
  const [perDay, errorsByCaller, endpoints, recent] = await Promise.all([
    Promise.all(
      starts.map((start) =>
        db.apiRequestLog.groupBy({
          by: ['apiKeyId', 'appId'],
          where: { companyId, createdAt: { gte: new Date(start), lt: new Date(start + DAY) } },
          _count: { _all: true },
        }),
      ),
    ),
    db.apiRequestLog.groupBy({
      by: ['apiKeyId', 'appId'],
      where: { companyId, createdAt: { gte: since }, status: { gte: 400 } },
      _count: { _all: true },
    }),
    db.apiRequestLog.groupBy({
      by: ['method', 'path', 'status'],
      where: { companyId, createdAt: { gte: since } },
      _count: { _all: true },
      orderBy: { _count: { id: 'desc' } },
      take: 1000,
    }),
    db.apiRequestLog.findMany({
      where: { companyId, createdAt: { gte: since }, status: { gte: 400 } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: 10,
      select: {
        id: true,
        method: true,
        path: true,
        status: true,
        latencyMs: true,
        revision: true,
        apiKeyId: true,
        appId: true,
        createdAt: true,
      },
    }),
  ])
  const refKey = (r: { apiKeyId: number | null; appId: string | null }) => `${r.appId ?? ''}|${r.apiKeyId ?? ''}`
  const refs = new Map<string, { apiKeyId: number | null; appId: string | null }>()
  for (const day of perDay) for (const g of day) refs.set(refKey(g), { apiKeyId: g.apiKeyId, appId: g.appId })
  const name = await callerNames(companyId, [...refs.values(), ...recent])
  const errorsOf = new Map(errorsByCaller.map((g) => [refKey(g), g._count._all]))
  const callers = [...refs.entries()]
    .map(([k, ref]) => {
      const counts = perDay.map((day) => day.find((g) => refKey(g) === k)?._count._all ?? 0)
      return {
        caller: name(ref),
        perDay: counts,
        total: counts.reduce((a, b) => a + b, 0),
        errors: errorsOf.get(k) ?? 0,
      }
    })
    .sort((a, b) => b.total - a.total)

  const byEndpoint = new Map<string, { method: string; path: string; calls: number; errors: number }>()
  for (const g of endpoints) {
    const path = endpointOf(g.path)
    const e = byEndpoint.get(`${g.method} ${path}`) ?? { method: g.method, path, calls: 0, errors: 0 }
    e.calls += g._count._all
    if (g.status >= 400) e.errors += g._count._all
    byEndpoint.set(`${g.method} ${path}`, e)
  }
  const total = callers.reduce((a, c) => a + c.total, 0)
  const errors = callers.reduce((a, c) => a + c.errors, 0)
  return {
    days: starts.map((s) => new Date(s).toISOString().slice(0, 10)),
    callers,
    total,
    errors,
    errorRate: total ? errors / total : 0,
    topEndpoints: [...byEndpoint.values()].sort((a, b) => b.calls - a.calls).slice(0, 10),
    recentErrors: recent.map((r) => ({
      id: r.id,
      method: r.method,
      path: r.path,
      status: r.status,
      latencyMs: r.latencyMs,
      revision: r.revision,
      caller: name(r),
      createdAt: r.createdAt.toISOString(),
    })),
  }
}
