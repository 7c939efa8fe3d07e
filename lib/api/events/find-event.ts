// An event of the account by its API id (a number); anything else, or another account's, is not found.
import { db } from '@/lib/db/client'
import { apiNotFound } from '../api-error'

export async function findEventOrThrow(companyId: number, rawId: string) {
  const id = /^\d{1,15}$/.test(rawId) ? Number(rawId) : NaN
  const event = Number.isSafeInteger(id)
    ? await db.event.findFirst({ where: { id, companyId }, select: { id: true, metricId: true, profileId: true } })
    : null
  if (!event) throw apiNotFound(`An event with id ${rawId} was not found.`)
  return event
}
