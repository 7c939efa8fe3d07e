// A sample for test runs: the account's latest event of the metric (and its profile), or a
// made-up one when the account has none yet.
import { kysely } from '@/lib/db/kysely'
import { read, select, selectFirst } from '@/lib/db/ops'
import { findProfileByOps } from '@/lib/profiles/profile-store'
import { personOf } from '@/lib/flows/webhook-action/template-context'

export interface SampleEvent {
  event: Record<string, unknown>
  profile: Record<string, unknown>
  /** false: no event of this metric yet, the sample is made up. */
  fromAccount: boolean
}

export async function sampleEvent(companyId: number, metric: string): Promise<SampleEvent> {
  const e = await read(
    selectFirst(
      kysely()
        .selectFrom('Event as e')
        .innerJoin('Metric as m', 'm.id', 'e.metricId')
        .select(['e.id', 'e.profileId', 'e.ts', 'e.value', 'e.properties', 'm.name as metric'])
        .where('e.companyId', '=', companyId)
        .where('m.companyId', '=', companyId)
        .where('m.name', '=', metric)
        .orderBy('e.ts', 'desc')
        .orderBy('e.id', 'desc')
        .limit(1),
    ),
  )
  if (!e)
    return {
      event: { id: 'sample', metric, properties: { sample: true }, value: 42, time: new Date().toISOString() },
      profile: { email: 'sample@example.com', first_name: 'Sample' },
      fromAccount: false,
    }
  const profile = await read(findProfileByOps(companyId, 'id', e.profileId))
  return {
    event: {
      id: String(e.id),
      metric: e.metric,
      properties: JSON.parse(String(e.properties || '{}')) as Record<string, unknown>,
      value: e.value == null ? null : Number(e.value),
      time: new Date(Number(e.ts) * 1000).toISOString(),
    },
    profile: personOf(profile),
    fromAccount: true,
  }
}

/** The account's metric names, for the trigger picker. */
export async function metricNames(companyId: number): Promise<string[]> {
  const rows = await read(
    select(kysely().selectFrom('Metric').select('name').where('companyId', '=', companyId).orderBy('name').limit(500)),
  )
  return [...new Set(rows.map((r) => r.name))]
}
