/** @jest-environment node */
// The callers pass the right hints: profiles created by events or imports, and profiles that
// absorb a merge, are re-evaluated live exactly as a full recompute would place them.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
// The first test also starts the queue (on PostgreSQL: its schema and workers).
jest.setTimeout(30_000)

import { db } from '@/lib/db/client'
import { ingestEvents } from '@/lib/events/ingest-events'
import { getOrCreateMetric } from '@/lib/events/get-or-create-metric'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { createSegment } from '@/lib/groups/create-segment'
import { createList } from '@/lib/groups/create-list'
import { recomputeSegment } from '@/lib/segments/recompute-segment'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { makeCompany } from '../helpers/factory'

const def = (c: object) => ({ version: 1 as const, root: { type: 'and' as const, conditions: [c] } })
const members = async (groupId: string) =>
  (
    await db.groupMembership.findMany({
      where: { groupId, leftAt: null },
      select: { profile: { select: { email: true, anonymousId: true } } },
    })
  )
    .map((m) => m.profile.email ?? m.profile.anonymousId)
    .sort()

test('live membership after creates and merges equals a full recompute', async () => {
  const cid = (await makeCompany()).id
  const order = await getOrCreateMetric(cid, 'Placed Order')
  await getOrCreateMetric(cid, 'Viewed Product')
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const segment = (name: string, c: object) => createSegment(cid, { name, definition: def(c) as any })
  const never = await segment('Never bought', {
    kind: 'metric',
    metricId: order.id,
    comparison: 'zero_times',
    count: 0,
    timeframe: { type: 'all_time' },
  })
  const vip = await createList(cid, { name: 'VIP' })
  const notVip = await segment('Not VIP', { kind: 'list_membership', listId: vip.id, operator: 'not_in' })
  const twice = await segment('Bought 2+', {
    kind: 'metric',
    metricId: order.id,
    comparison: 'at_least',
    count: 2,
    timeframe: { type: 'all_time' },
  })
  await runJobsUntilIdle()

  await ingestEvents(cid, [{ metric: { name: 'Viewed Product' }, profile: { email: 'new@example.com' } }])
  await upsertProfile(cid, { email: 'imported@example.com' }, { mode: 'import' })
  await ingestEvents(cid, [{ metric: { name: 'Placed Order' }, profile: { email: 'k@example.com' } }])
  await ingestEvents(cid, [{ metric: { name: 'Placed Order' }, profile: { anonymousId: 'anon-9' } }])
  await ingestEvents(cid, [
    { metric: { name: 'Viewed Product' }, profile: { email: 'k@example.com', anonymousId: 'anon-9' } },
  ])

  const live = { never: await members(never.id), notVip: await members(notVip.id), twice: await members(twice.id) }
  for (const s of [never, notVip, twice]) await recomputeSegment(cid, s.id)
  const full = { never: await members(never.id), notVip: await members(notVip.id), twice: await members(twice.id) }
  expect(live).toEqual(full)
  expect(full.never).toEqual(['imported@example.com', 'new@example.com'])
  expect(full.twice).toEqual(['k@example.com'])
})
