// An event of the account by its API id (a number); anything else, or another account's, is not found.
import { db } from '@/lib/db/client'
import { parseIntId } from '@/lib/ids/int-id'
import { apiNotFound } from '../api-error'

export async function findEventOrThrow(companyId: number, rawId: string) {
  // Event.id is int4 on PostgreSQL: a larger number must not reach the database (issue 29, finding 14).
  const id = parseIntId(rawId)
  const event =
    id === null
      ? null
      : await db.event.findFirst({ where: { id, companyId }, select: { id: true, metricId: true, profileId: true } })
  if (!event) throw apiNotFound(`An event with id ${rawId} was not found.`)
  return event
}
