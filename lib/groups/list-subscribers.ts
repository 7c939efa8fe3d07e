// /people/subscribers: the profiles that can receive email marketing (the same predicate as
// the segment condition "can receive email marketing"), with paging and search.
import type { Expression, SqlBool } from 'kysely'
import { z } from 'zod'
import { toDate } from '@/lib/db/dialect'
import { kysely } from '@/lib/db/kysely'
import { read, select, selectFirst } from '@/lib/db/ops'
import { compileDefinition } from '@/lib/segments/compile-definition'
import { nowSeconds } from '@/lib/segments/clock'
import { memberSearch } from './member-search'
import { offsetOf, page, pageFields, type Page } from './paging'

export const listSubscribersQuery = z.object({ ...pageFields, search: z.string().trim().max(255).optional() })

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

export async function listSubscribers(companyId: number, input: z.input<typeof listSubscribersQuery> = {}): Promise<Page<SubscriberRow>> {
  const q = listSubscribersQuery.parse(input)
  // The segment compiler's predicate over the Profile row `p` (bound values only).
  const canReceive = compileDefinition(
    { version: 1, root: { type: 'and', conditions: [{ kind: 'consent', channel: 'email_marketing', operator: 'can_receive' }] } },
    { now: nowSeconds() },
  ) as unknown as Expression<SqlBool>
  const k = kysely()
  const profiles = k.selectFrom('Profile as p').where('p.companyId', '=', companyId).where(canReceive)
    .$if(!!q.search, (qb) => qb.where(memberSearch(q.search!)))
  const { rows, total } = await read((function* () {
    const rows = yield* select(profiles
      .leftJoin('ProfileConsent as pc', (j) => j.onRef('pc.profileId', '=', 'p.id').on('pc.channel', '=', 'email_marketing'))
      .select(['p.id as profileId', 'p.email', 'p.phoneNumber', 'p.firstName', 'p.lastName', 'p.createdAt', 'pc.status as consent', 'pc.consentedAt'])
      .orderBy('p.createdAt', 'desc').orderBy('p.id', 'desc').limit(q.pageSize + 1).offset(offsetOf(q)))
    const total = Number((yield* selectFirst(profiles.select((eb) => eb.fn.countAll().as('n'))))?.n ?? 0)
    return { rows, total }
  })())
  const iso = (v: unknown) => toDate(v)?.toISOString() ?? null
  return page(rows.map((r) => ({ ...r, consent: r.consent ?? 'never_subscribed', createdAt: iso(r.createdAt)!, consentedAt: iso(r.consentedAt) })), q, total)
}
