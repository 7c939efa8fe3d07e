// Data sources of an account (/api/data-sources): create, list (keyset by id), read, delete.
import { db } from '@/lib/db/client'
import { ulid } from '@/lib/ids/make-id'

export interface DataSourceInput {
  title: string
  visibility?: 'private' | 'shared' | null
  namespace?: string | null
  description?: string | null
}

export function createDataSource(companyId: number, input: DataSourceInput, now = new Date()) {
  return db.dataSource.create({
    data: {
      id: ulid(now.getTime()),
      companyId,
      title: input.title,
      visibility: input.visibility ?? 'private',
      namespace: input.namespace ?? 'custom-objects',
      description: input.description ?? '',
      createdAt: now,
    },
  })
}

export function listDataSources(companyId: number, opts: { after?: string | null; take: number }) {
  return db.dataSource.findMany({
    where: { companyId, ...(opts.after ? { id: { gt: opts.after } } : {}) },
    orderBy: { id: 'asc' },
    take: opts.take,
  })
}

export function getDataSource(companyId: number, id: string) {
  return db.dataSource.findFirst({ where: { id, companyId } })
}

/** Deletes the source and its records; object types that read from it keep their records, unlinked. */
export async function deleteDataSource(companyId: number, id: string): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const gone = await tx.dataSource.deleteMany({ where: { id, companyId } })
    if (gone.count === 0) return false
    await tx.dataSourceRecord.deleteMany({ where: { companyId, dataSourceId: id } })
    await tx.customObjectType.updateMany({ where: { companyId, dataSourceId: id }, data: { dataSourceId: null } })
    return true
  })
}
