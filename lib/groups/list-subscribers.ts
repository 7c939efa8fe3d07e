// /people/subscribers: the profiles that can receive email marketing (the same predicate as
// the segment condition "can receive email marketing"), or all profiles, with a consent filter,
// sorting, paging and search (people-query.ts).
import { z } from 'zod'
import { toDate } from '@/lib/db/dialect'
import { read, select, selectFirst } from '@/lib/db/ops'
import { offsetOf, page, pageFields, type Page } from './paging'
import { peopleFilterFields, peopleOrder, peopleQuery } from './people-query'

export const listSubscribersQuery = z.object({ ...pageFields, ...peopleFilterFields })

export interface SubscriberRow {
  profileId: string
  email: string | null
  phoneNumber: string | null
  firstName: string | null
  lastName: string | null
  consent: string | null
  consentedAt: string | null
  createdAt: string
}

export async function listSubscribers(
  companyId: number,
  input: z.input<typeof listSubscribersQuery> = {},
): Promise<Page<SubscriberRow>> {
  const q = listSubscribersQuery.parse(input)
  const profiles = peopleQuery(companyId, q)
  const { rows, total } = await read(
    (function* () {
      const rows = yield* select(
        profiles
          .select([
            'p.id as profileId',
            'p.email',
            'p.phoneNumber',
            'p.firstName',
            'p.lastName',
            'p.createdAt',
            'pc.status as consent',
            'pc.consentedAt',
          ])
          .orderBy(peopleOrder(q.sort))
          .limit(q.pageSize + 1)
          .offset(offsetOf(q)),
      )
      const total = Number((yield* selectFirst(profiles.select((eb) => eb.fn.countAll().as('n'))))?.n ?? 0)
      return { rows, total }
    })(),
  )
  const iso = (v: unknown) => toDate(v)?.toISOString() ?? null
  return page(
    rows.map((r) => ({
      ...r,
      consent: r.consent ?? 'never_subscribed',
      createdAt: iso(r.createdAt)!,
      consentedAt: iso(r.consentedAt),
    })),
    q,
    total,
  )
}
