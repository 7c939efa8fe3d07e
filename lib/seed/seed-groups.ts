// The demo lists (with each membership's own time and source, so the growth report has a
// history) and segments (created through the groups code and computed by the job queue).
import { db } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx, selectFirst } from '@/lib/db/ops'
import { dbDate } from '@/lib/db/query-template'
import { createList } from '@/lib/groups/create-list'
import { createSegment } from '@/lib/groups/create-segment'
import type { SegmentDefinition } from '@/lib/segments/definition'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { registerJobHandlers } from '@/lib/server/job-handlers'
import { DAY_MS } from './calendar'
import { insertRows } from './insert-rows'
import type { Customer } from './make-customers'
import { METRICS, type MetricKey } from './simulate-activity'

export const LIST_NAMES = { newsletter: 'Newsletter', vip: 'VIP Customers', leads: 'Imported Leads' } as const
export const SEGMENT_NAMES = {
  engaged: 'Engaged in the last 30 days',
  repeat: 'Repeat buyers',
  highValue: 'High-value customers',
  usSubscribers: 'US subscribers',
} as const

interface Member {
  id: string
  atMs: number
  source: string
}

async function seedList(
  companyId: number,
  name: string,
  createdMs: number,
  members: Member[],
): Promise<{ id: string; count: number }> {
  const list = await createList(companyId, { name, optInProcess: 'single_opt_in' })
  const created = new Date(createdMs)
  const sorted = [...members].sort((a, b) => a.atMs - b.atMs)
  const at = (m: Member) => dbDate(new Date(Math.max(m.atMs, createdMs)))
  const count = await inWriteTx(function* () {
    yield* exec(
      kysely()
        .updateTable('Group')
        .set({ createdAt: created, updatedAt: created })
        .where('id', '=', list.id)
        .where('companyId', '=', companyId),
    )
    yield* insertRows(
      'GroupMembership',
      ['companyId', 'groupId', 'profileId', 'source', 'enteredAt'],
      sorted.map((m) => [companyId, list.id, m.id, m.source, at(m)]),
    )
    yield* insertRows(
      'GroupMembershipChange',
      ['companyId', 'groupId', 'profileId', 'kind', 'at'],
      sorted.map((m) => [companyId, list.id, m.id, 'entered', at(m)]),
    )
    const n = Number(
      (yield* selectFirst(
        kysely()
          .selectFrom('GroupMembership')
          .select((e) => e.fn.countAll().as('n'))
          .where('groupId', '=', list.id)
          .where('leftAt', 'is', null),
      ))!.n,
    )
    yield* exec(kysely().updateTable('Group').set({ memberCount: n }).where('id', '=', list.id))
    return n
  })
  return { id: list.id, count }
}

export interface SeedGroupsOptions {
  nowMs: number
  startMs: number
  metricIds: string[]
  segments: boolean
}

export async function seedGroups(companyId: number, customers: Customer[], o: SeedGroupsOptions) {
  const lists: Record<string, number> = {}
  const segments: Record<string, number> = {}
  const clamp = (ms: number) => Math.min(ms, o.nowMs)

  const subscribers = customers.filter((c) => c.email_.status === 'subscribed')
  const newsletter = await seedList(
    companyId,
    LIST_NAMES.newsletter,
    o.startMs - 30 * DAY_MS,
    subscribers.map((c) => ({ id: c.id, atMs: clamp(c.email_.atMs), source: c.email_.source })),
  )
  lists[LIST_NAMES.newsletter] = newsletter.count

  // The best customers by spend (6 % of the audience: 300 of 5,000).
  const vipCount = Math.max(1, Math.round(customers.length * 0.06))
  const vips = customers
    .filter((c) => c.orders > 0)
    .sort((a, b) => b.spent - a.spent || a.idx - b.idx)
    .slice(0, vipCount)
  const vipCreated = Math.max(o.startMs, o.nowMs - 75 * DAY_MS)
  lists[LIST_NAMES.vip] = (
    await seedList(
      companyId,
      LIST_NAMES.vip,
      vipCreated,
      vips.map((c) => ({ id: c.id, atMs: clamp(Math.max(vipCreated, c.updatedMs)), source: 'manual' })),
    )
  ).count

  const leads = customers.filter((c) => c.kind === 'lead')
  const firstLead = leads.reduce((m, c) => Math.min(m, c.createdMs), o.nowMs)
  lists[LIST_NAMES.leads] = (
    await seedList(
      companyId,
      LIST_NAMES.leads,
      firstLead - 3_600_000,
      leads.map((c) => ({ id: c.id, atMs: c.createdMs, source: 'CSV import' })),
    )
  ).count

  if (!o.segments) return { lists, segments }
  const metric = (key: MetricKey) => o.metricIds[METRICS.findIndex((m) => m.key === key)]!
  const definitions: Array<[string, SegmentDefinition]> = [
    [
      SEGMENT_NAMES.engaged,
      {
        version: 1,
        root: {
          type: 'and',
          conditions: [
            {
              kind: 'metric',
              metricId: metric('active'),
              comparison: 'at_least',
              count: 1,
              timeframe: { type: 'in_last_days', days: 30 },
            },
          ],
        },
      },
    ],
    [
      SEGMENT_NAMES.repeat,
      {
        version: 1,
        root: {
          type: 'and',
          conditions: [
            {
              kind: 'metric',
              metricId: metric('order'),
              comparison: 'at_least',
              count: 2,
              timeframe: { type: 'all_time' },
            },
          ],
        },
      },
    ],
    [
      SEGMENT_NAMES.highValue,
      {
        version: 1,
        root: {
          type: 'and',
          conditions: [
            {
              kind: 'metric',
              metricId: metric('order'),
              comparison: 'at_least',
              count: 500,
              aggregate: 'sum_value',
              timeframe: { type: 'all_time' },
            },
          ],
        },
      },
    ],
    [
      SEGMENT_NAMES.usSubscribers,
      {
        version: 1,
        root: {
          type: 'and',
          conditions: [
            { kind: 'location', field: 'country', operator: 'equals', value: 'United States' },
            { kind: 'consent', channel: 'email_marketing', operator: 'can_receive' },
          ],
        },
      },
    ],
  ]
  const ids: Record<string, string> = {}
  for (const [name, definition] of definitions) ids[name] = (await createSegment(companyId, { name, definition })).id
  // createSegment queues the first computation; run it now so the seed ends with members.
  registerJobHandlers() // the seed runs the queued jobs itself
  await runJobsUntilIdle()
  for (const [name, id] of Object.entries(ids)) {
    segments[name] = (
      await db.group.findFirstOrThrow({ where: { id, companyId }, select: { memberCount: true } })
    ).memberCount
  }
  return { lists, segments }
}
