// The catalog /ajax calls of seed 002 §7.10 (screens: /catalog/items, /catalog/item/{id},
// /catalog/variant/{id}, /catalog/categories) and the write calls those screens need. Items and
// variants go out snake_case (seed 002 §3.7: snake_case on the wire, camelCase in the client);
// the list envelope is {nextCursor, prevCursor, reloadPage, items}. Every answer carries
// success: true; a failure answers success: false with fieldErrors (lib/catalog/ajax-result.ts).
import { sql } from 'kysely'
import { read, select, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { containsInsensitive, toDate } from '@/lib/db/dialect'
import { AppError } from '@/lib/errors/app-error'
import { CatalogError } from '@/lib/catalog/store/catalog-error'
import { createCategoryOps, deleteCategoryOps, updateCategoryOps } from '@/lib/catalog/store/categories'
import { createItemOps, deleteItemOps, updateItemOps } from '@/lib/catalog/store/items'
import { toCategoryRow, toItemRow, toVariantRow } from '@/lib/catalog/store/rows'
import { runCatalogWrite } from '@/lib/catalog/store/run-write'
import type { CatalogCategoryRow, CatalogItemRow, CatalogVariantRow } from '@/lib/catalog/store/types'
import { createVariantOps, deleteVariantOps, updateVariantOps } from '@/lib/catalog/store/variants'

export const CATALOG_PAGE_SIZE = 25

/** Item subtypes offered by the item form (GET /ajax/catalog/item-subtypes); itemSubtypeId is one of these ids. */
export const ITEM_SUBTYPES = [
  { id: 1, name: 'Physical product' },
  { id: 2, name: 'Digital product' },
  { id: 3, name: 'Subscription' },
  { id: 4, name: 'Gift card' },
  { id: 5, name: 'Service' },
] as const

const iso = (d: Date | null) => (d ? d.toISOString() : null)

export function itemJson(r: CatalogItemRow, categoryIds?: string[]) {
  return {
    id: r.id,
    item_id: r.id,
    company_id: r.companyId,
    integration_key: r.integrationKey,
    catalog_name: r.catalogName,
    external_id: r.externalId,
    title: r.title,
    description: r.description,
    html: '',
    price: r.price,
    url: r.url,
    info_url: r.url,
    image_full_url: r.imageFullUrl,
    image_thumbnail_url: r.imageThumbnailUrl,
    image_url: r.imageThumbnailUrl ?? r.imageFullUrl ?? r.imageUrls[0] ?? null,
    image_urls: r.imageUrls,
    published: r.published,
    status: r.published ? 'published' : 'unpublished',
    deleted: false,
    item_type: r.itemType,
    item_subtype_id: r.itemSubtypeId,
    custom_metadata: r.customMetadata,
    latest_metadata: r.customMetadata,
    metadata: {},
    tags: [],
    source_id: r.sourceId,
    created: iso(r.createdAt),
    updated: iso(r.updatedAt),
    ...(categoryIds ? { category_ids: categoryIds } : {}),
  }
}

export function variantJson(r: CatalogVariantRow) {
  return {
    id: r.id,
    company_id: r.companyId,
    catalog_item_id: r.itemId,
    catalog_name: r.catalogName,
    integration_key: r.integrationKey,
    external_id: r.externalId,
    title: r.title,
    sku: r.sku,
    price: r.price,
    description: r.description,
    url: r.url,
    inventory_quantity: r.inventoryQuantity,
    inventory_policy: r.inventoryPolicy,
    published: r.published,
    image_full_url: r.imageFullUrl,
    image_thumbnail_url: r.imageThumbnailUrl,
    image_urls: r.imageUrls,
    custom_metadata: r.customMetadata,
    latest_metadata: r.customMetadata,
    created: iso(r.createdAt),
    updated: iso(r.updatedAt),
  }
}

export function categoryJson(r: CatalogCategoryRow, itemCount?: number) {
  return {
    id: r.id,
    company_id: r.companyId,
    integration_key: r.integrationKey,
    catalog_name: r.catalogName,
    external_id: r.externalId,
    name: r.name,
    created: iso(r.createdAt),
    updated: iso(r.updatedAt),
    ...(itemCount !== undefined ? { item_count: itemCount } : {}),
  }
}

// ---- items list (cursor paging both ways)

const ORDERS = {
  title: 'title',
  created: 'createdAt',
  updated: 'updatedAt',
  price: 'price',
  external_id: 'externalId',
  externalId: 'externalId',
} as const
type OrderKey = keyof typeof ORDERS

export type ItemsQuery = {
  q?: string
  itemSubtypeId?: string
  orderBy?: string
  numPerPage?: string
  feed?: string
  category?: string
  published?: string
  catalogItemId?: string
  cursor?: string
  companyId?: string
}

type Cursor = { v: string | number | null; id: string; dir: 'next' | 'prev' }
const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url')
function decodeCursor(raw: string): Cursor | null {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor
    if (typeof c?.id === 'string' && (c.dir === 'next' || c.dir === 'prev')) return c
  } catch {
    /* invalid */
  }
  return null
}

function bad(field: string, message: string): never {
  throw new AppError('invalid', 400, message, { [field]: [message] })
}

/** GET /ajax/catalog-new/items → {nextCursor, prevCursor, reloadPage, items}. */
export async function listItemsAjax(companyId: number, query: ItemsQuery) {
  const size = query.numPerPage === undefined || query.numPerPage === '' ? CATALOG_PAGE_SIZE : Number(query.numPerPage)
  if (!Number.isInteger(size) || size < 1 || size > 100)
    bad('numPerPage', 'numPerPage must be a whole number from 1 to 100.')
  const rawOrder = query.orderBy || '-created'
  const desc = rawOrder.startsWith('-')
  const orderKey = rawOrder.replace(/^-/, '') as OrderKey
  if (!(orderKey in ORDERS))
    bad(
      'orderBy',
      `orderBy must be one of ${Object.keys(ORDERS)
        .filter((k) => k !== 'externalId')
        .map((k) => `${k}, -${k}`)
        .join(', ')}.`,
    )
  const column = ORDERS[orderKey]
  const subtype = query.itemSubtypeId ? Number(query.itemSubtypeId) : null
  if (query.itemSubtypeId && !Number.isInteger(subtype)) bad('itemSubtypeId', 'itemSubtypeId must be a number.')
  if (query.published && !['true', 'false', '1', '0'].includes(query.published))
    bad('published', 'published must be true or false.')
  let cursor: Cursor | null = null
  let reloadPage = false
  if (query.cursor) {
    cursor = decodeCursor(query.cursor)
    if (!cursor) reloadPage = true // a stale or foreign cursor: the client starts again from the first page
  }
  const rows = await read(
    (function* (): Ops<Record<string, unknown>[]> {
      let q = kysely()
        .selectFrom('CatalogItem as t')
        .selectAll('t')
        .where('t.companyId', '=', companyId)
        .where(sql.ref('t.deleted'), '=', false)
      if (query.q)
        q = q.where((eb) =>
          eb.or([
            containsInsensitive(sql.ref('t.title'), query.q!),
            containsInsensitive(sql.ref('t.externalId'), query.q!),
          ]),
        )
      if (subtype !== null) q = q.where('t.itemSubtypeId', '=', subtype)
      if (query.feed) q = q.where('t.sourceId', '=', query.feed)
      if (query.published) q = q.where('t.published', '=', query.published === 'true' || query.published === '1')
      if (query.catalogItemId) q = q.where('t.id', '=', query.catalogItemId)
      if (query.category)
        q = q.where(
          't.id',
          'in',
          kysely()
            .selectFrom('CatalogItemCategory')
            .select('itemId')
            .where('companyId', '=', companyId)
            .where('categoryId', '=', query.category),
        )
      // Walking backwards (prev) reads the reverse order and flips the page afterwards.
      const backwards = cursor?.dir === 'prev'
      const asc = backwards ? desc : !desc
      if (cursor) {
        const op = asc ? '>' : '<'
        const v =
          column === 'createdAt' || column === 'updatedAt'
            ? cursor.v === null
              ? null
              : new Date(String(cursor.v))
            : cursor.v
        const col = `t.${column}` as 't.title'
        q =
          v === null
            ? q.where((eb) =>
                eb.or([eb(col, 'is not', null), eb.and([eb(col, 'is', null), eb('t.id', op, cursor!.id)])]),
              )
            : q.where((eb) =>
                eb.or([eb(col, op, v as string), eb.and([eb(col, '=', v as string), eb('t.id', op, cursor!.id)])]),
              )
      }
      const dir = asc ? 'asc' : 'desc'
      const out = (yield* select(
        q
          .orderBy(`t.${column}` as 't.title', dir)
          .orderBy('t.id', dir)
          .limit(size + 1),
      )) as Record<string, unknown>[]
      return out
    })(),
  )
  const backwards = cursor?.dir === 'prev'
  const more = rows.length > size
  let page = (more ? rows.slice(0, size) : rows).map(toItemRow)
  if (backwards) page = page.reverse()
  const keyOf = (r: CatalogItemRow) => {
    const v = (r as unknown as Record<string, unknown>)[column]
    return v instanceof Date ? v.toISOString() : (v as string | number | null)
  }
  const first = page[0]
  const last = page[page.length - 1]
  const hasNext = backwards ? Boolean(cursor) : more
  const hasPrev = backwards ? more : Boolean(cursor) && !reloadPage
  const cats = await categoryIdsOf(
    companyId,
    page.map((p) => p.id),
  )
  return {
    nextCursor: hasNext && last ? encodeCursor({ v: keyOf(last), id: last.id, dir: 'next' }) : null,
    prevCursor: hasPrev && first ? encodeCursor({ v: keyOf(first), id: first.id, dir: 'prev' }) : null,
    reloadPage,
    items: page.map((r) => itemJson(r, cats.get(r.id) ?? [])),
  }
}

async function categoryIdsOf(companyId: number, itemIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>()
  if (!itemIds.length) return out
  const rows = await read(
    select(
      kysely()
        .selectFrom('CatalogItemCategory')
        .select(['itemId', 'categoryId'])
        .where('companyId', '=', companyId)
        .where('itemId', 'in', itemIds),
    ),
  )
  for (const r of rows) out.set(String(r.itemId), [...(out.get(String(r.itemId)) ?? []), String(r.categoryId)])
  return out
}

// ---- categories list (page numbers)

export type CategoriesQuery = {
  q?: string
  integrationId?: string
  orderBy?: string
  page?: string
  num_per_page?: string
  catalogItemId?: string
  ids?: string[]
}

/** GET /ajax/catalog-new/categories → {categories, page, numPerPage, total}. */
export async function listCategoriesAjax(companyId: number, query: CategoriesQuery) {
  const size = query.num_per_page ? Number(query.num_per_page) : CATALOG_PAGE_SIZE
  if (!Number.isInteger(size) || size < 1 || size > 100)
    bad('num_per_page', 'num_per_page must be a whole number from 1 to 100.')
  const page = query.page ? Number(query.page) : 1
  if (!Number.isInteger(page) || page < 1) bad('page', 'page must be a whole number from 1.')
  const orders = { name: 'name', created: 'createdAt', updated: 'updatedAt' } as const
  const rawOrder = query.orderBy || 'name'
  const key = rawOrder.replace(/^-/, '') as keyof typeof orders
  if (!(key in orders)) bad('orderBy', 'orderBy must be one of name, -name, created, -created, updated, -updated.')
  const dir = rawOrder.startsWith('-') ? 'desc' : 'asc'
  const ids = query.ids ?? []
  const result = await read(
    (function* () {
      let q = kysely().selectFrom('CatalogCategory as t').where('t.companyId', '=', companyId)
      if (query.integrationId) q = q.where('t.integrationKey', '=', query.integrationId)
      if (query.q) q = q.where(containsInsensitive(sql.ref('t.name'), query.q))
      if (ids.length) q = q.where('t.id', 'in', ids)
      if (query.catalogItemId)
        q = q.where(
          't.id',
          'in',
          kysely()
            .selectFrom('CatalogItemCategory')
            .select('categoryId')
            .where('companyId', '=', companyId)
            .where('itemId', '=', query.catalogItemId),
        )
      const total = (yield* select(q.select((eb) => eb.fn.countAll().as('n'))))[0]
      const rows = yield* select(
        q
          .selectAll('t')
          .orderBy(`t.${orders[key]}` as 't.name', dir)
          .orderBy('t.id', dir)
          .limit(size)
          .offset((page - 1) * size),
      )
      const catIds = rows.map((r) => String(r.id))
      const counts = catIds.length
        ? yield* select(
            kysely()
              .selectFrom('CatalogItemCategory')
              .select(['categoryId', (eb) => eb.fn.countAll().as('n')])
              .where('companyId', '=', companyId)
              .where('categoryId', 'in', catIds)
              .groupBy('categoryId'),
          )
        : []
      return { total: Number(total?.n ?? 0), rows, counts }
    })(),
  )
  const count = new Map(result.counts.map((c) => [String(c.categoryId), Number(c.n)]))
  return {
    categories: result.rows.map((r) =>
      categoryJson(toCategoryRow(r as Record<string, unknown>), count.get(String(r.id)) ?? 0),
    ),
    page,
    numPerPage: size,
    total: result.total,
  }
}

// ---- variants (/ux-api/catalog-variants-v1)

export async function variantsOfItemAjax(companyId: number, itemId: string) {
  if (!itemId) bad('itemId', 'itemId is required.')
  const rows = await read(
    select(
      kysely()
        .selectFrom('CatalogVariant')
        .selectAll()
        .where('companyId', '=', companyId)
        .where('itemId', '=', itemId)
        .orderBy('createdAt')
        .orderBy('id'),
    ),
  )
  return { variants: rows.map((r) => variantJson(toVariantRow(r as Record<string, unknown>))) }
}

export async function variantAjax(companyId: number, id: string) {
  const row = (
    await read(
      select(kysely().selectFrom('CatalogVariant').selectAll().where('companyId', '=', companyId).where('id', '=', id)),
    )
  )[0]
  if (!row) throw new AppError('not_found', 404, 'This variant was not found.', { id: ['This variant was not found.'] })
  return { variant: variantJson(toVariantRow(row as Record<string, unknown>)) }
}

export async function itemAjax(companyId: number, id: string) {
  const row = (
    await read(
      select(
        kysely()
          .selectFrom('CatalogItem')
          .selectAll()
          .where('companyId', '=', companyId)
          .where('id', '=', id)
          .where(sql.ref('deleted'), '=', false),
      ),
    )
  )[0]
  if (!row) throw new AppError('not_found', 404, 'This item was not found.', { id: ['This item was not found.'] })
  const item = toItemRow(row as Record<string, unknown>)
  return { item: itemJson(item, (await categoryIdsOf(companyId, [id])).get(id) ?? []) }
}

export async function hasEcommerceIntegration(companyId: number): Promise<boolean> {
  const row = (
    await read(
      select(
        kysely()
          .selectFrom('CatalogSource')
          .select('id')
          .where('companyId', '=', companyId)
          .where('kind', '=', 'feed')
          .limit(1),
      ),
    )
  )[0]
  if (row) return true
  const other = (
    await read(
      select(
        kysely()
          .selectFrom('CatalogItem')
          .select('id')
          .where('companyId', '=', companyId)
          .where('integrationKey', '!=', '$custom')
          .limit(1),
      ),
    )
  )[0]
  return Boolean(other)
}

// ---- writes (JSON bodies, camelCase after the /ajax wrapper's key transform)

/** A store failure as the /ajax failure shape (fieldErrors keyed by the camelCase field). */
export function ajaxCatalogError(e: unknown): unknown {
  if (!(e instanceof CatalogError)) return e
  const fieldErrors: Record<string, string[]> = {}
  for (const f of e.errors) (fieldErrors[f.field || '_'] ??= []).push(f.message)
  return new AppError(
    e.status === 404 ? 'not_found' : e.status === 409 ? 'conflict' : 'invalid',
    e.status,
    e.message,
    fieldErrors,
  )
}

async function write<T>(fn: () => Ops<T>): Promise<T> {
  try {
    return await runCatalogWrite(fn)
  } catch (e) {
    throw ajaxCatalogError(e)
  }
}

const ITEM_KEYS = [
  'externalId',
  'title',
  'description',
  'url',
  'price',
  'imageFullUrl',
  'imageThumbnailUrl',
  'imageUrls',
  'customMetadata',
  'published',
  'itemType',
  'itemSubtypeId',
  'categoryIds',
] as const
const VARIANT_KEYS = [
  'externalId',
  'itemId',
  'title',
  'description',
  'sku',
  'price',
  'inventoryQuantity',
  'inventoryPolicy',
  'url',
  'imageFullUrl',
  'imageThumbnailUrl',
  'imageUrls',
  'customMetadata',
  'published',
] as const
const CATEGORY_KEYS = ['externalId', 'name', 'itemIds'] as const
function pick(body: unknown, keys: readonly string[], drop: string[] = []): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    bad('_', 'The request body must be a JSON object.')
  const out: Record<string, unknown> = {}
  for (const k of keys)
    if (!drop.includes(k) && (body as Record<string, unknown>)[k] !== undefined)
      out[k] = (body as Record<string, unknown>)[k]
  return out
}
function checkSubtype(input: Record<string, unknown>) {
  if (
    input.itemSubtypeId !== undefined &&
    input.itemSubtypeId !== null &&
    !ITEM_SUBTYPES.some((s) => s.id === input.itemSubtypeId)
  )
    bad('itemSubtypeId', 'Choose one of the item subtypes.')
}

export async function createItemAjax(companyId: number, body: unknown, now = new Date()) {
  const input = { ...pick(body, ITEM_KEYS), sourceId: 'ajax' }
  checkSubtype(input)
  const id = await write(() => createItemOps(companyId, input, now))
  return itemAjax(companyId, id)
}
export async function updateItemAjax(companyId: number, id: string, body: unknown, now = new Date()) {
  const patch = pick(body, ITEM_KEYS, ['externalId'])
  checkSubtype(patch)
  await write(() => updateItemOps(companyId, id, patch, now))
  return itemAjax(companyId, id)
}
export async function deleteItemAjax(companyId: number, id: string, now = new Date()) {
  await write(() => deleteItemOps(companyId, id, now))
  return { id }
}
export async function createVariantAjax(companyId: number, body: unknown, now = new Date()) {
  const id = await write(() => createVariantOps(companyId, pick(body, VARIANT_KEYS), now))
  return variantAjax(companyId, id)
}
export async function updateVariantAjax(companyId: number, id: string, body: unknown, now = new Date()) {
  await write(() => updateVariantOps(companyId, id, pick(body, VARIANT_KEYS, ['externalId', 'itemId']), now))
  return variantAjax(companyId, id)
}
export async function deleteVariantAjax(companyId: number, id: string, now = new Date()) {
  await write(() => deleteVariantOps(companyId, id, now))
  return { id }
}
export async function createCategoryAjax(companyId: number, body: unknown, now = new Date()) {
  const id = await write(() => createCategoryOps(companyId, pick(body, CATEGORY_KEYS), now))
  return categoryAjaxById(companyId, id)
}
export async function updateCategoryAjax(companyId: number, id: string, body: unknown, now = new Date()) {
  await write(() => updateCategoryOps(companyId, id, pick(body, CATEGORY_KEYS, ['externalId']), now))
  return categoryAjaxById(companyId, id)
}
export async function deleteCategoryAjax(companyId: number, id: string, now = new Date()) {
  await write(() => deleteCategoryOps(companyId, id, now))
  return { id }
}
async function categoryAjaxById(companyId: number, id: string) {
  const row = (
    await read(
      select(
        kysely().selectFrom('CatalogCategory').selectAll().where('companyId', '=', companyId).where('id', '=', id),
      ),
    )
  )[0]
  if (!row)
    throw new AppError('not_found', 404, 'This category was not found.', { id: ['This category was not found.'] })
  return { category: categoryJson(toCategoryRow(row as Record<string, unknown>)) }
}

export { toDate }
