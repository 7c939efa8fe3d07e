// Catalog items: set-based create, update (records price changes), upsert by external id (feed
// syncs) and delete (variants and links go with the item), and their single-entry helpers.
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
  linkOps,
  omit,
  uniq,
  writeChangesOps,
} from './rows'
import type { EntryResult, ItemInput } from './types'
import { itemInputSchema, itemPatchSchema, validate } from './validation'

/**
 * Creates items (set-based). Per entry: validation errors, 'conflict' on externalId when it is
 * repeated in the batch or already exists, 'not_found' on categoryIds for unknown categories.
 */
export function* createItemsOps(companyId: number, inputs: unknown[], now: Date): Ops<EntryResult[]> {
  const results: EntryResult[] = new Array(inputs.length)
  const valid: Array<{ i: number; v: z.infer<typeof itemInputSchema> }> = []
  const seen = new Set<string>()
  for (let i = 0; i < inputs.length; i++) {
    const r = validate(itemInputSchema, inputs[i])
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
            message: `A catalog item with external_id "${r.value.externalId}" appears more than once.`,
          },
        ],
      }
      continue
    }
    seen.add(r.value.externalId)
    valid.push({ i, v: r.value })
  }
  const existing = yield* idsByExternalIdOps(
    'CatalogItem',
    companyId,
    valid.map((x) => x.v.externalId),
  )
  const cats = yield* existingIdsOps(
    'CatalogCategory',
    companyId,
    valid.flatMap((x) => x.v.categoryIds ?? []),
  )
  const rows: Record<string, unknown>[] = []
  const links: Array<{ itemId: string; categoryId: string }> = []
  for (const { i, v } of valid) {
    if (existing.has(v.externalId)) {
      results[i] = {
        ok: false,
        errors: [
          {
            field: 'externalId',
            code: 'conflict',
            message: `A catalog item with external_id "${v.externalId}" already exists.`,
          },
        ],
      }
      continue
    }
    const missing = (v.categoryIds ?? []).filter((c) => !cats.has(c))
    if (missing.length) {
      results[i] = {
        ok: false,
        errors: [
          { field: 'categoryIds', code: 'not_found', message: `Catalog category not found: ${missing.join(', ')}.` },
        ],
      }
      continue
    }
    const id = ulid(now.getTime())
    rows.push({
      id,
      companyId,
      integrationKey: DEFAULT_INTEGRATION,
      catalogName: DEFAULT_CATALOG,
      externalId: v.externalId,
      title: v.title,
      description: v.description,
      price: v.price ?? null,
      url: v.url,
      imageFullUrl: v.imageFullUrl ?? null,
      imageThumbnailUrl: v.imageThumbnailUrl ?? null,
      imageUrls: json(v.imageUrls ?? []),
      published: v.published ?? true,
      customMetadata: json(v.customMetadata ?? {}),
      itemType: v.itemType ?? null,
      itemSubtypeId: v.itemSubtypeId ?? null,
      sourceId: v.sourceId ?? null,
      deleted: false,
      createdAt: now,
      updatedAt: now,
    })
    for (const c of uniq(v.categoryIds ?? [])) links.push({ itemId: id, categoryId: c })
    results[i] = { ok: true, id, created: true }
  }
  yield* insertGuardedOps('CatalogItem', rows, results, valid, 'catalog item')
  const inserted = new Set(results.filter((r) => r?.ok).map((r) => (r as { id: string }).id))
  yield* linkOps(
    companyId,
    links.filter((l) => inserted.has(l.itemId)),
  )
  return results
}

/** Updates items by internal id (set-based); records price changes. Unknown ids → 'not_found'. */
export function* updateItemsOps(
  companyId: number,
  patches: Array<{ id: string; patch: unknown }>,
  now: Date,
): Ops<EntryResult[]> {
  const results: EntryResult[] = new Array(patches.length)
  const ids = uniq(patches.map((p) => p.id))
  const current = new Map<string, Record<string, unknown>>()
  for (const part of chunks(ids, 500)) {
    const rows = yield* select(
      db()
        .selectFrom('CatalogItem')
        .select(['id', 'price'])
        .where('companyId', '=', companyId)
        .where('deleted', '=', false)
        .where('id', 'in', part),
    )
    for (const r of rows) current.set(String(r.id), r)
  }
  const parsed: Array<{ i: number; id: string; v: z.infer<typeof itemPatchSchema> }> = []
  for (let i = 0; i < patches.length; i++) {
    const p = patches[i]!
    if (!current.has(p.id)) {
      results[i] = {
        ok: false,
        errors: [{ field: '', code: 'not_found', message: `Catalog item not found: ${p.id}.` }],
      }
      continue
    }
    const r = validate(itemPatchSchema, p.patch)
    if (!r.ok) {
      results[i] = r
      continue
    }
    parsed.push({ i, id: p.id, v: r.value })
  }
  const cats = yield* existingIdsOps(
    'CatalogCategory',
    companyId,
    parsed.flatMap((x) => x.v.categoryIds ?? []),
  )
  const changes: ChangeRow[] = []
  for (const { i, id, v } of parsed) {
    const missing = (v.categoryIds ?? []).filter((c) => !cats.has(c))
    if (missing.length) {
      results[i] = {
        ok: false,
        errors: [
          { field: 'categoryIds', code: 'not_found', message: `Catalog category not found: ${missing.join(', ')}.` },
        ],
      }
      continue
    }
    const set: Record<string, unknown> = { updatedAt: now }
    if (v.title !== undefined) set.title = v.title
    if (v.description !== undefined) set.description = v.description
    if (v.url !== undefined) set.url = v.url
    if (v.price !== undefined) set.price = v.price
    if (v.imageFullUrl !== undefined) set.imageFullUrl = v.imageFullUrl
    if (v.imageThumbnailUrl !== undefined) set.imageThumbnailUrl = v.imageThumbnailUrl
    if (v.imageUrls !== undefined) set.imageUrls = json(v.imageUrls)
    if (v.customMetadata !== undefined) set.customMetadata = json(v.customMetadata)
    if (v.published !== undefined) set.published = v.published
    if (v.itemType !== undefined) set.itemType = v.itemType
    if (v.itemSubtypeId !== undefined) set.itemSubtypeId = v.itemSubtypeId
    if (v.sourceId !== undefined) set.sourceId = v.sourceId
    yield* exec(db().updateTable('CatalogItem').set(set).where('companyId', '=', companyId).where('id', '=', id))
    const cur = current.get(id)!
    const old = cur.price === null || cur.price === undefined ? null : Number(cur.price)
    if (v.price !== undefined && v.price !== old) {
      changes.push({
        companyId,
        itemId: id,
        variantId: null,
        kind: 'price',
        oldValue: old,
        newValue: v.price ?? null,
        at: now,
      })
      cur.price = v.price
    }
    if (v.categoryIds !== undefined) {
      yield* exec(db().deleteFrom('CatalogItemCategory').where('companyId', '=', companyId).where('itemId', '=', id))
      yield* linkOps(
        companyId,
        uniq(v.categoryIds).map((c) => ({ itemId: id, categoryId: c })),
      )
    }
    results[i] = { ok: true, id }
  }
  yield* writeChangesOps(companyId, changes, now)
  return results
}

/**
 * Creates or updates items by external id (feed syncs, CSV). An existing item is patched with
 * the given fields (price changes recorded); categoryIds, when given, replace its categories.
 */
export function* upsertItemsOps(companyId: number, inputs: ItemInput[], now: Date): Ops<EntryResult[]> {
  const existing = yield* idsByExternalIdOps(
    'CatalogItem',
    companyId,
    inputs.map((x) => (typeof x?.externalId === 'string' ? x.externalId : '')),
  )
  const results: EntryResult[] = new Array(inputs.length)
  const toCreate: number[] = []
  const toUpdate: number[] = []
  const seen = new Map<string, number>()
  for (let i = 0; i < inputs.length; i++) {
    const ext = inputs[i]?.externalId
    if (typeof ext === 'string' && seen.has(ext)) {
      results[i] = {
        ok: false,
        errors: [
          {
            field: 'externalId',
            code: 'conflict',
            message: `A catalog item with external_id "${ext}" appears more than once.`,
          },
        ],
      }
      continue
    }
    if (typeof ext === 'string') seen.set(ext, i)
    if (typeof ext === 'string' && existing.has(ext)) toUpdate.push(i)
    else toCreate.push(i)
  }
  const created = yield* createItemsOps(
    companyId,
    toCreate.map((i) => inputs[i]),
    now,
  )
  toCreate.forEach((i, k) => {
    results[i] = created[k]!
  })
  const updated = yield* updateItemsOps(
    companyId,
    toUpdate.map((i) => {
      return { id: existing.get(inputs[i]!.externalId)!, patch: omit(inputs[i]!, ['externalId']) }
    }),
    now,
  )
  toUpdate.forEach((i, k) => {
    const r = updated[k]!
    results[i] = r.ok ? { ...r, created: false } : r
  })
  return results
}

/** Deletes items with their variants and category links. Unknown ids → 'not_found'. */
export function* deleteItemsOps(companyId: number, ids: string[], now: Date): Ops<EntryResult[]> {
  void now
  const found = yield* existingIdsOps('CatalogItem', companyId, ids)
  const results: EntryResult[] = ids.map((id) =>
    found.has(id)
      ? { ok: true, id }
      : { ok: false, errors: [{ field: '', code: 'not_found', message: `Catalog item not found: ${id}.` }] },
  )
  for (const part of chunks([...found], 500)) {
    yield* exec(db().deleteFrom('CatalogVariant').where('companyId', '=', companyId).where('itemId', 'in', part))
    yield* exec(db().deleteFrom('CatalogItemCategory').where('companyId', '=', companyId).where('itemId', 'in', part))
    yield* exec(db().deleteFrom('CatalogItem').where('companyId', '=', companyId).where('id', 'in', part))
  }
  return results
}

export function* createItemOps(companyId: number, input: unknown, now: Date): Ops<string> {
  return one(yield* createItemsOps(companyId, [input], now))
}
export function* updateItemOps(companyId: number, id: string, patch: unknown, now: Date): Ops<string> {
  return one(yield* updateItemsOps(companyId, [{ id, patch }], now))
}
export function* deleteItemOps(companyId: number, id: string, now: Date): Ops<string> {
  return one(yield* deleteItemsOps(companyId, [id], now))
}
