// /people/suppressed: active suppressions (not cleared) with the profile, newest first,
// filtered by reason and channel.
import { z } from 'zod'
import { toDate } from '@/lib/db/dialect'
import { kysely } from '@/lib/db/kysely'
import { read, select, selectFirst } from '@/lib/db/ops'
import { memberSearch } from './member-search'
import { offsetOf, page, pageFields, type Page } from './paging'

export const SUPPRESSION_REASONS = ['unsubscribed', 'bounced', 'spam_complaint', 'manual'] as const
export const listSuppressedQuery = z.object({
  ...pageFields,
  reason: z.enum(SUPPRESSION_REASONS).optional(),
  channel: z.enum(['email', 'sms']).optional(),
  search: z.string().trim().max(255).optional(),
})

export interface SuppressedProfileRow {
  profileId: string
  email: string | null
  phoneNumber: string | null
  firstName: string | null
  lastName: string | null
  channel: string
  reason: string
  suppressedAt: string
}

export async function listSuppressedProfiles(
  companyId: number,
  input: z.input<typeof listSuppressedQuery> = {},
): Promise<Page<SuppressedProfileRow>> {
  const q = listSuppressedQuery.parse(input)
  const from = kysely()
    .selectFrom('Suppression as s')
    .innerJoin('Profile as p', 'p.id', 's.profileId')
    .where('s.companyId', '=', companyId)
    .where('s.clearedAt', 'is', null)
    .where('p.companyId', '=', companyId)
    .$if(!!q.reason, (qb) => qb.where('s.reason', '=', q.reason!))
    .$if(!!q.channel, (qb) => qb.where('s.channel', '=', q.channel!))
    .$if(!!q.search, (qb) => qb.where(memberSearch(q.search!)))
  const { rows, total } = await read(
    (function* () {
      const rows = yield* select(
        from
          .select([
            'p.id as profileId',
            'p.email',
            'p.phoneNumber',
            'p.firstName',
            'p.lastName',
            's.channel',
            's.reason',
            's.createdAt as suppressedAt',
          ])
          .orderBy('s.createdAt', 'desc')
          .orderBy('s.id', 'desc')
          .limit(q.pageSize + 1)
          .offset(offsetOf(q)),
      )
      const total = Number((yield* selectFirst(from.select((eb) => eb.fn.countAll().as('n'))))?.n ?? 0)
      return { rows, total }
    })(),
  )
  return page(
    rows.map((r) => ({ ...r, suppressedAt: toDate(r.suppressedAt)!.toISOString() })),
    q,
    total,
  )
}
