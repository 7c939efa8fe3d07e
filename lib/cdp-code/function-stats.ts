// The dashboard's figures: per function, its invocations and errors over the last 7 days, in one
// grouped query for the company (not one per function).
import { db } from '@/lib/db/client'
import { STATS_DAYS } from './limits'

export interface FunctionStats {
  invocations: number
  errors: number
  errorRate: number
}

export async function functionStats(companyId: number, now = new Date()): Promise<Map<string, FunctionStats>> {
  const since = new Date(now.getTime() - STATS_DAYS * 86_400_000)
  const rows = await db.codeFunctionInvocation.groupBy({
    by: ['functionId', 'status'],
    where: { companyId, createdAt: { gte: since }, status: { in: ['ok', 'error'] } },
    _count: { _all: true },
  })
  const out = new Map<string, FunctionStats>()
  for (const r of rows) {
    const s = out.get(r.functionId) ?? { invocations: 0, errors: 0, errorRate: 0 }
    s.invocations += r._count._all
    if (r.status === 'error') s.errors += r._count._all
    s.errorRate = s.invocations ? s.errors / s.invocations : 0
    out.set(r.functionId, s)
  }
  return out
}
