// /developer-tools/metrics: the account's metrics with their event counts and, for each, its
// latest events (time, profile, properties), so a developer sees what an integration sends.
import { db } from '@/lib/db/client'
import { listMetrics } from '@/lib/metrics/list-metrics'
import { metricPath } from '@/lib/profile-view/slug'

const LATEST = 3
const MAX_METRICS = 200

export interface LatestEventDto {
  id: number
  time: string
  profileId: string
  email: string | null
  properties: Record<string, unknown>
}
export interface MetricOverviewDto {
  id: string
  name: string
  integration: string
  eventCount: number
  lastEventAt: string | null
  href: string
  latest: LatestEventDto[]
}

function parseProps(text: string): Record<string, unknown> {
  try {
    const v = JSON.parse(text) as unknown
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

export async function latestEvents(
  companyId: number,
  metricIds: string[],
  take = LATEST,
): Promise<Map<string, LatestEventDto[]>> {
  // One indexed read per metric ((companyId, metricId, ts) index, newest first).
  const perMetric = await Promise.all(
    metricIds.map((metricId) =>
      db.event.findMany({
        where: { companyId, metricId },
        orderBy: [{ ts: 'desc' }, { id: 'desc' }],
        take,
        select: {
          id: true,
          ts: true,
          profileId: true,
          properties: true,
          metricId: true,
          profile: { select: { email: true } },
        },
      }),
    ),
  )
  return new Map(
    metricIds.map((id, i) => [
      id,
      perMetric[i]!.map((e) => ({
        id: e.id,
        time: new Date(e.ts * 1000).toISOString(),
        profileId: e.profileId,
        email: e.profile.email,
        properties: parseProps(e.properties),
      })),
    ]),
  )
}

export async function metricsOverview(companyId: number): Promise<{ metrics: MetricOverviewDto[] }> {
  const { metrics } = await listMetrics(companyId)
  const shown = [...metrics]
    .sort((a, b) => (b.lastEventAt ?? '').localeCompare(a.lastEventAt ?? ''))
    .slice(0, MAX_METRICS)
  const latest = await latestEvents(
    companyId,
    shown.filter((m) => m.eventCount > 0).map((m) => m.id),
  )
  return {
    metrics: shown.map((m) => ({
      id: m.id,
      name: m.name,
      integration: m.integration,
      eventCount: m.eventCount,
      lastEventAt: m.lastEventAt,
      href: metricPath(m.id, m.name),
      latest: latest.get(m.id) ?? [],
    })),
  }
}
