// Catalog categories: set-based create, update (with their item links) and delete, and their
// single-entry helpers.
import { z } from 'zod'
import { exec, type Ops } from '@/lib/db/ops'
import { ulid } from '@/lib/ids/make-id'
import { DEFAULT_CATALOG, DEFAULT_INTEGRATION } from '@/lib/ids/catalog-api-id'
import { one } from './catalog-error'
import { chunks, db, existingIdsOps, idsByExternalIdOps, insertGuardedOps, linkOps, uniq } from './rows'
import type { EntryResult } from './types'
import { categoryInputSchema, categoryPatchSchema, validate } from './validation'

export function* createCategoriesOps(companyId: number, inputs: unknown[], now: Date): Ops<EntryResult[]> {
  const results: EntryResult[] = new Array(inputs.length)
  const valid: Array<{ i: number; v: z.infer<typeof categoryInputSchema> }> = []
  const seen = new Set<string>()
  for (let i = 0; i < inputs.length; i++) {
    const r = validate(categoryInputSchema, inputs[i])
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
            message: `A catalog category with external_id "${r.value.externalId}" appears more than once.`,
          },
        ],
      }
      continue
    }
    seen.add(r.value.externalId)
    valid.push({ i, v: r.value })
  }
  const existing = yield* idsByExternalIdOps(
    'CatalogCategory',
    companyId,
    valid.map((x) => x.v.externalId),
  )
  const items = yield* existingIdsOps(
    'CatalogItem',
    companyId,
    valid.flatMap((x) => x.v.itemIds ?? []),
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
            message: `A catalog category with external_id "${v.externalId}" already exists.`,
          },
        ],
      }
      continue
    }
    const missing = (v.itemIds ?? []).filter((x) => !items.has(x))
    if (missing.length) {
      results[i] = {
        ok: false,
        errors: [{ field: 'itemIds', code: 'not_found', message: `Catalog item not found: ${missing.join(', ')}.` }],
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
      name: v.name,
      createdAt: now,
      updatedAt: now,
    })
    for (const it of uniq(v.itemIds ?? [])) links.push({ itemId: it, categoryId: id })
    results[i] = { ok: true, id, created: true }
  }
  yield* insertGuardedOps('CatalogCategory', rows, results, valid, 'catalog category')
  const inserted = new Set(results.filter((r) => r?.ok).map((r) => (r as { id: string }).id))
  yield* linkOps(
    companyId,
    links.filter((l) => inserted.has(l.categoryId)),
  )
  return results
}

export function* updateCategoriesOps(
  companyId: number,
  patches: Array<{ id: string; patch: unknown }>,
  now: Date,
): Ops<EntryResult[]> {
  const results: EntryResult[] = new Array(patches.length)
  const found = yield* existingIdsOps(
    'CatalogCategory',
    companyId,
    patches.map((p) => p.id),
  )
  const parsed: Array<{ i: number; id: string; v: z.infer<typeof categoryPatchSchema> }> = []
  for (let i = 0; i < patches.length; i++) {
    const p = patches[i]!
    if (!found.has(p.id)) {
      results[i] = {
        ok: false,
        errors: [{ field: '', code: 'not_found', message: `Catalog category not found: ${p.id}.` }],
      }
      continue
    }
    const r = validate(categoryPatchSchema, p.patch)
    if (!r.ok) {
      results[i] = r
      continue
    }
    parsed.push({ i, id: p.id, v: r.value })
  }
  const items = yield* existingIdsOps(
    'CatalogItem',
    companyId,
    parsed.flatMap((x) => x.v.itemIds ?? []),
  )
  for (const { i, id, v } of parsed) {
    const missing = (v.itemIds ?? []).filter((x) => !items.has(x))
    if (missing.length) {
      results[i] = {
        ok: false,
        errors: [{ field: 'itemIds', code: 'not_found', message: `Catalog item not found: ${missing.join(', ')}.` }],
      }
      continue
    }
    const set: Record<string, unknown> = { updatedAt: now }
    if (v.name !== undefined) set.name = v.name
    yield* exec(db().updateTable('CatalogCategory').set(set).where('companyId', '=', companyId).where('id', '=', id))
    if (v.itemIds !== undefined) {
      yield* exec(
        db().deleteFrom('CatalogItemCategory').where('companyId', '=', companyId).where('categoryId', '=', id),
      )
      yield* linkOps(
        companyId,
        uniq(v.itemIds).map((it) => ({ itemId: it, categoryId: id })),
      )
    }
    results[i] = { ok: true, id }
  }
  return results
}

export function* deleteCategoriesOps(companyId: number, ids: string[], now: Date): Ops<EntryResult[]> {
  void now
  const found = yield* existingIdsOps('CatalogCategory', companyId, ids)
  for (const part of chunks([...found], 500)) {
    yield* exec(
      db().deleteFrom('CatalogItemCategory').where('companyId', '=', companyId).where('categoryId', 'in', part),
    )
    yield* exec(db().deleteFrom('CatalogCategory').where('companyId', '=', companyId).where('id', 'in', part))
  }
  return ids.map((id) =>
    found.has(id)
      ? { ok: true, id }
      : { ok: false, errors: [{ field: '', code: 'not_found', message: `Catalog category not found: ${id}.` }] },
  )
}

export function* createCategoryOps(companyId: number, input: unknown, now: Date): Ops<string> {
  return one(yield* createCategoriesOps(companyId, [input], now))
}
export function* updateCategoryOps(companyId: number, id: string, patch: unknown, now: Date): Ops<string> {
  return one(yield* updateCategoriesOps(companyId, [{ id, patch }], now))
}
export function* deleteCategoryOps(companyId: number, id: string, now: Date): Ops<string> {
  return one(yield* deleteCategoriesOps(companyId, [id], now))
}
