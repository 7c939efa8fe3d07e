// /client-diagnostics: is the onsite script installed (its install pings, issue 20: one
// OnsiteInstall row per store origin), and which onsite events arrived lately, with where each
// came from (a store page, this screen's test button, the sample generator, or the API).
import { db } from '@/lib/db/client'
import { latestEvents } from './metrics-overview'

export const ONSITE_METRICS = ['Active on Site', 'Viewed Product', 'Added to Cart'] as const
const RECENT = 20
/** A script that has not pinged for this long is probably no longer on the page. */
const STALE_MS = 7 * 86_400_000

export type EventSource = 'onsite' | 'test' | 'sample' | 'api'

export interface DiagnosticsDto {
  installed: boolean
  installs: Array<{ origin: string; firstSeenAt: string; lastSeenAt: string; pings: number; stale: boolean }>
  events: Array<{
    id: number
    metric: string
    time: string
    email: string | null
    source: EventSource
    page: string | null
  }>
}

export function eventSource(props: Record<string, unknown>): { source: EventSource; page: string | null } {
  const pageValue = props.page ?? props.$page ?? props.URL ?? props.url
  const page = typeof pageValue === 'string' ? pageValue.slice(0, 300) : null
  if (props.$diagnostic === true) return { source: 'test', page }
  if (props.$sample === true) return { source: 'sample', page }
  return { source: page ? 'onsite' : 'api', page }
}

export async function clientDiagnostics(companyId: number, now = new Date()): Promise<DiagnosticsDto> {
  const [installs, metrics] = await Promise.all([
    db.onsiteInstall.findMany({ where: { companyId }, orderBy: { lastSeenAt: 'desc' }, take: 50 }),
    db.metric.findMany({ where: { companyId, name: { in: [...ONSITE_METRICS] } }, select: { id: true, name: true } }),
  ])
  const latest = await latestEvents(
    companyId,
    metrics.map((m) => m.id),
    RECENT,
  )
  const events = metrics
    .flatMap((m) =>
      (latest.get(m.id) ?? []).map((e) => ({
        id: e.id,
        metric: m.name,
        time: e.time,
        email: e.email,
        ...eventSource(e.properties),
      })),
    )
    .sort((a, b) => b.time.localeCompare(a.time) || b.id - a.id)
    .slice(0, RECENT)
  const rows = installs.map((i) => ({
    origin: i.origin,
    firstSeenAt: i.firstSeenAt.toISOString(),
    lastSeenAt: i.lastSeenAt.toISOString(),
    pings: i.pings,
    stale: now.getTime() - i.lastSeenAt.getTime() > STALE_MS,
  }))
  return { installed: rows.some((r) => !r.stale), installs: rows, events }
}
