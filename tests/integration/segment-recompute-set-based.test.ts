/** @jest-environment node */
// Issue 22 §2: a full segment recompute with joiners and leavers, across pages, on both engines
// (PostgreSQL: one INSERT … SELECT / anti-join UPDATE statement per page). Events are written
// straight to the table so only the recompute moves membership. Checked: members, revived rows,
// the change history, the member count, and the joiners handed to the group-entry consumers.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { getOrCreateMetric } from '@/lib/events/get-or-create-metric'
import { createSegment } from '@/lib/groups/create-segment'
import { recomputeSegment } from '@/lib/segments/recompute-segment'
import { registerGroupEntryConsumer } from '@/lib/segments/group-entry-consumers'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { makeCompany } from '../helpers/factory'

const entries: Array<{ groupId: string; ids: string[] }> = []
registerGroupEntryConsumer({
  name: 'test-recorder',
  *entered(_companyId, groupId, ids) {
    entries.push({ groupId, ids: [...ids].sort() })
  },
})

const def = (c: object) => ({ version: 1 as const, root: { type: 'and' as const, conditions: [c] } })

test('first recompute, joiners and leavers, a former member back, then nothing to change', async () => {
  const cid = (await makeCompany()).id
  const other = (await makeCompany()).id
  const order = await getOrCreateMetric(cid, 'Placed Order')
  const names = ['a', 'b', 'c', 'd', 'e']
  const ids: Record<string, string> = {}
  for (const n of names)
    ids[n] = (await db.profile.create({ data: { id: `P${cid}-${n}`, companyId: cid, email: `${n}@ex.test` } })).id
  await db.profile.create({ data: { id: `P${other}-x`, companyId: other, email: 'x@ex.test' } })
  const buy = async (n: string, times: number) => {
    for (let i = 0; i < times; i++)
      await db.event.create({
        data: { companyId: cid, profileId: ids[n]!, metricId: order.id, ts: 1_700_000_000 + i, properties: '{}' },
      })
  }
  await buy('a', 2)
  await buy('b', 3)
  await buy('c', 1)
  const definition = def({
    kind: 'metric',
    metricId: order.id,
    comparison: 'at_least',
    count: 2,
    timeframe: { type: 'all_time' },
  })
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the definition's zod input type
  const segment = await createSegment(cid, { name: 'Bought 2+', definition: definition as any })
  await runJobsUntilIdle() // the creation's own recompute job
  const members = async () =>
    (await db.groupMembership.findMany({ where: { groupId: segment.id, leftAt: null }, orderBy: { profileId: 'asc' } }))
      .map((m) => m.profileId.split('-')[1])
      .join('')
  const joined = () =>
    entries
      .filter((e) => e.groupId === segment.id)
      .map((e) => e.ids.map((id) => id.split('-')[1]).join(''))
      .join('|')
  expect(await members()).toBe('ab')
  expect(joined()).toBe('ab')

  // c buys a second time, a's orders are gone: c joins, a leaves (pages of 2 profiles).
  await buy('c', 1)
  await db.event.deleteMany({ where: { profileId: ids.a } })
  expect(await recomputeSegment(cid, segment.id, undefined, { chunkSize: 2 })).toEqual({
    entered: 1,
    left: 1,
    memberCount: 2,
  })
  expect(await members()).toBe('bc')
  expect(joined()).toBe('ab|c')

  // a comes back: the same membership row, entered again.
  const rowBefore = await db.groupMembership.findUniqueOrThrow({
    where: { groupId_profileId: { groupId: segment.id, profileId: ids.a! } },
  })
  expect(rowBefore.leftAt).not.toBeNull()
  await buy('a', 2)
  expect(await recomputeSegment(cid, segment.id, undefined, { chunkSize: 2 })).toEqual({
    entered: 1,
    left: 0,
    memberCount: 3,
  })
  const rowAfter = await db.groupMembership.findUniqueOrThrow({
    where: { groupId_profileId: { groupId: segment.id, profileId: ids.a! } },
  })
  expect(rowAfter.id).toBe(rowBefore.id)
  expect(rowAfter.leftAt).toBeNull()
  expect(joined()).toBe('ab|c|a')

  // Nothing changed: nothing written, nobody handed on.
  expect(await recomputeSegment(cid, segment.id)).toEqual({ entered: 0, left: 0, memberCount: 3 })
  expect(joined()).toBe('ab|c|a')

  const history = await db.groupMembershipChange.findMany({ where: { groupId: segment.id }, orderBy: { id: 'asc' } })
  expect(history.map((h) => `${h.kind}:${h.profileId.split('-')[1]}`).sort()).toEqual(
    ['entered:a', 'entered:b', 'left:a', 'entered:c', 'entered:a'].sort(),
  )
  expect(history.every((h) => h.companyId === cid)).toBe(true)
  expect((await db.group.findUniqueOrThrow({ where: { id: segment.id } })).memberCount).toBe(3)
  // The other company's profile was never considered.
  expect(await db.groupMembership.count({ where: { companyId: other } })).toBe(0)
})
