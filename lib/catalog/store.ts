// The catalog store: every write to items, variants, categories and their links goes through
// here (the /api, the bulk jobs, /ajax, feed syncs, the seed). Each write is an Ops generator
// (lib/db/ops.ts) so it runs in the caller's transaction on SQLite and PostgreSQL alike.
//
// - Set-based: the *Ops functions take arrays (a bulk job's 100 entries are one call: one
//   SELECT of what exists, one multi-row INSERT); the single-entry helpers call them with one.
// - Per entry: each entry is validated on its own (zod, field errors keyed by the camelCase
//   field name: externalId, price, customMetadata, inventoryQuantity, …) and either applied
//   whole or reported with its errors; a bad entry never stops the good ones.
// - Catalog changes: when an item's price, or a variant's price or inventory quantity,
//   changes (old ≠ new, on an update or an upsert that hits an existing row), a CatalogChange
//   row (kind 'price' | 'inventory', oldValue → newValue) is written in the same transaction,
//   and the job CATALOG_CHANGES_JOB is enqueued once per call (payload {companyId}); its
//   handler (K2, lib/catalog/changes.ts) runs the reactions and sets processedAt. Creating a
//   row records no change.
// - On PostgreSQL the job queue's schema must exist before the transaction: call
//   prepareCatalogWrite() first (or use runCatalogWrite(), which also wakes the workers).
// - Deletes are hard deletes (the variants and links of a deleted item go with it), so an
//   external id can be used again; readers still skip rows with deleted = true.
import { z } from 'zod'
import { sql } from 'kysely'
import { exec, inWriteTx, select, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { dbEngine } from '@/lib/db/client'
import { toBool, toDate } from '@/lib/db/dialect'
import { ulid } from '@/lib/ids/make-id'
import { enqueueJobOps } from '@/lib/messaging/enqueue-job-ops'
import { jobQueue, wakeWorkers } from '@/lib/jobs/queue'
import { DEFAULT_CATALOG, DEFAULT_INTEGRATION } from './ids'
import { isHttpUrl } from '@/lib/templates/url-scheme'

export const CATALOG_CHANGES_JOB = 'catalog.changes'
export const CUSTOM_METADATA_MAX_BYTES = 100 * 1024

// ---------------------------------------------------------------------------------------------
// Types

export type FieldErrorCode = 'invalid' | 'conflict' | 'not_found'
/** One problem with one entry; `field` is the camelCase input field ('' = the entry itself). */
export type CatalogFieldError = { field: string; code: FieldErrorCode; message: string }
/** The outcome of one entry of a set-based write, in input order. */
export type EntryResult = { ok: true; id: string; created?: boolean } | { ok: false; errors: CatalogFieldError[] }

export type ItemInput = {
  externalId: string
  title: string
  description: string
  url: string
  price?: number | null
  imageFullUrl?: string | null
  imageThumbnailUrl?: string | null
  imageUrls?: string[]
  customMetadata?: Record<string, unknown>
  published?: boolean
  itemType?: string | null
  itemSubtypeId?: number | null
  /** api | feed | csv | ajax, or a source id. */
  sourceId?: string | null
  /** Internal category ids (replace the item's categories on update). */
  categoryIds?: string[]
}
export type ItemPatch = Partial<Omit<ItemInput, 'externalId'>>

export type VariantInput = {
  externalId: string
  /** The item (internal id); or give itemExternalId. */
  itemId?: string
  itemExternalId?: string
  title: string
  description: string
  sku: string
  price: number
  inventoryQuantity: number
  inventoryPolicy?: 0 | 1 | 2
  url: string
  imageFullUrl?: string | null
  imageThumbnailUrl?: string | null
  imageUrls?: string[]
  customMetadata?: Record<string, unknown>
  published?: boolean
}
export type VariantPatch = Partial<Omit<VariantInput, 'externalId' | 'itemId' | 'itemExternalId'>>

export type CategoryInput = { externalId: string; name: string; /** Internal item ids. */ itemIds?: string[] }
export type CategoryPatch = { name?: string; itemIds?: string[] }

export type CatalogItemRow = {
  id: string; companyId: number; integrationKey: string; catalogName: string; externalId: string; title: string; description: string
  price: number | null; url: string; imageFullUrl: string | null; imageThumbnailUrl: string | null; imageUrls: string[]; published: boolean
  customMetadata: Record<string, unknown>; itemType: string | null; itemSubtypeId: number | null; sourceId: string | null
  createdAt: Date; updatedAt: Date
}
export type CatalogVariantRow = {
  id: string; companyId: number; itemId: string; integrationKey: string; catalogName: string; externalId: string; title: string; description: string
  sku: string; price: number; url: string; imageFullUrl: string | null; imageThumbnailUrl: string | null; imageUrls: string[]
  inventoryQuantity: number; inventoryPolicy: number; published: boolean; customMetadata: Record<string, unknown>; createdAt: Date; updatedAt: Date
}
export type CatalogCategoryRow = { id: string; companyId: number; integrationKey: string; catalogName: string; externalId: string; name: string; createdAt: Date; updatedAt: Date }

/** Thrown by the single-entry helpers: status 400 (invalid), 404 (not_found) or 409 (conflict). */
export class CatalogError extends Error {
  constructor(readonly status: 400 | 404 | 409, readonly errors: CatalogFieldError[]) {
    super(errors.map((e) => e.message).join(' ') || 'Invalid catalog input.')
    this.name = 'CatalogError'
  }
  static from(errors: CatalogFieldError[]): CatalogError {
    const status = errors.some((e) => e.code === 'not_found') ? 404 : errors.some((e) => e.code === 'conflict') ? 409 : 400
    return new CatalogError(status, errors)
  }
}

// ---------------------------------------------------------------------------------------------
// Validation (zod)

const customMetadata = z.record(z.string(), z.unknown()).superRefine((v, ctx) => {
  for (const [k, val] of Object.entries(v)) {
    if (val !== null && typeof val === 'object' && !Array.isArray(val)) {
      ctx.addIssue({ code: 'custom', message: `custom_metadata must be flat: "${k}" is an object.` })
      return
    }
    if (Array.isArray(val) && val.some((x) => x !== null && typeof x === 'object')) {
      ctx.addIssue({ code: 'custom', message: `custom_metadata must be flat: "${k}" holds objects.` })
      return
    }
  }
  if (Buffer.byteLength(JSON.stringify(v)) > CUSTOM_METADATA_MAX_BYTES) ctx.addIssue({ code: 'custom', message: 'custom_metadata may not exceed 100 KB.' })
})
const str = (name: string, max = 1000) => z.string({ error: `${name} must be a string.` }).max(max, `${name} is too long (at most ${max} characters).`)
const required = (name: string, max = 1000) => str(name, max).refine((s) => s.trim() !== '', `${name} is required.`)
// templates print these into href and src: absolute http(s) only, never javascript: and the
// like (issue 29, finding 10); an item's url may be left empty
const httpUrl = (name: string) => str(name, 2000).refine(isHttpUrl, `${name} must be an http or https URL.`)
const pageUrl = (name: string) => str(name, 2000).refine((s) => s.trim() === '' || isHttpUrl(s), `${name} must be an http or https URL.`)
const nullableUrl = (name: string) => z.union([httpUrl(name), z.null()])
const images = z.array(httpUrl('images'), { error: 'images must be a list of URLs.' }).max(100, 'images holds at most 100 URLs.')
const price = z.number({ error: 'price must be a number.' }).finite('price must be a number.').min(0, 'price must not be negative.')
const inventory = z
  .number({ error: 'inventory_quantity must be a number.' })
  .finite('inventory_quantity must be a number.')
  .min(0, 'inventory_quantity must not be negative.')
  .max(2_147_483_647, 'inventory_quantity is too large.')
  .transform((n) => Math.floor(n))
const published = z.boolean({ error: 'published must be true or false.' })
const externalId = required('external_id', 255).refine((s) => !s.includes('\n'), 'external_id must be one line.')
const idList = z.array(z.string()).max(1000)

const itemFields = {
  title: required('title', 1000),
  description: str('description', 100_000),
  url: pageUrl('url'),
  price: z.union([price, z.null()]).optional(),
  imageFullUrl: nullableUrl('image_full_url').optional(),
  imageThumbnailUrl: nullableUrl('image_thumbnail_url').optional(),
  imageUrls: images.optional(),
  customMetadata: customMetadata.optional(),
  published: published.optional(),
  itemType: z.union([str('item_type', 255), z.null()]).optional(),
  itemSubtypeId: z.union([z.number().int(), z.null()]).optional(),
  sourceId: z.union([str('source', 255), z.null()]).optional(),
  categoryIds: idList.optional(),
}
export const itemInputSchema = z.object({ externalId, ...itemFields })
export const itemPatchSchema = z.object({ ...itemFields, title: itemFields.title.optional(), description: itemFields.description.optional(), url: itemFields.url.optional() })

const variantFields = {
  title: required('title', 1000),
  description: str('description', 100_000),
  sku: required('sku', 255),
  price,
  inventoryQuantity: inventory,
  inventoryPolicy: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'inventory_policy must be 0, 1 or 2.' }).optional(),
  url: pageUrl('url'),
  imageFullUrl: nullableUrl('image_full_url').optional(),
  imageThumbnailUrl: nullableUrl('image_thumbnail_url').optional(),
  imageUrls: images.optional(),
  customMetadata: customMetadata.optional(),
  published: published.optional(),
}
export const variantInputSchema = z
  .object({ externalId, itemId: z.string().optional(), itemExternalId: z.string().optional(), ...variantFields })
  .refine((v) => v.itemId || v.itemExternalId, { message: 'The variant needs an item.', path: ['itemId'] })
export const variantPatchSchema = z.object({
  title: variantFields.title.optional(), description: variantFields.description.optional(), sku: variantFields.sku.optional(),
  price: price.optional(), inventoryQuantity: inventory.optional(), inventoryPolicy: variantFields.inventoryPolicy,
  url: variantFields.url.optional(), imageFullUrl: variantFields.imageFullUrl, imageThumbnailUrl: variantFields.imageThumbnailUrl,
  imageUrls: variantFields.imageUrls, customMetadata: variantFields.customMetadata, published: variantFields.published,
})
export const categoryInputSchema = z.object({ externalId, name: required('name', 1000), itemIds: idList.optional() })
export const categoryPatchSchema = z.object({ name: required('name', 1000).optional(), itemIds: idList.optional() })

/** Field errors of a zod failure, keyed by the first path segment (camelCase). */
export function zodFieldErrors(e: z.ZodError): CatalogFieldError[] {
  return e.issues.map((i) => ({ field: i.path.length ? String(i.path[0]) : '', code: 'invalid' as const, message: issueMessage(i) }))
}
function issueMessage(i: z.core.$ZodIssue): string {
  const f = i.path.length ? String(i.path[0]) : ''
  if (i.code === 'invalid_type' && i.input === undefined) return `${snake(f)} is required.`
  if (i.code === 'unrecognized_keys') return `Unknown field: ${i.keys.join(', ')}.`
  return i.message
}
/** camelCase → snake_case (the /api attribute name of a field). */
export const snake = (s: string) => s.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase()).replace(/^image_urls$/, 'images')

function validate<T>(schema: z.ZodType<T>, input: unknown): { ok: true; value: T } | { ok: false; errors: CatalogFieldError[] } {
  const r = schema.safeParse(input)
  return r.success ? { ok: true, value: r.data } : { ok: false, errors: zodFieldErrors(r.error) }
}

// ---------------------------------------------------------------------------------------------
// Helpers

const db = () => kysely()
const chunks = <T>(xs: T[], n: number): T[][] => { const out: T[][] = []; for (let i = 0; i < xs.length; i += n) out.push(xs.slice(i, i + n)); return out }
const json = (v: unknown) => JSON.stringify(v)
const parseJson = <T>(s: unknown, fallback: T): T => { try { return typeof s === 'string' ? (JSON.parse(s) as T) : ((s as T) ?? fallback) } catch { return fallback } }
const uniq = <T>(xs: T[]) => [...new Set(xs)]
const omit = (o: object, keys: string[]): Record<string, unknown> => Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)))

export function toItemRow(r: Record<string, unknown>): CatalogItemRow {
  return {
    id: String(r.id), companyId: Number(r.companyId), integrationKey: String(r.integrationKey), catalogName: String(r.catalogName),
    externalId: String(r.externalId), title: String(r.title), description: String(r.description ?? ''),
    price: r.price === null || r.price === undefined ? null : Number(r.price), url: String(r.url ?? ''),
    imageFullUrl: (r.imageFullUrl as string | null) ?? null, imageThumbnailUrl: (r.imageThumbnailUrl as string | null) ?? null,
    imageUrls: parseJson<string[]>(r.imageUrls, []), published: toBool(r.published), customMetadata: parseJson(r.customMetadata, {}),
    itemType: (r.itemType as string | null) ?? null, itemSubtypeId: r.itemSubtypeId === null || r.itemSubtypeId === undefined ? null : Number(r.itemSubtypeId),
    sourceId: (r.sourceId as string | null) ?? null, createdAt: toDate(r.createdAt)!, updatedAt: toDate(r.updatedAt)!,
  }
}
export function toVariantRow(r: Record<string, unknown>): CatalogVariantRow {
  return {
    id: String(r.id), companyId: Number(r.companyId), itemId: String(r.itemId), integrationKey: String(r.integrationKey), catalogName: String(r.catalogName),
    externalId: String(r.externalId), title: String(r.title), description: String(r.description ?? ''), sku: String(r.sku), price: Number(r.price),
    url: String(r.url ?? ''), imageFullUrl: (r.imageFullUrl as string | null) ?? null, imageThumbnailUrl: (r.imageThumbnailUrl as string | null) ?? null,
    imageUrls: parseJson<string[]>(r.imageUrls, []), inventoryQuantity: Number(r.inventoryQuantity), inventoryPolicy: Number(r.inventoryPolicy),
    published: toBool(r.published), customMetadata: parseJson(r.customMetadata, {}), createdAt: toDate(r.createdAt)!, updatedAt: toDate(r.updatedAt)!,
  }
}
export function toCategoryRow(r: Record<string, unknown>): CatalogCategoryRow {
  return {
    id: String(r.id), companyId: Number(r.companyId), integrationKey: String(r.integrationKey), catalogName: String(r.catalogName),
    externalId: String(r.externalId), name: String(r.name), createdAt: toDate(r.createdAt)!, updatedAt: toDate(r.updatedAt)!,
  }
}

type ChangeRow = { companyId: number; itemId: string; variantId: string | null; kind: 'price' | 'inventory'; oldValue: number | null; newValue: number | null; at: Date }

function* writeChangesOps(companyId: number, changes: ChangeRow[], now: Date): Ops<number> {
  if (!changes.length) return 0
  for (const part of chunks(changes, 500)) yield* exec(db().insertInto('CatalogChange').values(part))
  yield* enqueueJobOps(CATALOG_CHANGES_JOB, { companyId }, { companyId, maxAttempts: 10 }, now)
  return changes.length
}

/** External id → internal id of the company's rows of `table` among `externalIds`. */
function* idsByExternalIdOps(table: 'CatalogItem' | 'CatalogVariant' | 'CatalogCategory', companyId: number, externalIds: string[]): Ops<Map<string, string>> {
  const out = new Map<string, string>()
  for (const part of chunks(uniq(externalIds), 500)) {
    if (!part.length) continue
    const rows = yield* select(
      db().selectFrom(table).select(['id', 'externalId'])
        .where('companyId', '=', companyId).where('integrationKey', '=', DEFAULT_INTEGRATION).where('catalogName', '=', DEFAULT_CATALOG)
        .where('externalId', 'in', part),
    )
    for (const r of rows) out.set(String(r.externalId), String(r.id))
  }
  return out
}

/** Which of `ids` exist in `table` for the company. */
function* existingIdsOps(table: 'CatalogItem' | 'CatalogVariant' | 'CatalogCategory', companyId: number, ids: string[]): Ops<Set<string>> {
  const out = new Set<string>()
  for (const part of chunks(uniq(ids), 500)) {
    if (!part.length) continue
    let q = db().selectFrom(table).select('id').where('companyId', '=', companyId).where('id', 'in', part)
    if (table === 'CatalogItem') q = q.where(sql.ref('deleted'), '=', false)
    for (const r of yield* select(q)) out.add(String(r.id))
  }
  return out
}

function* linkOps(companyId: number, pairs: Array<{ itemId: string; categoryId: string }>): Ops<void> {
  const seen = new Set<string>()
  const rows = pairs.filter((p) => { const k = p.itemId + '|' + p.categoryId; if (seen.has(k)) return false; seen.add(k); return true })
  for (const part of chunks(rows, 500)) {
    if (!part.length) continue
    yield* exec(db().insertInto('CatalogItemCategory').values(part.map((p) => ({ companyId, ...p }))).onConflict((oc) => oc.columns(['itemId', 'categoryId']).doNothing()))
  }
}

function* touchItemsOps(companyId: number, ids: string[], now: Date): Ops<void> {
  for (const part of chunks(uniq(ids), 500)) if (part.length) yield* exec(db().updateTable('CatalogItem').set({ updatedAt: now }).where('companyId', '=', companyId).where('id', 'in', part))
}

// ---------------------------------------------------------------------------------------------
// Items

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
    if (!r.ok) { results[i] = r; continue }
    if (seen.has(r.value.externalId)) { results[i] = { ok: false, errors: [{ field: 'externalId', code: 'conflict', message: `A catalog item with external_id "${r.value.externalId}" appears more than once.` }] }; continue }
    seen.add(r.value.externalId)
    valid.push({ i, v: r.value })
  }
  const existing = yield* idsByExternalIdOps('CatalogItem', companyId, valid.map((x) => x.v.externalId))
  const cats = yield* existingIdsOps('CatalogCategory', companyId, valid.flatMap((x) => x.v.categoryIds ?? []))
  const rows: Record<string, unknown>[] = []
  const links: Array<{ itemId: string; categoryId: string }> = []
  for (const { i, v } of valid) {
    if (existing.has(v.externalId)) { results[i] = { ok: false, errors: [{ field: 'externalId', code: 'conflict', message: `A catalog item with external_id "${v.externalId}" already exists.` }] }; continue }
    const missing = (v.categoryIds ?? []).filter((c) => !cats.has(c))
    if (missing.length) { results[i] = { ok: false, errors: [{ field: 'categoryIds', code: 'not_found', message: `Catalog category not found: ${missing.join(', ')}.` }] }; continue }
    const id = ulid(now.getTime())
    rows.push({
      id, companyId, integrationKey: DEFAULT_INTEGRATION, catalogName: DEFAULT_CATALOG, externalId: v.externalId, title: v.title, description: v.description,
      price: v.price ?? null, url: v.url, imageFullUrl: v.imageFullUrl ?? null, imageThumbnailUrl: v.imageThumbnailUrl ?? null, imageUrls: json(v.imageUrls ?? []),
      published: v.published ?? true, customMetadata: json(v.customMetadata ?? {}), itemType: v.itemType ?? null, itemSubtypeId: v.itemSubtypeId ?? null,
      sourceId: v.sourceId ?? null, deleted: false, createdAt: now, updatedAt: now,
    })
    for (const c of uniq(v.categoryIds ?? [])) links.push({ itemId: id, categoryId: c })
    results[i] = { ok: true, id, created: true }
  }
  yield* insertGuardedOps('CatalogItem', rows, results, valid, 'catalog item')
  const inserted = new Set(results.filter((r) => r?.ok).map((r) => (r as { id: string }).id))
  yield* linkOps(companyId, links.filter((l) => inserted.has(l.itemId)))
  return results
}

/**
 * Multi-row INSERT … ON CONFLICT DO NOTHING RETURNING id: a row a concurrent writer inserted
 * first (PostgreSQL) turns into a 'conflict' for its entry instead of failing the batch.
 */
function* insertGuardedOps(
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
      yield* exec(db().insertInto(table).values(part as never))
      for (const r of part) got.add(String(r.id))
    } else {
      const ret = yield* select(
        db().insertInto(table).values(part as never)
          .onConflict((oc) => oc.columns(['companyId', 'integrationKey', 'catalogName', 'externalId']).doNothing())
          .returning('id'),
      )
      for (const r of ret) got.add(String(r.id))
    }
  }
  for (const { i, v } of valid) {
    const r = results[i]
    if (r?.ok && !got.has(r.id)) results[i] = { ok: false, errors: [{ field: 'externalId', code: 'conflict', message: `A ${noun} with external_id "${v.externalId}" already exists.` }] }
  }
}

/** Updates items by internal id (set-based); records price changes. Unknown ids → 'not_found'. */
export function* updateItemsOps(companyId: number, patches: Array<{ id: string; patch: unknown }>, now: Date): Ops<EntryResult[]> {
  const results: EntryResult[] = new Array(patches.length)
  const ids = uniq(patches.map((p) => p.id))
  const current = new Map<string, Record<string, unknown>>()
  for (const part of chunks(ids, 500)) {
    const rows = yield* select(db().selectFrom('CatalogItem').select(['id', 'price']).where('companyId', '=', companyId).where('deleted', '=', false).where('id', 'in', part))
    for (const r of rows) current.set(String(r.id), r)
  }
  const parsed: Array<{ i: number; id: string; v: z.infer<typeof itemPatchSchema> }> = []
  for (let i = 0; i < patches.length; i++) {
    const p = patches[i]!
    if (!current.has(p.id)) { results[i] = { ok: false, errors: [{ field: '', code: 'not_found', message: `Catalog item not found: ${p.id}.` }] }; continue }
    const r = validate(itemPatchSchema, p.patch)
    if (!r.ok) { results[i] = r; continue }
    parsed.push({ i, id: p.id, v: r.value })
  }
  const cats = yield* existingIdsOps('CatalogCategory', companyId, parsed.flatMap((x) => x.v.categoryIds ?? []))
  const changes: ChangeRow[] = []
  for (const { i, id, v } of parsed) {
    const missing = (v.categoryIds ?? []).filter((c) => !cats.has(c))
    if (missing.length) { results[i] = { ok: false, errors: [{ field: 'categoryIds', code: 'not_found', message: `Catalog category not found: ${missing.join(', ')}.` }] }; continue }
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
      changes.push({ companyId, itemId: id, variantId: null, kind: 'price', oldValue: old, newValue: v.price ?? null, at: now })
      cur.price = v.price
    }
    if (v.categoryIds !== undefined) {
      yield* exec(db().deleteFrom('CatalogItemCategory').where('companyId', '=', companyId).where('itemId', '=', id))
      yield* linkOps(companyId, uniq(v.categoryIds).map((c) => ({ itemId: id, categoryId: c })))
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
  const existing = yield* idsByExternalIdOps('CatalogItem', companyId, inputs.map((x) => (typeof x?.externalId === 'string' ? x.externalId : '')))
  const results: EntryResult[] = new Array(inputs.length)
  const toCreate: number[] = []
  const toUpdate: number[] = []
  const seen = new Map<string, number>()
  for (let i = 0; i < inputs.length; i++) {
    const ext = inputs[i]?.externalId
    if (typeof ext === 'string' && seen.has(ext)) { results[i] = { ok: false, errors: [{ field: 'externalId', code: 'conflict', message: `A catalog item with external_id "${ext}" appears more than once.` }] }; continue }
    if (typeof ext === 'string') seen.set(ext, i)
    if (typeof ext === 'string' && existing.has(ext)) toUpdate.push(i)
    else toCreate.push(i)
  }
  const created = yield* createItemsOps(companyId, toCreate.map((i) => inputs[i]), now)
  toCreate.forEach((i, k) => { results[i] = created[k]! })
  const updated = yield* updateItemsOps(companyId, toUpdate.map((i) => {
    return { id: existing.get(inputs[i]!.externalId)!, patch: omit(inputs[i]!, ['externalId']) }
  }), now)
  toUpdate.forEach((i, k) => { const r = updated[k]!; results[i] = r.ok ? { ...r, created: false } : r })
  return results
}

/** Deletes items with their variants and category links. Unknown ids → 'not_found'. */
export function* deleteItemsOps(companyId: number, ids: string[], now: Date): Ops<EntryResult[]> {
  void now
  const found = yield* existingIdsOps('CatalogItem', companyId, ids)
  const results: EntryResult[] = ids.map((id) => (found.has(id) ? { ok: true, id } : { ok: false, errors: [{ field: '', code: 'not_found', message: `Catalog item not found: ${id}.` }] }))
  for (const part of chunks([...found], 500)) {
    yield* exec(db().deleteFrom('CatalogVariant').where('companyId', '=', companyId).where('itemId', 'in', part))
    yield* exec(db().deleteFrom('CatalogItemCategory').where('companyId', '=', companyId).where('itemId', 'in', part))
    yield* exec(db().deleteFrom('CatalogItem').where('companyId', '=', companyId).where('id', 'in', part))
  }
  return results
}

// ---------------------------------------------------------------------------------------------
// Variants

/** Creates variants (set-based): the item must exist (itemId, or itemExternalId) in the company. */
export function* createVariantsOps(companyId: number, inputs: unknown[], now: Date): Ops<EntryResult[]> {
  const results: EntryResult[] = new Array(inputs.length)
  const valid: Array<{ i: number; v: z.infer<typeof variantInputSchema> }> = []
  const seen = new Set<string>()
  for (let i = 0; i < inputs.length; i++) {
    const r = validate(variantInputSchema, inputs[i])
    if (!r.ok) { results[i] = r; continue }
    if (seen.has(r.value.externalId)) { results[i] = { ok: false, errors: [{ field: 'externalId', code: 'conflict', message: `A catalog variant with external_id "${r.value.externalId}" appears more than once.` }] }; continue }
    seen.add(r.value.externalId)
    valid.push({ i, v: r.value })
  }
  const existing = yield* idsByExternalIdOps('CatalogVariant', companyId, valid.map((x) => x.v.externalId))
  const itemIds = yield* existingIdsOps('CatalogItem', companyId, valid.flatMap((x) => (x.v.itemId ? [x.v.itemId] : [])))
  const itemsByExt = yield* idsByExternalIdOps('CatalogItem', companyId, valid.flatMap((x) => (!x.v.itemId && x.v.itemExternalId ? [x.v.itemExternalId] : [])))
  const rows: Record<string, unknown>[] = []
  for (const { i, v } of valid) {
    if (existing.has(v.externalId)) { results[i] = { ok: false, errors: [{ field: 'externalId', code: 'conflict', message: `A catalog variant with external_id "${v.externalId}" already exists.` }] }; continue }
    const itemId = v.itemId ? (itemIds.has(v.itemId) ? v.itemId : undefined) : itemsByExt.get(v.itemExternalId!)
    if (!itemId) { results[i] = { ok: false, errors: [{ field: 'itemId', code: 'not_found', message: `Catalog item not found: ${v.itemId ?? v.itemExternalId}.` }] }; continue }
    const id = ulid(now.getTime())
    rows.push({
      id, companyId, itemId, integrationKey: DEFAULT_INTEGRATION, catalogName: DEFAULT_CATALOG, externalId: v.externalId, title: v.title, description: v.description,
      sku: v.sku, price: v.price, url: v.url, imageFullUrl: v.imageFullUrl ?? null, imageThumbnailUrl: v.imageThumbnailUrl ?? null, imageUrls: json(v.imageUrls ?? []),
      inventoryQuantity: v.inventoryQuantity, inventoryPolicy: v.inventoryPolicy ?? 0, published: v.published ?? true, customMetadata: json(v.customMetadata ?? {}),
      createdAt: now, updatedAt: now,
    })
    results[i] = { ok: true, id, created: true }
  }
  yield* insertGuardedOps('CatalogVariant', rows, results, valid, 'catalog variant')
  return results
}

/** Updates variants by internal id (set-based); records price and inventory changes. */
export function* updateVariantsOps(companyId: number, patches: Array<{ id: string; patch: unknown }>, now: Date): Ops<EntryResult[]> {
  const results: EntryResult[] = new Array(patches.length)
  const current = new Map<string, { itemId: string; price: number; inventoryQuantity: number }>()
  for (const part of chunks(uniq(patches.map((p) => p.id)), 500)) {
    const rows = yield* select(db().selectFrom('CatalogVariant').select(['id', 'itemId', 'price', 'inventoryQuantity']).where('companyId', '=', companyId).where('id', 'in', part))
    for (const r of rows) current.set(String(r.id), { itemId: String(r.itemId), price: Number(r.price), inventoryQuantity: Number(r.inventoryQuantity) })
  }
  const changes: ChangeRow[] = []
  for (let i = 0; i < patches.length; i++) {
    const p = patches[i]!
    const cur = current.get(p.id)
    if (!cur) { results[i] = { ok: false, errors: [{ field: '', code: 'not_found', message: `Catalog variant not found: ${p.id}.` }] }; continue }
    const r = validate(variantPatchSchema, p.patch)
    if (!r.ok) { results[i] = r; continue }
    const v = r.value
    const set: Record<string, unknown> = { updatedAt: now }
    for (const k of ['title', 'description', 'sku', 'price', 'inventoryQuantity', 'inventoryPolicy', 'url', 'imageFullUrl', 'imageThumbnailUrl', 'published'] as const) if (v[k] !== undefined) set[k] = v[k]
    if (v.imageUrls !== undefined) set.imageUrls = json(v.imageUrls)
    if (v.customMetadata !== undefined) set.customMetadata = json(v.customMetadata)
    yield* exec(db().updateTable('CatalogVariant').set(set).where('companyId', '=', companyId).where('id', '=', p.id))
    if (v.price !== undefined && v.price !== cur.price) {
      changes.push({ companyId, itemId: cur.itemId, variantId: p.id, kind: 'price', oldValue: cur.price, newValue: v.price, at: now })
      cur.price = v.price
    }
    if (v.inventoryQuantity !== undefined && v.inventoryQuantity !== cur.inventoryQuantity) {
      changes.push({ companyId, itemId: cur.itemId, variantId: p.id, kind: 'inventory', oldValue: cur.inventoryQuantity, newValue: v.inventoryQuantity, at: now })
      cur.inventoryQuantity = v.inventoryQuantity
    }
    results[i] = { ok: true, id: p.id }
  }
  yield* writeChangesOps(companyId, changes, now)
  return results
}

/** Creates or updates variants by external id (feed syncs); changes recorded on updates. */
export function* upsertVariantsOps(companyId: number, inputs: VariantInput[], now: Date): Ops<EntryResult[]> {
  const existing = yield* idsByExternalIdOps('CatalogVariant', companyId, inputs.map((x) => (typeof x?.externalId === 'string' ? x.externalId : '')))
  const results: EntryResult[] = new Array(inputs.length)
  const toCreate: number[] = []
  const toUpdate: number[] = []
  const seen = new Set<string>()
  for (let i = 0; i < inputs.length; i++) {
    const ext = inputs[i]?.externalId
    if (typeof ext === 'string' && seen.has(ext)) { results[i] = { ok: false, errors: [{ field: 'externalId', code: 'conflict', message: `A catalog variant with external_id "${ext}" appears more than once.` }] }; continue }
    if (typeof ext === 'string') seen.add(ext)
    if (typeof ext === 'string' && existing.has(ext)) toUpdate.push(i)
    else toCreate.push(i)
  }
  const created = yield* createVariantsOps(companyId, toCreate.map((i) => inputs[i]), now)
  toCreate.forEach((i, k) => { results[i] = created[k]! })
  const updated = yield* updateVariantsOps(companyId, toUpdate.map((i) => {
    return { id: existing.get(inputs[i]!.externalId)!, patch: omit(inputs[i]!, ['externalId', 'itemId', 'itemExternalId']) }
  }), now)
  toUpdate.forEach((i, k) => { const r = updated[k]!; results[i] = r.ok ? { ...r, created: false } : r })
  return results
}

export function* deleteVariantsOps(companyId: number, ids: string[], now: Date): Ops<EntryResult[]> {
  void now
  const found = yield* existingIdsOps('CatalogVariant', companyId, ids)
  for (const part of chunks([...found], 500)) yield* exec(db().deleteFrom('CatalogVariant').where('companyId', '=', companyId).where('id', 'in', part))
  return ids.map((id) => (found.has(id) ? { ok: true, id } : { ok: false, errors: [{ field: '', code: 'not_found', message: `Catalog variant not found: ${id}.` }] }))
}

// ---------------------------------------------------------------------------------------------
// Categories and links

export function* createCategoriesOps(companyId: number, inputs: unknown[], now: Date): Ops<EntryResult[]> {
  const results: EntryResult[] = new Array(inputs.length)
  const valid: Array<{ i: number; v: z.infer<typeof categoryInputSchema> }> = []
  const seen = new Set<string>()
  for (let i = 0; i < inputs.length; i++) {
    const r = validate(categoryInputSchema, inputs[i])
    if (!r.ok) { results[i] = r; continue }
    if (seen.has(r.value.externalId)) { results[i] = { ok: false, errors: [{ field: 'externalId', code: 'conflict', message: `A catalog category with external_id "${r.value.externalId}" appears more than once.` }] }; continue }
    seen.add(r.value.externalId)
    valid.push({ i, v: r.value })
  }
  const existing = yield* idsByExternalIdOps('CatalogCategory', companyId, valid.map((x) => x.v.externalId))
  const items = yield* existingIdsOps('CatalogItem', companyId, valid.flatMap((x) => x.v.itemIds ?? []))
  const rows: Record<string, unknown>[] = []
  const links: Array<{ itemId: string; categoryId: string }> = []
  for (const { i, v } of valid) {
    if (existing.has(v.externalId)) { results[i] = { ok: false, errors: [{ field: 'externalId', code: 'conflict', message: `A catalog category with external_id "${v.externalId}" already exists.` }] }; continue }
    const missing = (v.itemIds ?? []).filter((x) => !items.has(x))
    if (missing.length) { results[i] = { ok: false, errors: [{ field: 'itemIds', code: 'not_found', message: `Catalog item not found: ${missing.join(', ')}.` }] }; continue }
    const id = ulid(now.getTime())
    rows.push({ id, companyId, integrationKey: DEFAULT_INTEGRATION, catalogName: DEFAULT_CATALOG, externalId: v.externalId, name: v.name, createdAt: now, updatedAt: now })
    for (const it of uniq(v.itemIds ?? [])) links.push({ itemId: it, categoryId: id })
    results[i] = { ok: true, id, created: true }
  }
  yield* insertGuardedOps('CatalogCategory', rows, results, valid, 'catalog category')
  const inserted = new Set(results.filter((r) => r?.ok).map((r) => (r as { id: string }).id))
  yield* linkOps(companyId, links.filter((l) => inserted.has(l.categoryId)))
  return results
}

export function* updateCategoriesOps(companyId: number, patches: Array<{ id: string; patch: unknown }>, now: Date): Ops<EntryResult[]> {
  const results: EntryResult[] = new Array(patches.length)
  const found = yield* existingIdsOps('CatalogCategory', companyId, patches.map((p) => p.id))
  const parsed: Array<{ i: number; id: string; v: z.infer<typeof categoryPatchSchema> }> = []
  for (let i = 0; i < patches.length; i++) {
    const p = patches[i]!
    if (!found.has(p.id)) { results[i] = { ok: false, errors: [{ field: '', code: 'not_found', message: `Catalog category not found: ${p.id}.` }] }; continue }
    const r = validate(categoryPatchSchema, p.patch)
    if (!r.ok) { results[i] = r; continue }
    parsed.push({ i, id: p.id, v: r.value })
  }
  const items = yield* existingIdsOps('CatalogItem', companyId, parsed.flatMap((x) => x.v.itemIds ?? []))
  for (const { i, id, v } of parsed) {
    const missing = (v.itemIds ?? []).filter((x) => !items.has(x))
    if (missing.length) { results[i] = { ok: false, errors: [{ field: 'itemIds', code: 'not_found', message: `Catalog item not found: ${missing.join(', ')}.` }] }; continue }
    const set: Record<string, unknown> = { updatedAt: now }
    if (v.name !== undefined) set.name = v.name
    yield* exec(db().updateTable('CatalogCategory').set(set).where('companyId', '=', companyId).where('id', '=', id))
    if (v.itemIds !== undefined) {
      yield* exec(db().deleteFrom('CatalogItemCategory').where('companyId', '=', companyId).where('categoryId', '=', id))
      yield* linkOps(companyId, uniq(v.itemIds).map((it) => ({ itemId: it, categoryId: id })))
    }
    results[i] = { ok: true, id }
  }
  return results
}

export function* deleteCategoriesOps(companyId: number, ids: string[], now: Date): Ops<EntryResult[]> {
  void now
  const found = yield* existingIdsOps('CatalogCategory', companyId, ids)
  for (const part of chunks([...found], 500)) {
    yield* exec(db().deleteFrom('CatalogItemCategory').where('companyId', '=', companyId).where('categoryId', 'in', part))
    yield* exec(db().deleteFrom('CatalogCategory').where('companyId', '=', companyId).where('id', 'in', part))
  }
  return ids.map((id) => (found.has(id) ? { ok: true, id } : { ok: false, errors: [{ field: '', code: 'not_found', message: `Catalog category not found: ${id}.` }] }))
}

/**
 * Item↔category links from either side. add: link the pairs; remove: unlink them; replace:
 * the `ownerId`'s links become exactly `otherIds`. Throws CatalogError 404 when the owner or
 * any of the others is not the company's.
 */
export function* setItemCategoryLinksOps(
  companyId: number,
  side: 'item' | 'category',
  ownerId: string,
  otherIds: string[],
  mode: 'add' | 'remove' | 'replace',
  now: Date,
): Ops<void> {
  const ownerTable = side === 'item' ? 'CatalogItem' : 'CatalogCategory'
  const otherTable = side === 'item' ? 'CatalogCategory' : 'CatalogItem'
  if (!(yield* existingIdsOps(ownerTable, companyId, [ownerId])).has(ownerId)) throw CatalogError.from([{ field: '', code: 'not_found', message: `Catalog ${side} not found: ${ownerId}.` }])
  const others = yield* existingIdsOps(otherTable, companyId, otherIds)
  const missing = otherIds.filter((x) => !others.has(x))
  if (missing.length) throw CatalogError.from([{ field: side === 'item' ? 'categoryIds' : 'itemIds', code: 'not_found', message: `Catalog ${side === 'item' ? 'category' : 'item'} not found: ${missing.join(', ')}.` }])
  const pair = (o: string) => (side === 'item' ? { itemId: ownerId, categoryId: o } : { itemId: o, categoryId: ownerId })
  const ownerCol = side === 'item' ? 'itemId' : 'categoryId'
  const otherCol = side === 'item' ? 'categoryId' : 'itemId'
  if (mode === 'replace') yield* exec(db().deleteFrom('CatalogItemCategory').where('companyId', '=', companyId).where(ownerCol, '=', ownerId))
  if (mode === 'remove') {
    for (const part of chunks(uniq(otherIds), 500)) if (part.length) yield* exec(db().deleteFrom('CatalogItemCategory').where('companyId', '=', companyId).where(ownerCol, '=', ownerId).where(otherCol, 'in', part))
  } else yield* linkOps(companyId, uniq(otherIds).map(pair))
  if (side === 'item') yield* touchItemsOps(companyId, [ownerId], now)
  else yield* exec(db().updateTable('CatalogCategory').set({ updatedAt: now }).where('companyId', '=', companyId).where('id', '=', ownerId))
}

// ---------------------------------------------------------------------------------------------
// Single-entry helpers (throw CatalogError) and running a write

const one = (r: EntryResult[]): string => { const x = r[0]!; if (!x.ok) throw CatalogError.from(x.errors); return x.id }
export function* createItemOps(companyId: number, input: unknown, now: Date): Ops<string> { return one(yield* createItemsOps(companyId, [input], now)) }
export function* updateItemOps(companyId: number, id: string, patch: unknown, now: Date): Ops<string> { return one(yield* updateItemsOps(companyId, [{ id, patch }], now)) }
export function* deleteItemOps(companyId: number, id: string, now: Date): Ops<string> { return one(yield* deleteItemsOps(companyId, [id], now)) }
export function* createVariantOps(companyId: number, input: unknown, now: Date): Ops<string> { return one(yield* createVariantsOps(companyId, [input], now)) }
export function* updateVariantOps(companyId: number, id: string, patch: unknown, now: Date): Ops<string> { return one(yield* updateVariantsOps(companyId, [{ id, patch }], now)) }
export function* deleteVariantOps(companyId: number, id: string, now: Date): Ops<string> { return one(yield* deleteVariantsOps(companyId, [id], now)) }
export function* createCategoryOps(companyId: number, input: unknown, now: Date): Ops<string> { return one(yield* createCategoriesOps(companyId, [input], now)) }
export function* updateCategoryOps(companyId: number, id: string, patch: unknown, now: Date): Ops<string> { return one(yield* updateCategoriesOps(companyId, [{ id, patch }], now)) }
export function* deleteCategoryOps(companyId: number, id: string, now: Date): Ops<string> { return one(yield* deleteCategoriesOps(companyId, [id], now)) }

let prepared: Promise<void> | null = null
/** Before a write transaction on PostgreSQL: the job queue's schema (enqueue inside the tx). */
export async function prepareCatalogWrite(): Promise<void> {
  if (dbEngine() !== 'postgresql') return
  prepared ??= jobQueue().prepare().catch((e) => { prepared = null; throw e })
  await prepared
}

/** prepare → one write transaction → wake the workers (a catalog.changes job may have been added). */
export async function runCatalogWrite<T>(makeOps: () => Ops<T>): Promise<T> {
  await prepareCatalogWrite()
  const out = await inWriteTx(makeOps)
  wakeWorkers(CATALOG_CHANGES_JOB)
  return out
}
