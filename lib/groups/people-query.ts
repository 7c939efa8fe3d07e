// The profiles of /people/subscribers as one Kysely query: the subscribers view (everyone who can
// receive email marketing: the vendor's rule, not suppressed and not unsubscribed, so people who
// never subscribed count too) or all profiles; a consent filter; search; sorting. The list screen
// pages it and the export writes it whole, so both always show the same people.
import { sql, type Expression, type SqlBool } from 'kysely'
import { z } from 'zod'
import { kysely } from '@/lib/db/kysely'
import { compileDefinition } from '@/lib/segments/compile-definition'
import { nowSeconds } from '@/lib/segments/clock'
import { memberSearch } from './member-search'

export const PEOPLE_VIEWS = ['subscribers', 'all'] as const
export const CONSENT_FILTERS = ['subscribed', 'never_subscribed', 'pending', 'unsubscribed'] as const
export const PEOPLE_SORTS = ['created_desc', 'created_asc', 'email_asc', 'email_desc', 'consented_desc'] as const

export const peopleFilterFields = {
  view: z.enum(PEOPLE_VIEWS).default('subscribers'),
  consent: z.enum(CONSENT_FILTERS).optional(),
  sort: z.enum(PEOPLE_SORTS).default('created_desc'),
  search: z.string().trim().max(255).optional(),
}
export const peopleFilters = z.object(peopleFilterFields)
export type PeopleFilters = z.infer<typeof peopleFilters>

/** Profiles `p` with their email consent `pc` (left join), filtered; not yet selected or ordered. */
export function peopleQuery(companyId: number, f: PeopleFilters) {
  const k = kysely()
  let q = k
    .selectFrom('Profile as p')
    .leftJoin('ProfileConsent as pc', (j) =>
      j.onRef('pc.profileId', '=', 'p.id').on('pc.channel', '=', 'email_marketing'),
    )
    .where('p.companyId', '=', companyId)
  if (f.view === 'subscribers') {
    // The segment compiler's predicate over the Profile row `p` (bound values only).
    const canReceive = compileDefinition(
      {
        version: 1,
        root: { type: 'and', conditions: [{ kind: 'consent', channel: 'email_marketing', operator: 'can_receive' }] },
      },
      { now: nowSeconds() },
    ) as unknown as Expression<SqlBool>
    q = q.where(canReceive)
  }
  if (f.consent === 'never_subscribed')
    q = q.where((eb) => eb.or([eb('pc.status', 'is', null), eb('pc.status', '=', 'never_subscribed')]))
  else if (f.consent) q = q.where('pc.status', '=', f.consent)
  if (f.search) q = q.where(memberSearch(f.search))
  return q
}

const ORDER: Record<PeopleFilters['sort'], ReturnType<typeof sql>> = {
  created_desc: sql`p."createdAt" desc, p."id" desc`,
  created_asc: sql`p."createdAt" asc, p."id" asc`,
  // Profiles without an email, or never consented, sort last either way.
  email_asc: sql`(case when p."email" is null then 1 else 0 end) asc, p."email" asc, p."id" asc`,
  email_desc: sql`(case when p."email" is null then 1 else 0 end) asc, p."email" desc, p."id" desc`,
  consented_desc: sql`(case when pc."consentedAt" is null then 1 else 0 end) asc, pc."consentedAt" desc, p."id" desc`,
}

/** The ORDER BY of a sort choice, ties broken by id so pages never overlap. */
export const peopleOrder = (sort: PeopleFilters['sort']) => ORDER[sort]
