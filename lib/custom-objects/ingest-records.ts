// Set-based ingest of data source records, one transaction per chunk: the chunk's records are
// upserted by (source, record id) with one multi-row statement, then projected into the records
// of every object type that reads from the source (one profile lookup per identifier type, one
// multi-row upsert by (type, external id)). A re-sent record updates in place, so a retried job
// or a record sent twice never duplicates.
import { exec, inWriteTx, read, select, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { ulid } from '@/lib/ids/make-id'
import { coerce, recordIdOf, valueAt, type ObjectField, type ProfileIdType } from './types'

export const INGEST_CHUNK = 500

export interface IngestType {
  id: string
  fields: ObjectField[]
  idPath: string
  profileIdType: ProfileIdType | null
  profilePath: string | null
}

export interface IngestResult {
  applied: number
  errors: Array<{ index: number; detail: string }>
}

const PROFILE_COLUMN: Record<ProfileIdType, 'email' | 'externalId' | 'phoneNumber' | 'id'> = {
  email: 'email',
  'external-id': 'externalId',
  phone: 'phoneNumber',
  'klaviyo-id': 'id',
}

/** The source's object types (read once per job, not per chunk). */
export function* linkedTypesOps(companyId: number, dataSourceId: string): Ops<IngestType[]> {
  const rows = yield* select(
    kysely()
      .selectFrom('CustomObjectType')
      .select(['id', 'fields', 'idPath', 'profileIdType', 'profilePath'])
      .where('companyId', '=', companyId)
      .where('dataSourceId', '=', dataSourceId),
  )
  return rows.map((r) => ({
    id: r.id,
    fields: JSON.parse(r.fields) as ObjectField[],
    idPath: r.idPath,
    profileIdType: (r.profileIdType as ProfileIdType | null) ?? null,
    profilePath: r.profilePath,
  }))
}

function* profileIdsOps(companyId: number, type: ProfileIdType, values: string[]): Ops<Map<string, string>> {
  const out = new Map<string, string>()
  if (values.length === 0) return out
  const col = PROFILE_COLUMN[type]
  const rows = yield* select(
    kysely().selectFrom('Profile').select(['id', col]).where('companyId', '=', companyId).where(col, 'in', values),
  )
  for (const r of rows as Array<Record<string, string>>) if (!out.has(r[col]!)) out.set(r[col]!, r.id!)
  return out
}

/** One chunk (≤ INGEST_CHUNK records) in the caller's transaction. */
export function* ingestChunkOps(
  companyId: number,
  dataSourceId: string,
  types: IngestType[],
  records: unknown[],
  offset: number,
  now: Date,
): Ops<IngestResult> {
  const idPath = types[0]?.idPath ?? 'id'
  const errors: IngestResult['errors'] = []
  // Last one wins within a chunk: a multi-row upsert may not touch the same key twice.
  const byId = new Map<string, unknown>()
  records.forEach((rec, i) => {
    if (rec === null || typeof rec !== 'object' || Array.isArray(rec)) {
      errors.push({ index: offset + i, detail: 'The record must be a JSON object.' })
      return
    }
    const id = recordIdOf(rec, idPath)
    if (id === null) {
      errors.push({ index: offset + i, detail: `The record has no id at ${idPath}.` })
      return
    }
    byId.set(id, rec)
  })
  if (byId.size === 0) return { applied: 0, errors }
  const rows = [...byId].map(([recordId, rec]) => ({
    id: ulid(now.getTime()),
    companyId,
    dataSourceId,
    recordId,
    record: JSON.stringify(rec),
    createdAt: now,
    updatedAt: now,
  }))
  yield* exec(
    kysely()
      .insertInto('DataSourceRecord')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['dataSourceId', 'recordId']).doUpdateSet((eb) => ({
          record: eb.ref('excluded.record'),
          updatedAt: eb.ref('excluded.updatedAt'),
        })),
      ),
  )
  for (const t of types) yield* projectOps(companyId, t, [...byId.values()], now)
  return { applied: byId.size, errors }
}

function* projectOps(companyId: number, t: IngestType, records: unknown[], now: Date): Ops<void> {
  const links = new Map<string, string>()
  if (t.profileIdType && t.profilePath) {
    const wanted = new Set<string>()
    for (const r of records) {
      const v = valueAt(r, t.profilePath)
      if (typeof v === 'string' || typeof v === 'number') wanted.add(String(v).trim())
    }
    const found = yield* profileIdsOps(companyId, t.profileIdType, [...wanted])
    for (const [k, v] of found) links.set(k, v)
  }
  const byExternal = new Map<string, Record<string, unknown>>()
  for (const r of records) {
    const externalId = recordIdOf(r, t.idPath)
    if (externalId === null) continue
    const values: Record<string, unknown> = {}
    for (const f of t.fields) {
      const v = coerce(valueAt(r, f.path || f.name), f.type)
      if (v !== undefined) values[f.name] = v
    }
    const ident = t.profilePath ? valueAt(r, t.profilePath) : undefined
    const profileId = ident === undefined || ident === null ? null : (links.get(String(ident).trim()) ?? null)
    byExternal.set(externalId, {
      id: ulid(now.getTime()),
      companyId,
      objectTypeId: t.id,
      externalId,
      profileId,
      values: JSON.stringify(values),
      createdAt: now,
      updatedAt: now,
    })
  }
  if (byExternal.size === 0) return
  yield* exec(
    kysely()
      .insertInto('CustomObjectRecord')
      .values([...byExternal.values()] as never)
      .onConflict((oc) =>
        oc.columns(['objectTypeId', 'externalId']).doUpdateSet((eb) => ({
          values: eb.ref('excluded.values'),
          profileId: eb.ref('excluded.profileId'),
          updatedAt: eb.ref('excluded.updatedAt'),
        })),
      ),
  )
}

/** Ingests any number of records, one transaction per chunk (the single-record job and the bench use it). */
export async function ingestRecords(
  companyId: number,
  dataSourceId: string,
  records: unknown[],
  now = new Date(),
): Promise<IngestResult> {
  const types = await read(linkedTypesOps(companyId, dataSourceId))
  const total: IngestResult = { applied: 0, errors: [] }
  for (let i = 0; i < records.length; i += INGEST_CHUNK) {
    const r = await inWriteTx(() =>
      ingestChunkOps(companyId, dataSourceId, types, records.slice(i, i + INGEST_CHUNK), i, now),
    )
    total.applied += r.applied
    total.errors.push(...r.errors)
  }
  return total
}
