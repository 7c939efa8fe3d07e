// The members screen of a list or segment: newest members first, with paging and a search
// over email, name and phone number.
import { z } from 'zod'
import { kysely } from '@/lib/db/kysely'
import { read, select, selectFirst } from '@/lib/db/ops'
import { toDate } from '@/lib/db/dialect'
import { getGroupRow } from './get-group'
import { memberSearch } from './member-search'
import { offsetOf, page, pageFields, type Page } from './paging'

export const listMembersQuery = z.object({ ...pageFields, search: z.string().trim().max(255).optional() })
export type ListMembersInput = z.input<typeof listMembersQuery>

export interface MemberRow {
  profileId: string
  email: string | null
  phoneNumber: string | null
  firstName: string | null
  lastName: string | null
  source: string | null
  enteredAt: string
}

export async function listGroupMembers(
  companyId: number,
  groupId: string,
  input: ListMembersInput = {},
): Promise<Page<MemberRow>> {
  const q = listMembersQuery.parse(input)
  const g = await getGroupRow(companyId, groupId)
  const k = kysely()
  const members = k
    .selectFrom('GroupMembership as gm')
    .innerJoin('Profile as p', 'p.id', 'gm.profileId')
    .where('gm.groupId', '=', g.id)
    .where('gm.leftAt', 'is', null)
    .where('p.companyId', '=', companyId)
    .$if(!!q.search, (qb) => qb.where(memberSearch(q.search!)))
  const { rows, total } = await read(
    (function* () {
      const rows = yield* select(
        members
          .select([
            'p.id as profileId',
            'p.email',
            'p.phoneNumber',
            'p.firstName',
            'p.lastName',
            'gm.source',
            'gm.enteredAt',
          ])
          .orderBy('gm.enteredAt', 'desc')
          .orderBy('gm.id', 'desc')
          .limit(q.pageSize + 1)
          .offset(offsetOf(q)),
      )
      const count = q.search
        ? members.select((eb) => eb.fn.countAll().as('n'))
        : k
            .selectFrom('GroupMembership')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('groupId', '=', g.id)
            .where('leftAt', 'is', null)
      const total = Number((yield* selectFirst(count))?.n ?? 0)
      return { rows, total }
    })(),
  )
  return page(
    rows.map((r) => ({ ...r, enteredAt: toDate(r.enteredAt)!.toISOString() })),
    q,
    total,
  )
}
