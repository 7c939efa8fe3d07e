// A profile's custom object records grouped by type (/profile/{id}/objects) or of one type
// (/profile/{id}/all-custom-objects/{key}); null when the key is not one of the account's types.
import { listObjectTypes, getObjectTypeByKey } from './object-types'
import { listProfileRecords } from './object-records'
import type { ObjectTypeRow } from './types'

export interface ProfileObjectGroup {
  key: string
  title: string
  fields: Array<{ name: string; type: string }>
  records: Array<{ id: string; externalId: string; values: Record<string, unknown>; updatedAt: string }>
}

export async function profileObjects(
  companyId: number,
  profileId: string,
  key?: string,
): Promise<{ groups: ProfileObjectGroup[] } | null> {
  let types: ObjectTypeRow[]
  if (key) {
    const t = await getObjectTypeByKey(companyId, key)
    if (!t) return null
    types = [t]
  } else types = await listObjectTypes(companyId)
  const records = await listProfileRecords(companyId, profileId, key ? types[0]!.id : undefined, key ? 500 : 1000)
  const groups = types.map((t) => ({
    key: t.key,
    title: t.title,
    fields: t.fields.map((f) => ({ name: f.name, type: f.type })),
    records: records
      .filter((r) => r.objectTypeId === t.id)
      .map((r) => ({
        id: r.id,
        externalId: r.externalId,
        values: JSON.parse(r.values) as Record<string, unknown>,
        updatedAt: r.updatedAt.toISOString(),
      })),
  }))
  // The overview shows only the types the profile has records of; one type's page shows it even when empty.
  return { groups: key ? groups : groups.filter((g) => g.records.length > 0) }
}
