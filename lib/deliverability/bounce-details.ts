// The bounce list of /analytics/deliverability/email/bounce-details: the delivery reports
// (DSN, ARF, provider webhooks) of kind hard or soft bounce, with their enhanced status codes and
// reasons, newest first, and the counts by status code for the summary above the list.
import { z } from 'zod'
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { providerOf } from './mailbox-providers'

export const bounceDetailsQuery = z.object({
  from: z.coerce.date('from must be a date.'),
  to: z.coerce.date('to must be a date.'),
  kind: z.enum(['hard_bounce', 'soft_bounce'], 'kind must be hard_bounce or soft_bounce.').optional(),
  page: z.coerce.number().int().min(1, 'page starts at 1.').max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'pageSize is at most 100.').default(25),
})
export type BounceDetailsQuery = z.infer<typeof bounceDetailsQuery>

export async function listBounceDetails(companyId: number, q: BounceDetailsQuery) {
  const base = kysely()
    .selectFrom('EmailDeliveryReport as r')
    .where('r.companyId', '=', companyId)
    .where('r.kind', 'in', q.kind ? [q.kind] : ['hard_bounce', 'soft_bounce'])
    .where('r.createdAt', '>=', q.from)
    .where('r.createdAt', '<', q.to)
  const [count] = await read(select(base.select(sql<number>`count(*)`.as('n'))))
  const byStatus = await read(
    select(
      base
        .select(['r.kind', 'r.status', sql<number>`count(*)`.as('n')])
        .groupBy(['r.kind', 'r.status'])
        .orderBy(sql`count(*)`, 'desc')
        .limit(20),
    ),
  )
  const rows = await read(
    select(
      base
        .select([
          'r.id',
          'r.email',
          'r.kind',
          'r.status',
          'r.detail',
          'r.source',
          'r.sendId',
          'r.profileId',
          'r.createdAt',
        ])
        .orderBy('r.createdAt', 'desc')
        .orderBy('r.id', 'desc')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize),
    ),
  )
  return {
    total: Number(count?.n ?? 0),
    page: q.page,
    pageSize: q.pageSize,
    byStatus: byStatus.map((r) => ({ kind: r.kind, status: r.status ?? null, count: Number(r.n) })),
    bounces: rows.map((r) => ({
      id: r.id,
      email: r.email,
      provider: providerOf(r.email.slice(r.email.indexOf('@') + 1)),
      kind: r.kind,
      status: r.status ?? null,
      reason: r.detail ?? null,
      source: r.source,
      sendId: r.sendId ?? null,
      profileId: r.profileId ?? null,
      at: new Date(r.createdAt as unknown as string).toISOString(),
    })),
  }
}
