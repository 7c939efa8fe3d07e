// Row mapping and the set-based building blocks the catalog writes share: id lookups, links,
// guarded multi-row inserts, and CatalogChange rows with their catalog.changes job.
import { sql } from 'kysely'
import { exec, select, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { dbEngine } from '@/lib/db/client'
import { toBool, toDate } from '@/lib/db/dialect'
import { enqueueJobOps } from '@/lib/jobs/enqueue-job-ops'
import { DEFAULT_CATALOG, DEFAULT_INTEGRATION } from '@/lib/ids/catalog-api-id'
import {
  CATALOG_CHANGES_JOB,
  type CatalogCategoryRow,
  type CatalogItemRow,
  type CatalogVariantRow,
  type EntryResult,
} from './types'

export const db = () => kysely()
export const chunks = <T>(xs: T[], n: number): T[][] => {
  const out: T[][] = []
  for (let i = 0; i < xs.length; i += n) out.push(xs.slice(i, i + n))
  return out
}
export const json = (v: unknown) => JSON.stringify(v)
const parseJson = <T>(s: unknown, fallback: T): T => {
  try {
    return typeof s === 'string' ? (JSON.parse(s) as T) : ((s as T) ?? fallback)
  } catch {
    return fallback
  }
}
export const uniq = <T>(xs: T[]) => [...new Set(xs)]
export const omit = (o: object, keys: string[]): Record<string, unknown> =>
  Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)))

export function toItemRow(r: Record<string, unknown>): CatalogItemRow {
  return {
    id: String(r.id),
    companyId: Number(r.companyId),
    integrationKey: String(r.integrationKey),
    catalogName: String(r.catalogName),
    externalId: String(r.externalId),
    title: String(r.title),
    description: String(r.description ?? ''),
    price: r.price === null || r.price === undefined ? null : Number(r.price),
    url: String(r.url ?? ''),
    imageFullUrl: (r.imageFullUrl as string | null) ?? null,
    imageThumbnailUrl: (r.imageThumbnailUrl as string | null) ?? null,
    imageUrls: parseJson<string[]>(r.imageUrls, []),
    published: toBool(r.published),
    customMetadata: parseJson(r.customMetadata, {}),
    itemType: (r.itemType as string | null) ?? null,
    itemSubtypeId: r.itemSubtypeId === null || r.itemSubtypeId === undefined ? null : Number(r.itemSubtypeId),
    sourceId: (r.sourceId as string | null) ?? null,
    createdAt: toDate(r.createdAt)!,
    updatedAt: toDate(r.updatedAt)!,
  }
}
export function toVariantRow(r: Record<string, unknown>): CatalogVariantRow {
  return {
    id: String(r.id),
    companyId: Number(r.companyId),
    itemId: String(r.itemId),
    integrationKey: String(r.integrationKey),
    catalogName: String(r.catalogName),
    externalId: String(r.externalId),
    title: String(r.title),
    description: String(r.description ?? ''),
    sku: String(r.sku),
    price: Number(r.price),
    url: String(r.url ?? ''),
    imageFullUrl: (r.imageFullUrl as string | null) ?? null,
    imageThumbnailUrl: (r.imageThumbnailUrl as string | null) ?? null,
    imageUrls: parseJson<string[]>(r.imageUrls, []),
    inventoryQuantity: Number(r.inventoryQuantity),
    inventoryPolicy: Number(r.inventoryPolicy),
    published: toBool(r.published),
    customMetadata: parseJson(r.customMetadata, {}),
    createdAt: toDate(r.createdAt)!,
    updatedAt: toDate(r.updatedAt)!,
  }
}
export function toCategoryRow(r: Record<string, unknown>): CatalogCategoryRow {
  return {
    id: String(r.id),
    companyId: Number(r.companyId),
    integrationKey: String(r.integrationKey),
    catalogName: String(r.catalogName),
    externalId: String(r.externalId),
    name: String(r.name),
    createdAt: toDate(r.createdAt)!,
    updatedAt: toDate(r.updatedAt)!,
  }
}

export type ChangeRow = {
  companyId: number
  itemId: string
  variantId: string | null
  kind: 'price' | 'inventory'
  oldValue: number | null
  newValue: number | null
  at: Date
}

export function* writeChangesOps(companyId: number, changes: ChangeRow[], now: Date): Ops<number> {
  if (!changes.length) return 0
  for (const part of chunks(changes, 500)) yield* exec(db().insertInto('CatalogChange').values(part))
  yield* enqueueJobOps(CATALOG_CHANGES_JOB, { companyId }, { companyId, maxAttempts: 10 }, now)
  return changes.length
}

/** External id → internal id of the company's rows of `table` among `externalIds`. */
export function* idsByExternalIdOps(
  table: 'CatalogItem' | 'CatalogVariant' | 'CatalogCategory',
  companyId: number,
  externalIds: string[],
): Ops<Map<string, string>> {
  const out = new Map<string, string>()
  for (const part of chunks(uniq(externalIds), 500)) {
    if (!part.length) continue
    const rows = yield* select(
      db()
        .selectFrom(table)
        .select(['id', 'externalId'])
        .where('companyId', '=', companyId)
        .where('integrationKey', '=', DEFAULT_INTEGRATION)
        .where('catalogName', '=', DEFAULT_CATALOG)
        .where('externalId', 'in', part),
    )
    for (const r of rows) out.set(String(r.externalId), String(r.id))
  }
  return out
}

/** Which of `ids` exist in `table` for the company. */
export function* existingIdsOps(
  table: 'CatalogItem' | 'CatalogVariant' | 'CatalogCategory',
  companyId: number,
  ids: string[],
): Ops<Set<string>> {
  const out = new Set<string>()
  for (const part of chunks(uniq(ids), 500)) {
    if (!part.length) continue
    let q = db().selectFrom(table).select('id').where('companyId', '=', companyId).where('id', 'in', part)
    if (table === 'CatalogItem') q = q.where(sql.ref('deleted'), '=', false)
    for (const r of yield* select(q)) out.add(String(r.id))
  }
  return out
}

export function* linkOps(companyId: number, pairs: Array<{ itemId: string; categoryId: string }>): Ops<void> {
  const seen = new Set<string>()
  const rows = pairs.filter((p) => {
    const k = p.itemId + '|' + p.categoryId
    if (seen.has(k)) return false
    seen.add(k)
    return true
  })
  for (const part of chunks(rows, 500)) {
    if (!part.length) continue
    yield* exec(
      db()
        .insertInto('CatalogItemCategory')
        .values(part.map((p) => ({ companyId, ...p })))
        .onConflict((oc) => oc.columns(['itemId', 'categoryId']).doNothing()),
    )
  }
}

export function* touchItemsOps(companyId: number, ids: string[], now: Date): Ops<void> {
  for (const part of chunks(uniq(ids), 500))
    if (part.length)
      yield* exec(
        db()
          .updateTable('CatalogItem')
          .set({ updatedAt: now })
          .where('companyId', '=', companyId)
          .where('id', 'in', part),
      )
}

/**
 * Multi-row INSERT … ON CONFLICT DO NOTHING RETURNING id: a row a concurrent writer inserted
 * first (PostgreSQL) turns into a 'conflict' for its entry instead of failing the batch.
 */
export function* insertGuardedOps(
  table: 'CatalogItem' | 'CatalogVariant' | 'CatalogCategory',
  rows: Record<string, unknown>[],
  results: EntryResult[],
  valid: Array<{ i: number; v: { externalId: string } }>,
  noun: string,
): Ops<void> {
  if (!rows.length) return
  const got = new Set<string>()
  const size = table === 'CatalogCategory' ? 500 : 200
  for (const part of chunks(rows, size)) {
    if (dbEngine() === 'sqlite') {
      // One write lock (writeTx is IMMEDIATE): the SELECT above already saw every row.
      yield* exec(
        db()
          .insertInto(table)
          .values(part as never),
      )
      for (const r of part) got.add(String(r.id))
    } else {
      const ret = yield* select(
        db()
          .insertInto(table)
          .values(part as never)
          .onConflict((oc) => oc.columns(['companyId', 'integrationKey', 'catalogName', 'externalId']).doNothing())
          .returning('id'),
      )
      for (const r of ret) got.add(String(r.id))
    }
  }
  for (const { i, v } of valid) {
    const r = results[i]
    if (r?.ok && !got.has(r.id))
      results[i] = {
        ok: false,
        errors: [
          {
            field: 'externalId',
            code: 'conflict',
            message: `A ${noun} with external_id "${v.externalId}" already exists.`,
          },
        ],
      }
  }
}
