// JSON:API resource objects → catalog store writes, for the single endpoints and the bulk
// jobs alike: one entry = one resource object ({type, id?, attributes, relationships}); each
// entry is checked on its own and reported with JSON pointers relative to the entry.
import { ApiError, TITLES } from '@/lib/api/api-error'
import type { Ops } from '@/lib/db/ops'
import { toApiId } from '@/lib/ids/catalog-api-id'
import { createCategoriesOps, deleteCategoriesOps, updateCategoriesOps } from '@/lib/catalog/store/categories'
import { createItemsOps, deleteItemsOps, updateItemsOps } from '@/lib/catalog/store/items'
import type { CatalogFieldError, EntryResult } from '@/lib/catalog/store/types'
import { snake } from '@/lib/catalog/store/validation'
import { createVariantsOps, deleteVariantsOps, updateVariantsOps } from '@/lib/catalog/store/variants'
import { internalIdsOps, type CatalogTable } from './read'

export type Resource = 'item' | 'variant' | 'category'
export type Action = 'create' | 'update' | 'delete'

export const TYPE_OF: Record<Resource, string> = {
  item: 'catalog-item',
  variant: 'catalog-variant',
  category: 'catalog-category',
}
const TABLE_OF: Record<Resource, CatalogTable> = {
  item: 'CatalogItem',
  variant: 'CatalogVariant',
  category: 'CatalogCategory',
}

/** A problem with one entry: pointer relative to the entry ('' = the entry, '/attributes/price', …). */
export type EntryError = { status: 400 | 404 | 409; code: string; detail: string; pointer: string }
export type EntryOutcome = { ok: true; id: string; internalId: string } | { ok: false; errors: EntryError[] }

const ATTRS: Record<Resource, Record<string, string>> = {
  item: {
    external_id: 'externalId',
    title: 'title',
    description: 'description',
    price: 'price',
    url: 'url',
    image_full_url: 'imageFullUrl',
    image_thumbnail_url: 'imageThumbnailUrl',
    images: 'imageUrls',
    custom_metadata: 'customMetadata',
    published: 'published',
  },
  variant: {
    external_id: 'externalId',
    title: 'title',
    description: 'description',
    sku: 'sku',
    inventory_policy: 'inventoryPolicy',
    inventory_quantity: 'inventoryQuantity',
    price: 'price',
    url: 'url',
    image_full_url: 'imageFullUrl',
    image_thumbnail_url: 'imageThumbnailUrl',
    images: 'imageUrls',
    custom_metadata: 'customMetadata',
    published: 'published',
  },
  category: { external_id: 'externalId', name: 'name' },
}
const REL: Record<Resource, { name: string; type: string; field: string; many: boolean } | null> = {
  item: { name: 'categories', type: 'catalog-category', field: 'categoryIds', many: true },
  variant: { name: 'item', type: 'catalog-item', field: 'itemId', many: false },
  category: { name: 'items', type: 'catalog-item', field: 'itemIds', many: true },
}
const FIXED: Record<string, string> = { integration_type: '$custom', catalog_type: '$default' }

const bad = (pointer: string, detail: string, status: 400 | 404 | 409 = 400, code = 'invalid'): EntryError => ({
  status,
  code,
  detail,
  pointer,
})
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Where a store field error points inside the entry. */
function pointerOf(resource: Resource, f: CatalogFieldError): string {
  if (f.field === '') return f.code === 'not_found' ? '/id' : ''
  if (f.field === 'categoryIds') return '/relationships/categories/data'
  if (f.field === 'itemIds') return '/relationships/items/data'
  if (f.field === 'itemId' || f.field === 'itemExternalId') return '/relationships/item/data'
  void resource
  return `/attributes/${snake(f.field)}`
}
const storeErrors = (resource: Resource, errors: CatalogFieldError[]): EntryError[] =>
  errors.map((f) => ({
    status: f.code === 'not_found' ? 404 : f.code === 'conflict' ? 409 : 400,
    code: f.code === 'invalid' ? 'invalid' : f.code,
    detail: f.message,
    pointer: pointerOf(resource, f),
  }))

type Parsed = { input: Record<string, unknown>; relIds: string[] | null; apiId?: string }

/** Shape checks and snake_case → camelCase; relationship ids are resolved later. */
function parseEntry(
  resource: Resource,
  action: Action,
  entry: unknown,
): { ok: true; p: Parsed } | { ok: false; errors: EntryError[] } {
  if (!isObj(entry)) return { ok: false, errors: [bad('', 'Each entry must be a resource object.')] }
  const errors: EntryError[] = []
  if (entry.type !== TYPE_OF[resource]) errors.push(bad('/type', `type must be "${TYPE_OF[resource]}".`))
  let apiId: string | undefined
  if (action !== 'create') {
    if (typeof entry.id !== 'string' || entry.id === '') errors.push(bad('/id', 'id is required.'))
    else apiId = entry.id
  }
  if (action === 'delete')
    return errors.length ? { ok: false, errors } : { ok: true, p: { input: {}, relIds: null, apiId } }
  const attrs = entry.attributes
  const input: Record<string, unknown> = {}
  if (!isObj(attrs)) errors.push(bad('/attributes', 'attributes must be an object.'))
  else {
    for (const [k, v] of Object.entries(attrs)) {
      if (k in FIXED && action === 'create') {
        if (v !== FIXED[k] && v !== undefined && v !== null)
          errors.push(bad(`/attributes/${k}`, `${k} must be "${FIXED[k]}" (the only one supported).`))
        continue
      }
      const field = ATTRS[resource][k]
      if (!field || (action === 'update' && k === 'external_id')) {
        errors.push(
          bad(
            `/attributes/${k}`,
            `"${k}" is not a field that can be ${action === 'create' ? 'set' : 'changed'} on a ${TYPE_OF[resource]}.`,
          ),
        )
        continue
      }
      if (v === null && field !== 'price' && field !== 'imageFullUrl' && field !== 'imageThumbnailUrl') {
        errors.push(bad(`/attributes/${k}`, `${k} may not be null.`))
        continue
      }
      input[field] = v
    }
  }
  let relIds: string[] | null = null
  const rel = REL[resource]
  const rels = entry.relationships
  if (rels !== undefined && rels !== null) {
    if (!isObj(rels)) errors.push(bad('/relationships', 'relationships must be an object.'))
    else
      for (const [name, r] of Object.entries(rels)) {
        const allowed = rel && rel.name === name && !(resource === 'variant' && action === 'update')
        if (!allowed) {
          errors.push(bad(`/relationships/${name}`, `"${name}" is not a relationship that can be set here.`))
          continue
        }
        const data = isObj(r) ? r.data : undefined
        const list = rel.many ? data : [data]
        if (!Array.isArray(list) || list.some((x) => !isObj(x) || x.type !== rel.type || typeof x.id !== 'string')) {
          errors.push(
            bad(
              `/relationships/${name}/data`,
              rel.many
                ? `data must be a list of {type: "${rel.type}", id}.`
                : `data must be {type: "${rel.type}", id}.`,
            ),
          )
          continue
        }
        relIds = (list as Array<{ id: string }>).map((x) => x.id)
      }
  }
  if (resource === 'variant' && action === 'create' && !relIds)
    errors.push(bad('/relationships/item', 'relationships.item is required.'))
  return errors.length ? { ok: false, errors } : { ok: true, p: { input, relIds, apiId } }
}

/**
 * Applies entries of one resource and action (set-based, inside the caller's transaction).
 * Results in input order; a bad entry is reported and the others are applied.
 */
export function* applyEntriesOps(
  companyId: number,
  resource: Resource,
  action: Action,
  entries: unknown[],
  now: Date,
): Ops<EntryOutcome[]> {
  const out: EntryOutcome[] = new Array(entries.length)
  const parsed: Array<{ i: number; p: Parsed }> = []
  entries.forEach((e, i) => {
    const r = parseEntry(resource, action, e)
    if (r.ok) parsed.push({ i, p: r.p })
    else out[i] = r
  })
  // Resolve /api ids: the entry's own id (update, delete) and its relationship ids.
  const rel = REL[resource]
  const own =
    action === 'create'
      ? new Map<string, string>()
      : yield* internalIdsOps(
          TABLE_OF[resource],
          companyId,
          parsed.map((x) => x.p.apiId!),
        )
  const relTable: CatalogTable | null = rel ? (rel.type === 'catalog-item' ? 'CatalogItem' : 'CatalogCategory') : null
  const relIds = relTable
    ? yield* internalIdsOps(
        relTable,
        companyId,
        parsed.flatMap((x) => x.p.relIds ?? []),
      )
    : new Map<string, string>()
  const ready: Array<{ i: number; id?: string; input: Record<string, unknown> }> = []
  for (const { i, p } of parsed) {
    if (action !== 'create' && !own.has(p.apiId!)) {
      out[i] = {
        ok: false,
        errors: [bad('/id', `A ${TYPE_OF[resource]} with id ${p.apiId} was not found.`, 404, 'not_found')],
      }
      continue
    }
    if (p.relIds && rel) {
      const missing = p.relIds.filter((x) => !relIds.has(x))
      if (missing.length) {
        out[i] = {
          ok: false,
          errors: [bad(`/relationships/${rel.name}/data`, `Not found: ${missing.join(', ')}.`, 404, 'not_found')],
        }
        continue
      }
      const ids = p.relIds.map((x) => relIds.get(x)!)
      p.input[rel.field] = rel.many ? ids : ids[0]
    }
    ready.push({ i, id: own.get(p.apiId ?? ''), input: p.input })
  }
  let results: EntryResult[]
  if (action === 'create') {
    const inputs = ready.map((r) => r.input)
    results =
      resource === 'item'
        ? yield* createItemsOps(companyId, inputs, now)
        : resource === 'variant'
          ? yield* createVariantsOps(companyId, inputs, now)
          : yield* createCategoriesOps(companyId, inputs, now)
  } else if (action === 'update') {
    const patches = ready.map((r) => ({ id: r.id!, patch: r.input }))
    results =
      resource === 'item'
        ? yield* updateItemsOps(companyId, patches, now)
        : resource === 'variant'
          ? yield* updateVariantsOps(companyId, patches, now)
          : yield* updateCategoriesOps(companyId, patches, now)
  } else {
    const ids = ready.map((r) => r.id!)
    results =
      resource === 'item'
        ? yield* deleteItemsOps(companyId, ids, now)
        : resource === 'variant'
          ? yield* deleteVariantsOps(companyId, ids, now)
          : yield* deleteCategoriesOps(companyId, ids, now)
  }
  ready.forEach((r, k) => {
    const res = results[k]!
    if (!res.ok) {
      out[r.i] = { ok: false, errors: storeErrors(resource, res.errors) }
      return
    }
    const parsedEntry = parsed.find((x) => x.i === r.i)!
    const apiId = action === 'create' ? toApiId(String(r.input.externalId)) : parsedEntry.p.apiId!
    out[r.i] = { ok: true, id: apiId, internalId: res.id }
  })
  return out
}

/** The single endpoints: an entry's errors as an ApiError below `base` (e.g. '/data'). */
export function entryApiError(errors: EntryError[], base = '/data'): ApiError {
  const status = errors.some((e) => e.status === 404) ? 404 : errors.some((e) => e.status === 409) ? 409 : 400
  const e = ApiError.many(
    status,
    errors.map((x) => ({ code: x.code, detail: x.detail, source: { pointer: base + x.pointer } })),
  )
  return e
}

export { TITLES }
