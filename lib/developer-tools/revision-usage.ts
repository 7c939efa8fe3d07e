// /developer-tools/revision-monitoring: which API revisions each key or app sent in the last
// 7 days. The vendor keeps a revision stable for a year and retires it after two, so a
// revision more than a year older than the one we serve is flagged for an upgrade.
import { db } from '@/lib/db/client'
import { SERVED_REVISION } from '@/lib/api/revision'
import { REQUEST_LOG_DAYS } from '@/lib/api-log/prune-request-logs'
import { callerNames, type CallerDto } from './callers'

export type RevisionAge = 'current' | 'old' | 'retired' | 'missing'

export function revisionAge(revision: string | null, served = SERVED_REVISION): RevisionAge {
  if (!revision) return 'missing'
  const date = Date.parse(revision.slice(0, 10))
  if (Number.isNaN(date)) return 'missing'
  const years = (Date.parse(served) - date) / (365.25 * 86_400_000)
  return years > 2 ? 'retired' : years > 1 ? 'old' : 'current'
}

export interface RevisionUsageDto {
  servedRevision: string
  rows: Array<{ caller: CallerDto; revision: string | null; age: RevisionAge; calls: number; lastUsedAt: string }>
}

export async function revisionUsage(companyId: number, now = new Date()): Promise<RevisionUsageDto> {
  const since = new Date(now.getTime() - REQUEST_LOG_DAYS * 86_400_000)
  const groups = await db.apiRequestLog.groupBy({
    by: ['apiKeyId', 'appId', 'revision'],
    where: { companyId, createdAt: { gte: since } },
    _count: { _all: true },
    _max: { createdAt: true },
  })
  const name = await callerNames(companyId, groups)
  const rows = groups.map((g) => ({
    caller: name(g),
    revision: g.revision,
    age: revisionAge(g.revision),
    calls: g._count._all,
    lastUsedAt: (g._max.createdAt ?? since).toISOString(),
  }))
  rows.sort((a, b) => a.caller.name.localeCompare(b.caller.name) || (b.revision ?? '').localeCompare(a.revision ?? ''))
  return { servedRevision: SERVED_REVISION, rows }
}
