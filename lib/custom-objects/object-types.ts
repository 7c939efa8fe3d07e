// Object types (/api/object-types, the /objects builder): the definition of a custom object —
// its fields and types, the data source and id path its records come from, and the profile
// identifier its records link by. The key is unique per account (a suffix is added on a clash).
import { db } from '@/lib/db/client'
import { ulid } from '@/lib/ids/make-id'
import { keyFromTitle, type ObjectField, type ObjectTypeRow, type ProfileIdType } from './types'

export interface ObjectTypeInput {
  title: string
  key?: string | null
  namespace?: string | null
  status?: 'draft' | 'active' | null
  fields: ObjectField[]
  required?: string[]
  dataSourceId?: string | null
  idPath?: string | null
  profileIdType?: ProfileIdType | null
  profilePath?: string | null
}

type Raw = Awaited<ReturnType<typeof db.customObjectType.findFirst>>

export function toObjectType(r: NonNullable<Raw>): ObjectTypeRow {
  return {
    ...r,
    fields: JSON.parse(r.fields) as ObjectField[],
    required: JSON.parse(r.required) as string[],
    profileIdType: (r.profileIdType as ProfileIdType | null) ?? null,
  }
}

/** The source must be the account's own: another account's id is "not found", never a link. */
export async function ownsDataSource(companyId: number, id: string): Promise<boolean> {
  return (await db.dataSource.count({ where: { companyId, id } })) > 0
}

async function freeKey(companyId: number, wanted: string, exceptId?: string): Promise<string> {
  const taken = new Set(
    (
      await db.customObjectType.findMany({
        where: { companyId, key: { startsWith: wanted }, ...(exceptId ? { id: { not: exceptId } } : {}) },
        select: { key: true },
      })
    ).map((r) => r.key),
  )
  if (!taken.has(wanted)) return wanted
  for (let i = 2; ; i++) if (!taken.has(`${wanted}-${i}`)) return `${wanted}-${i}`
}

export async function createObjectType(companyId: number, input: ObjectTypeInput, now = new Date()) {
  const key = await freeKey(companyId, keyFromTitle(input.key || input.title))
  const row = await db.customObjectType.create({
    data: {
      id: ulid(now.getTime()),
      companyId,
      key,
      title: input.title,
      namespace: input.namespace ?? 'custom-objects',
      status: input.status ?? 'active',
      fields: JSON.stringify(input.fields),
      required: JSON.stringify(input.required ?? []),
      dataSourceId: input.dataSourceId ?? null,
      idPath: input.idPath || 'id',
      profileIdType: input.profileIdType ?? null,
      profilePath: input.profilePath ?? null,
      createdAt: now,
      updatedAt: now,
    },
  })
  return toObjectType(row)
}

/** Replaces the definition (the builder's save, PATCH /api/object-schemas/{id}); null when not the account's. */
export async function updateObjectType(
  companyId: number,
  id: string,
  input: Partial<ObjectTypeInput>,
  now = new Date(),
): Promise<ObjectTypeRow | null> {
  const cur = await db.customObjectType.findFirst({ where: { id, companyId } })
  if (!cur) return null
  const data: Record<string, unknown> = { updatedAt: now }
  if (input.title !== undefined) data.title = input.title
  if (input.key) data.key = await freeKey(companyId, keyFromTitle(input.key), id)
  if (input.status) data.status = input.status
  if (input.fields !== undefined) data.fields = JSON.stringify(input.fields)
  if (input.required !== undefined) data.required = JSON.stringify(input.required)
  if (input.dataSourceId !== undefined) data.dataSourceId = input.dataSourceId
  if (input.idPath) data.idPath = input.idPath
  if (input.profileIdType !== undefined) data.profileIdType = input.profileIdType
  if (input.profilePath !== undefined) data.profilePath = input.profilePath
  await db.customObjectType.updateMany({ where: { id, companyId }, data })
  return getObjectType(companyId, id)
}

export async function getObjectType(companyId: number, id: string): Promise<ObjectTypeRow | null> {
  const r = await db.customObjectType.findFirst({ where: { id, companyId } })
  return r ? toObjectType(r) : null
}

export async function getObjectTypeByKey(companyId: number, key: string): Promise<ObjectTypeRow | null> {
  const r = await db.customObjectType.findFirst({ where: { key, companyId } })
  return r ? toObjectType(r) : null
}

export async function listObjectTypes(companyId: number, namespace?: string): Promise<ObjectTypeRow[]> {
  const rows = await db.customObjectType.findMany({
    where: { companyId, ...(namespace ? { namespace } : {}) },
    orderBy: { id: 'asc' },
  })
  return rows.map(toObjectType)
}

/** The types with their record counts (the /objects list), one grouped query for the counts. */
export async function listObjectTypesWithCounts(companyId: number) {
  const [types, counts] = await Promise.all([
    listObjectTypes(companyId),
    db.customObjectRecord.groupBy({ by: ['objectTypeId'], where: { companyId }, _count: { _all: true } }),
  ])
  const byType = new Map(counts.map((c) => [c.objectTypeId, c._count._all]))
  return types.map((t) => ({ ...t, recordCount: byType.get(t.id) ?? 0 }))
}

export async function deleteObjectType(companyId: number, id: string): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const gone = await tx.customObjectType.deleteMany({ where: { id, companyId } })
    if (gone.count === 0) return false
    await tx.customObjectRecord.deleteMany({ where: { companyId, objectTypeId: id } })
    return true
  })
}
