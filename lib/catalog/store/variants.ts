// Catalog variants: set-based create, update (records price and inventory changes), upsert by
// external id (feed syncs) and delete, and their single-entry helpers.
import { z } from 'zod'
import { exec, select, type Ops } from '@/lib/db/ops'
import { ulid } from '@/lib/ids/make-id'
import { DEFAULT_CATALOG, DEFAULT_INTEGRATION } from '@/lib/ids/catalog-api-id'
import { one } from './catalog-error'
import {
  type ChangeRow,
  chunks,
  db,
  existingIdsOps,
  idsByExternalIdOps,
  insertGuardedOps,
  json,
  omit,
  uniq,
  writeChangesOps,
} from './rows'
import type { EntryResult, VariantInput } from './types'
import { validate, variantInputSchema, variantPatchSchema } from './validation'

/** Creates variants (set-based): the item must exist (itemId, or itemExternalId) in the company. */
export function* createVariantsOps(companyId: number, inputs: unknown[], now: Date): Ops<EntryResult[]> {
  const results: EntryResult[] = new Array(inputs.length)
  const valid: Array<{ i: number; v: z.infer<typeof variantInputSchema> }> = []
  const seen = new Set<string>()
  for (let i = 0; i < inputs.length; i++) {
    const r = validate(variantInputSchema, inputs[i])
    if (!r.ok) {
      results[i] = r
      continue
    }
    if (seen.has(r.value.externalId)) {
      results[i] = {
        ok: false,
        errors: [
          {
            field: 'externalId',
            code: 'conflict',
            message: `A catalog variant with external_id "${r.value.externalId}" appears more than once.`,
          },
        ],
      }
      continue
    }
    seen.add(r.value.externalId)
    valid.push({ i, v: r.value })
  }
  const existing = yield* idsByExternalIdOps(
    'CatalogVariant',
    companyId,
    valid.map((x) => x.v.externalId),
  )
  const itemIds = yield* existingIdsOps(
    'CatalogItem',
    companyId,
    valid.flatMap((x) => (x.v.itemId ? [x.v.itemId] : [])),
  )
  const itemsByExt = yield* idsByExternalIdOps(
    'CatalogItem',
    companyId,
    valid.flatMap((x) => (!x.v.itemId && x.v.itemExternalId ? [x.v.itemExternalId] : [])),
  )
  const rows: Record<string, unknown>[] = []
  for (const { i, v } of valid) {
    if (existing.has(v.externalId)) {
      results[i] = {
        ok: false,
        errors: [
          {
            field: 'externalId',
            code: 'conflict',
            message: `A catalog variant with external_id "${v.externalId}" already exists.`,
          },
        ],
      }
      continue
    }
    const itemId = v.itemId ? (itemIds.has(v.itemId) ? v.itemId : undefined) : itemsByExt.get(v.itemExternalId!)
    if (!itemId) {
      results[i] = {
        ok: false,
        errors: [
          { field: 'itemId', code: 'not_found', message: `Catalog item not found: ${v.itemId ?? v.itemExternalId}.` },
        ],
      }
      continue
    }
    const id = ulid(now.getTime())
    rows.push({
      id,
      companyId,
      itemId,
      integrationKey: DEFAULT_INTEGRATION,
      catalogName: DEFAULT_CATALOG,
      externalId: v.externalId,
      title: v.title,
      description: v.description,
      sku: v.sku,
      price: v.price,
      url: v.url,
      imageFullUrl: v.imageFullUrl ?? null,
      imageThumbnailUrl: v.imageThumbnailUrl ?? null,
      imageUrls: json(v.imageUrls ?? []),
      inventoryQuantity: v.inventoryQuantity,
      inventoryPolicy: v.inventoryPolicy ?? 0,
      published: v.published ?? true,
      customMetadata: json(v.customMetadata ?? {}),
      createdAt: now,
      updatedAt: now,
    })
    results[i] = { ok: true, id, created: true }
  }
  yield* insertGuardedOps('CatalogVariant', rows, results, valid, 'catalog variant')
  return results
}

/** Updates variants by internal id (set-based); records price and inventory changes. */
export function* updateVariantsOps(
  companyId: number,
  patches: Array<{ id: string; patch: unknown }>,
  now: Date,
): Ops<EntryResult[]> {
  const results: EntryResult[] = new Array(patches.length)
  const current = new Map<string, { itemId: string; price: number; inventoryQuantity: number }>()
  for (const part of chunks(uniq(patches.map((p) => p.id)), 500)) {
    const rows = yield* select(
      db()
        .selectFrom('CatalogVariant')
        .select(['id', 'itemId', 'price', 'inventoryQuantity'])
        .where('companyId', '=', companyId)
        .where('id', 'in', part),
    )
    for (const r of rows)
      current.set(String(r.id), {
        itemId: String(r.itemId),
        price: Number(r.price),
        inventoryQuantity: Number(r.inventoryQuantity),
      })
  }
  const changes: ChangeRow[] = []
  for (let i = 0; i < patches.length; i++) {
    const p = patches[i]!
    const cur = current.get(p.id)
    if (!cur) {
      results[i] = {
        ok: false,
        errors: [{ field: '', code: 'not_found', message: `Catalog variant not found: ${p.id}.` }],
      }
      continue
    }
    const r = validate(variantPatchSchema, p.patch)
    if (!r.ok) {
      results[i] = r
      continue
    }
    const v = r.value
    const set: Record<string, unknown> = { updatedAt: now }
    for (const k of [
      'title',
      'description',
      'sku',
      'price',
      'inventoryQuantity',
      'inventoryPolicy',
      'url',
      'imageFullUrl',
      'imageThumbnailUrl',
      'published',
    ] as const)
      if (v[k] !== undefined) set[k] = v[k]
    if (v.imageUrls !== undefined) set.imageUrls = json(v.imageUrls)
    if (v.customMetadata !== undefined) set.customMetadata = json(v.customMetadata)
    yield* exec(db().updateTable('CatalogVariant').set(set).where('companyId', '=', companyId).where('id', '=', p.id))
    if (v.price !== undefined && v.price !== cur.price) {
      changes.push({
        companyId,
        itemId: cur.itemId,
        variantId: p.id,
        kind: 'price',
        oldValue: cur.price,
        newValue: v.price,
        at: now,
      })
      cur.price = v.price
    }
    if (v.inventoryQuantity !== undefined && v.inventoryQuantity !== cur.inventoryQuantity) {
      changes.push({
        companyId,
        itemId: cur.itemId,
        variantId: p.id,
        kind: 'inventory',
        oldValue: cur.inventoryQuantity,
        newValue: v.inventoryQuantity,
        at: now,
      })
      cur.inventoryQuantity = v.inventoryQuantity
    }
    results[i] = { ok: true, id: p.id }
  }
  yield* writeChangesOps(companyId, changes, now)
  return results
}

/** Creates or updates variants by external id (feed syncs); changes recorded on updates. */
export function* upsertVariantsOps(companyId: number, inputs: VariantInput[], now: Date): Ops<EntryResult[]> {
  const existing = yield* idsByExternalIdOps(
    'CatalogVariant',
    companyId,
    inputs.map((x) => (typeof x?.externalId === 'string' ? x.externalId : '')),
  )
  const results: EntryResult[] = new Array(inputs.length)
  const toCreate: number[] = []
  const toUpdate: number[] = []
  const seen = new Set<string>()
  for (let i = 0; i < inputs.length; i++) {
    const ext = inputs[i]?.externalId
    if (typeof ext === 'string' && seen.has(ext)) {
      results[i] = {
        ok: false,
        errors: [
          {
            field: 'externalId',
            code: 'conflict',
            message: `A catalog variant with external_id "${ext}" appears more than once.`,
          },
        ],
      }
      continue
    }
    if (typeof ext === 'string') seen.add(ext)
    if (typeof ext === 'string' && existing.has(ext)) toUpdate.push(i)
    else toCreate.push(i)
  }
  const created = yield* createVariantsOps(
    companyId,
    toCreate.map((i) => inputs[i]),
    now,
  )
  toCreate.forEach((i, k) => {
    results[i] = created[k]!
  })
  const updated = yield* updateVariantsOps(
    companyId,
    toUpdate.map((i) => {
      return {
        id: existing.get(inputs[i]!.externalId)!,
        patch: omit(inputs[i]!, ['externalId', 'itemId', 'itemExternalId']),
      }
    }),
    now,
  )
  toUpdate.forEach((i, k) => {
    const r = updated[k]!
    results[i] = r.ok ? { ...r, created: false } : r
  })
  return results
}

export function* deleteVariantsOps(companyId: number, ids: string[], now: Date): Ops<EntryResult[]> {
  void now
  const found = yield* existingIdsOps('CatalogVariant', companyId, ids)
  for (const part of chunks([...found], 500))
    yield* exec(db().deleteFrom('CatalogVariant').where('companyId', '=', companyId).where('id', 'in', part))
  return ids.map((id) =>
    found.has(id)
      ? { ok: true, id }
      : { ok: false, errors: [{ field: '', code: 'not_found', message: `Catalog variant not found: ${id}.` }] },
  )
}

export function* createVariantOps(companyId: number, input: unknown, now: Date): Ops<string> {
  return one(yield* createVariantsOps(companyId, [input], now))
}
export function* updateVariantOps(companyId: number, id: string, patch: unknown, now: Date): Ops<string> {
  return one(yield* updateVariantsOps(companyId, [{ id, patch }], now))
}
export function* deleteVariantOps(companyId: number, id: string, now: Date): Ops<string> {
  return one(yield* deleteVariantsOps(companyId, [id], now))
}
