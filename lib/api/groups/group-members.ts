// A list's or segment's members (GET /api/lists/{id}/profiles, /api/segments/{id}/profiles):
// the profile filters (_kx among them) plus the ones the vendor's schema lists for members
// (profile_id, push_token, joined_group_at), and the joined_group_at each member carries.
import { db } from '@/lib/db/client'
import type { ProfileRow } from '@/lib/profiles/types'
import type { CursorKey } from '../cursor'
import type { FilterCondition } from '../filter-parser'
import { keysetOrder, keysetWhere, pageOf } from '../keyset'
import { dateValue, stringValues } from '../query-params'

const DATE_OPS = ['greater-or-equal', 'greater-than', 'less-or-equal', 'less-than'] as const

/** The profile filters stay accepted beside the member ones (they were before the schema's). */
export const MEMBER_FILTERS = {
  profile_id: ['any', 'equals'],
  push_token: ['any', 'equals'],
  joined_group_at: DATE_OPS,
} as const

const PRISMA_OP: Record<string, string> = {
  'greater-than': 'gt',
  'less-than': 'lt',
  'greater-or-equal': 'gte',
  'less-or-equal': 'lte',
}

const isMemberField = (field: string) => field in MEMBER_FILTERS

export interface MemberConditions {
  /** On GroupMembership: the group's current membership, joined_group_at bounds applied. */
  membership: Record<string, unknown>
  /** On Profile: profile_id and push_token. */
  profile: Record<string, unknown>[]
}

/** The member-only filters among the conditions, company-scoped throughout. */
export async function memberConditions(
  companyId: number,
  groupId: string,
  conditions: FilterCondition[],
): Promise<MemberConditions> {
  const membership: Record<string, unknown> = { groupId, companyId, leftAt: null }
  const profile: Record<string, unknown>[] = []
  for (const c of conditions.filter((x) => isMemberField(x.field))) {
    if (c.field === 'joined_group_at') {
      const d = dateValue(c.value, c.field)
      membership.enteredAt = { ...(membership.enteredAt as object | undefined), [PRISMA_OP[c.op]!]: d }
      continue
    }
    const values = stringValues(c.value, c.field)
    const list = c.op === 'equals' ? values.slice(0, 1) : values
    if (c.field === 'profile_id') profile.push({ id: { in: list } })
    else if (c.field === 'push_token') {
      const rows = await db.pushToken.findMany({
        where: { companyId, token: { in: list } },
        select: { profileId: true },
      })
      profile.push({ id: { in: rows.map((r) => r.profileId) } })
    }
  }
  return { membership, profile }
}

/**
 * Members in the order they joined (sort=joined_group_at, the schema's sort for members):
 * keyset pages over the memberships, (enteredAt, membership id), with their profiles.
 */
export async function membersByJoinDate(
  where: MemberConditions & { profileAnd: Record<string, unknown>[] },
  page: { size: number; desc: boolean; cursor: CursorKey | null },
) {
  const after = keysetWhere('enteredAt', page.desc, page.cursor, 'date', false, 'number')
  const rows = await db.groupMembership.findMany({
    where: {
      AND: [where.membership, { profile: { AND: [...where.profileAnd, ...where.profile] } }, ...(after ? [after] : [])],
    },
    orderBy: keysetOrder('enteredAt', page.desc),
    take: page.size + 1,
    include: { profile: true },
  })
  const { page: members, next } = pageOf(rows, page.size, 'enteredAt', (r) => r.enteredAt)
  return { members: members.map((m) => ({ profile: m.profile as ProfileRow, joinedAt: m.enteredAt })), next }
}

/** When each profile joined the group (its current membership). */
export async function joinedAt(companyId: number, groupId: string, profileIds: string[]): Promise<Map<string, Date>> {
  if (!profileIds.length) return new Map()
  const rows = await db.groupMembership.findMany({
    where: { companyId, groupId, profileId: { in: profileIds }, leftAt: null },
    select: { profileId: true, enteredAt: true },
  })
  return new Map(rows.map((r) => [r.profileId, r.enteredAt]))
}
