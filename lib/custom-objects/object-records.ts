// Records of an object type: keyset pages, one record, a profile's records, bulk delete.
import { db } from '@/lib/db/client'

export function listObjectRecords(
  companyId: number,
  objectTypeId: string,
  opts: { after?: string | null; take: number },
) {
  return db.customObjectRecord.findMany({
    where: { companyId, objectTypeId, ...(opts.after ? { id: { gt: opts.after } } : {}) },
    orderBy: { id: 'asc' },
    take: opts.take,
  })
}

export function getObjectRecord(companyId: number, id: string) {
  return db.customObjectRecord.findFirst({ where: { id, companyId } })
}

/** A profile's records, per type or of one type (the profile's objects pages). */
export function listProfileRecords(companyId: number, profileId: string, objectTypeId?: string, take = 200) {
  return db.customObjectRecord.findMany({
    where: { companyId, profileId, ...(objectTypeId ? { objectTypeId } : {}) },
    orderBy: { id: 'asc' },
    take,
  })
}

/** Deletes the account's records among the ids; another account's ids are ignored. */
export async function deleteObjectRecords(companyId: number, ids: string[]): Promise<number> {
  const r = await db.customObjectRecord.deleteMany({ where: { companyId, id: { in: ids } } })
  return r.count
}
