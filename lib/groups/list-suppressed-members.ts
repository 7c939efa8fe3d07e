// Members of a list who cannot be emailed: an active email suppression, with its reason.
import { sql } from 'kysely'
import { z } from 'zod'
import { toDate } from '@/lib/db/dialect'
import { kysely } from '@/lib/db/kysely'
import { read, select, selectFirst } from '@/lib/db/ops'
import { getGroupRow } from './get-group'
import { offsetOf, page, pageFields, type Page } from './paging'

export const listSuppressedMembersQuery = z.object({ ...pageFields })

export interface SuppressedMemberRow {
  profileId: string
  email: string | null
  firstName: string | null
  lastName: string | null
  reason: string
  suppressedAt: string
}

export async function listSuppressedMembers(
  companyId: number,
  listId: string,
  input: z.input<typeof listSuppressedMembersQuery> = {},
): Promise<Page<SuppressedMemberRow>> {
  const q = listSuppressedMembersQuery.parse(input)
  const g = await getGroupRow(companyId, listId)
  const k = kysely()
  // One row per profile: its most recent active email suppression.
  const latest = k
    .selectFrom('Suppression as s2')
    .select('s2.id')
    .where('s2.profileId', '=', sql.ref<string>('p.id'))
    .where('s2.channel', '=', 'email')
    .where('s2.clearedAt', 'is', null)
    .orderBy('s2.createdAt', 'desc')
    .orderBy('s2.id', 'desc')
    .limit(1)
  const from = k
    .selectFrom('GroupMembership as gm')
    .innerJoin('Profile as p', 'p.id', 'gm.profileId')
    .innerJoin('Suppression as s', (j) => j.onRef('s.profileId', '=', 'p.id').on('s.id', '=', latest))
    .where('gm.groupId', '=', g.id)
    .where('gm.leftAt', 'is', null)
    .where('p.companyId', '=', companyId)
  const { rows, total } = await read(
    (function* () {
      const rows = yield* select(
        from
          .select([
            'p.id as profileId',
            'p.email',
            'p.firstName',
            'p.lastName',
            's.reason',
            's.createdAt as suppressedAt',
          ])
          .orderBy('s.createdAt', 'desc')
          .orderBy('p.id')
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
