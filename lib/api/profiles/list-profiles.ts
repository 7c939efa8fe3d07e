// GET /api/profiles (and a list's or segment's profiles): the reference's filters, sorts,
// cursor pages, sparse fieldsets and additional-fields[profile]=subscriptions.
import { db } from '@/lib/db/client'
import { getSubscriptions } from '@/lib/profiles/consent'
import type { ProfileRow } from '@/lib/profiles/types'
import { decodeCursor, nextLink } from '../cursor'
import { keysetOrder, keysetWhere, pageOf } from '../keyset'
import { dateValue, enumList, filterParam, pageSize, sortParam, sparseFields, stringValues } from '../query-params'
import { serializeProfile, PROFILE_FIELDS } from '../serialize-profile'
import type { FilterCondition } from '../filter-parser'
import { MEMBER_FILTERS, joinedAt, memberConditions, membersByJoinDate } from '../groups/group-members'
import { SUPPRESSION_FILTERS, suppressionWhere } from './suppression-filters'
import { predictiveAnalyticsFor } from '@/lib/profiles/predictive-analytics'

export const PROFILE_FILTERS = {
  id: ['any', 'equals'],
  email: ['any', 'equals'],
  phone_number: ['any', 'equals'],
  external_id: ['any', 'equals'],
  // The browser's exchange id: the anonymous id the onsite script and push tokens record.
  _kx: ['equals'],
  created: ['greater-than', 'less-than'],
  updated: ['greater-than', 'less-than'],
  ...SUPPRESSION_FILTERS,
} as const

const LIST_SUPPRESSION_TIME = 'subscriptions.email.marketing.list_suppressions.timestamp'
export const PROFILE_SORTS = [
  'created',
  '-created',
  'email',
  '-email',
  'id',
  '-id',
  'updated',
  '-updated',
  // Suppressions are per channel here, never per list: every profile's key is null, so the
  // order is the id's.
  LIST_SUPPRESSION_TIME,
  `-${LIST_SUPPRESSION_TIME}`,
] as const
/** Members also sort by when they joined (the schema's one sort for members). */
const MEMBER_SORTS = [...PROFILE_SORTS, 'joined_group_at', '-joined_group_at'] as const

const COLUMN: Record<string, string> = {
  id: 'id',
  email: 'email',
  phone_number: 'phoneNumber',
  external_id: 'externalId',
  _kx: 'anonymousId',
  created: 'createdAt',
  updated: 'updatedAt',
  [LIST_SUPPRESSION_TIME]: 'id',
}

export function profileFilterWhere(
  url: URL,
  allowed: Record<string, readonly string[]> = PROFILE_FILTERS,
): Record<string, unknown>[] {
  return profileConditionsWhere(filterParam(url, allowed))
}

function profileConditionsWhere(conditions: FilterCondition[]): Record<string, unknown>[] {
  const and: Record<string, unknown>[] = suppressionWhere(conditions)
  for (const c of conditions) {
    const column = COLUMN[c.field]
    // The suppression filters are suppressionWhere's (their column here is only the sort key):
    // a date on `id` was a 500.
    if (!column || Object.hasOwn(SUPPRESSION_FILTERS, c.field)) continue
    if (c.op === 'equals' || c.op === 'any') {
      let values = stringValues(c.value, c.field)
      if (c.field === 'email') values = values.map((v) => v.trim().toLowerCase())
      and.push(c.op === 'equals' ? { [column]: values[0] } : { [column]: { in: values } })
    } else {
      const d = dateValue(c.value, c.field)
      const op = { 'greater-than': 'gt', 'less-than': 'lt', 'greater-or-equal': 'gte', 'less-or-equal': 'lte' }[c.op]!
      and.push({ [column]: { [op]: d } })
    }
  }
  return and
}

export async function subscriptionsFor(
  companyId: number,
  ids: string[],
  wanted: boolean,
): Promise<Map<string, unknown> | null> {
  if (!wanted || !ids.length) return null
  return (await getSubscriptions(companyId, ids)) as Map<string, unknown>
}

export interface ProfilePageOptions {
  /** Extra conditions. */
  where?: Record<string, unknown>
  /** A list's or segment's members: the member filters, and joined_group_at on each. */
  groupId?: string
}

export async function listProfilesPage(companyId: number, url: URL, opts: ProfilePageOptions = {}) {
  const size = pageSize(url, { def: 20, max: 100 })
  const fields = sparseFields(url, 'profile', PROFILE_FIELDS)
  const additional = enumList(url, 'additional-fields[profile]', ['subscriptions', 'predictive_analytics'] as const)
  const sort = sortParam<string>(url, opts.groupId ? MEMBER_SORTS : PROFILE_SORTS, 'id')
  const cursor = decodeCursor(url.searchParams.get('page[cursor]'))
  const and: Record<string, unknown>[] = [{ companyId }]
  if (opts.groupId) {
    const conditions = filterParam(url, { ...PROFILE_FILTERS, ...MEMBER_FILTERS })
    const member = await memberConditions(companyId, opts.groupId, conditions)
    and.push(...profileConditionsWhere(conditions))
    if (sort.field === 'joined_group_at') {
      const { members, next } = await membersByJoinDate(
        { ...member, profileAnd: and },
        { size, desc: sort.desc, cursor },
      )
      const subs = await subscriptionsFor(
        companyId,
        members.map((m) => m.profile.id),
        additional.includes('subscriptions'),
      )
      const predictive = await predictiveAnalyticsFor(
        companyId,
        members.map((m) => m.profile.id),
        additional.includes('predictive_analytics'),
      )
      return {
        data: members.map((m) =>
          serializeProfile(url, m.profile, {
            fields,
            subscriptions: subs ? (subs.get(m.profile.id) ?? null) : undefined,
            predictiveAnalytics: predictive?.(m.profile.id),
            joinedGroupAt: m.joinedAt,
          }),
        ),
        links: { self: url.toString(), next: next ? nextLink(url, next) : null, prev: null },
      }
    }
    and.push({ memberships: { some: member.membership } }, ...member.profile)
  } else {
    and.push(...profileFilterWhere(url))
  }
  if (opts.where) and.push(opts.where)
  const column = COLUMN[sort.field]!
  const after = keysetWhere(column, sort.desc, cursor, column.endsWith('At') ? 'date' : 'text', column === 'email')
  if (after) and.push(after)
  const rows = (await db.profile.findMany({
    where: { AND: and },
    orderBy: keysetOrder(column, sort.desc, column === 'email'),
    take: size + 1,
  })) as ProfileRow[]
  const { page, next } = pageOf(rows, size, column, (r) => (r as unknown as Record<string, unknown>)[column])
  const subs = await subscriptionsFor(
    companyId,
    page.map((p) => p.id),
    additional.includes('subscriptions'),
  )
  const predictive = await predictiveAnalyticsFor(
    companyId,
    page.map((p) => p.id),
    additional.includes('predictive_analytics'),
  )
  const joined = opts.groupId
    ? await joinedAt(
        companyId,
        opts.groupId,
        page.map((p) => p.id),
      )
    : null
  return {
    data: page.map((p) =>
      serializeProfile(url, p, {
        fields,
        subscriptions: subs ? (subs.get(p.id) ?? null) : undefined,
        predictiveAnalytics: predictive?.(p.id),
        ...(joined ? { joinedGroupAt: joined.get(p.id) ?? null } : {}),
      }),
    ),
    links: { self: url.toString(), next: next ? nextLink(url, next) : null, prev: null },
  }
}
