// Reads for the catalog /api: one row by /api id, and the filtered, cursor-paged lists
// (sorted on created, then id; page size 100/100).
import { sql } from 'kysely'
import { read, select, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { containsInsensitive, toDate } from '@/lib/db/dialect'
import { apiNotFound, invalidParam } from '@/lib/api/api-error'
import { decodeCursor, encodeCursor, nextLink } from '@/lib/api/cursor'
import { filterParam, listParam, pageSize, sortParam, sparseFields, stringValues } from '@/lib/api/query-params'
import type { FilterCondition } from '@/lib/api/filter-parser'
import { DEFAULT_CATALOG, DEFAULT_INTEGRATION, fromApiId, toApiId } from '@/lib/ids/catalog-api-id'
import { toCategoryRow, toItemRow, toVariantRow } from '@/lib/catalog/store/rows'
import type { CatalogCategoryRow, CatalogItemRow, CatalogVariantRow } from '@/lib/catalog/store/types'
import {
  CATEGORY_FIELDS,
  ITEM_FIELDS,
  VARIANT_FIELDS,
  serializeCategory,
  serializeItem,
  serializeVariant,
} from './serialize'

export type CatalogTable = 'CatalogItem' | 'CatalogVariant' | 'CatalogCategory'
const NOUN: Record<CatalogTable, string> = {
  CatalogItem: 'catalog item',
  CatalogVariant: 'catalog variant',
  CatalogCategory: 'catalog category',
}
const db = () => kysely()

/** Internal ids of /api ids (unknown or malformed ones are absent from the map). */
export function* internalIdsOps(table: CatalogTable, companyId: number, apiIds: string[]): Ops<Map<string, string>> {
  const byExt = new Map<string, string>()
  for (const a of apiIds) {
    const k = fromApiId(a)
    if (k) byExt.set(k.externalId, a)
  }
  const out = new Map<string, string>()
  const exts = [...byExt.keys()]
  for (let i = 0; i < exts.length; i += 500) {
    let q = db()
      .selectFrom(table)
      .select(['id', 'externalId'])
      .where('companyId', '=', companyId)
      .where('integrationKey', '=', DEFAULT_INTEGRATION)
      .where('catalogName', '=', DEFAULT_CATALOG)
      .where('externalId', 'in', exts.slice(i, i + 500))
    if (table === 'CatalogItem') q = q.where(sql.ref('deleted'), '=', false)
    for (const r of yield* select(q)) out.set(byExt.get(String(r.externalId))!, String(r.id))
  }
  return out
}

export function* rowByApiIdOps(
  table: CatalogTable,
  companyId: number,
  apiId: string,
): Ops<Record<string, unknown> | undefined> {
  const k = fromApiId(apiId)
  if (!k) return undefined
  let q = db()
    .selectFrom(table)
    .selectAll()
    .where('companyId', '=', companyId)
    .where('integrationKey', '=', k.integrationKey)
    .where('catalogName', '=', k.catalogName)
    .where('externalId', '=', k.externalId)
  if (table === 'CatalogItem') q = q.where(sql.ref('deleted'), '=', false)
  return (yield* select(q))[0] as Record<string, unknown> | undefined
}

/** The row, or a 404 naming the id. */
export async function requireRow(
  table: CatalogTable,
  companyId: number,
  apiId: string,
): Promise<Record<string, unknown>> {
  const row = await read(rowByApiIdOps(table, companyId, apiId))
  if (!row) throw apiNotFound(`A ${NOUN[table]} with id ${apiId} was not found.`)
  return row
}
export const requireItem = async (companyId: number, apiId: string) =>
  toItemRow(await requireRow('CatalogItem', companyId, apiId))
export const requireVariant = async (companyId: number, apiId: string) =>
  toVariantRow(await requireRow('CatalogVariant', companyId, apiId))
export const requireCategory = async (companyId: number, apiId: string) =>
  toCategoryRow(await requireRow('CatalogCategory', companyId, apiId))

function oneString(c: FilterCondition): string {
  const [v] = stringValues(c.value, c.field)
  return v!
}
function oneBool(c: FilterCondition): boolean {
  if (typeof c.value !== 'boolean') throw invalidParam('filter', `The value for "${c.field}" must be true or false.`)
  return c.value
}
const externalIdsOf = (c: FilterCondition) =>
  stringValues(c.value, c.field).map((a) => fromApiId(a)?.externalId ?? '\u0000')

type Page<T> = { rows: T[]; next: string | null }

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function* pageOps(q: any, url: URL, size: number, desc: boolean): Ops<Page<Record<string, unknown>>> {
  const cursor = decodeCursor(url.searchParams.get('page[cursor]'))
  if (cursor) {
    const [at, id] = cursor
    const d = typeof at === 'string' ? new Date(at) : null
    if (!d || Number.isNaN(d.getTime()) || typeof id !== 'string')
      throw invalidParam('page[cursor]', 'The page cursor is not valid for this listing.')
    const op = desc ? '<' : '>'
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    q = q.where((eb: any) => eb.or([eb('t.createdAt', op, d), eb.and([eb('t.createdAt', '=', d), eb('t.id', op, id)])]))
  }
  const dir = desc ? 'desc' : 'asc'
  const rows = (yield* select(
    q
      .orderBy('t.createdAt', dir)
      .orderBy('t.id', dir)
      .limit(size + 1),
  )) as Record<string, unknown>[]
  const more = rows.length > size
  const page = more ? rows.slice(0, size) : rows
  const last = page[page.length - 1]
  return {
    rows: page,
    next: more && last ? encodeCursor([toDate(last.createdAt)!.toISOString(), String(last.id)]) : null,
  }
}

function links(url: URL, next: string | null) {
  return { self: url.toString(), next: next ? nextLink(url, next) : null, prev: null }
}

const ITEM_FILTERS = { ids: ['any'], 'category.id': ['equals'], title: ['contains'], published: ['equals'] } as const
const VARIANT_FILTERS = {
  ids: ['any'],
  'item.id': ['equals'],
  sku: ['equals'],
  title: ['contains'],
  published: ['equals'],
} as const
const CATEGORY_FILTERS = { ids: ['any'], 'item.id': ['equals'], name: ['contains'] } as const

function* variantsOfItemsOps(companyId: number, itemIds: string[]): Ops<CatalogVariantRow[]> {
  if (!itemIds.length) return []
  const rows = yield* select(
    db()
      .selectFrom('CatalogVariant')
      .selectAll()
      .where('companyId', '=', companyId)
      .where('itemId', 'in', itemIds)
      .orderBy('createdAt')
      .orderBy('id'),
  )
  return rows.map((r) => toVariantRow(r as Record<string, unknown>))
}

/** GET /api/catalog-items and GET /api/catalog-categories/{id}/items. */
export async function listItemsDocument(companyId: number, url: URL, scope: { categoryId?: string } = {}) {
  const size = pageSize(url, { def: 100, max: 100 })
  const sort = sortParam(url, ['created', '-created'] as const, 'created')
  const fields = sparseFields(url, 'catalog-item', ITEM_FIELDS)
  const variantFields = sparseFields(url, 'catalog-variant', VARIANT_FIELDS)
  const include = listParam(url, 'include') ?? []
  for (const i of include)
    if (i !== 'variants') throw invalidParam('include', `"${i}" is not a valid include. Allowed: variants.`)
  const conds = filterParam(url, ITEM_FILTERS)
  const result = await read(
    (function* () {
      let q = db()
        .selectFrom('CatalogItem as t')
        .selectAll('t')
        .where('t.companyId', '=', companyId)
        .where(sql.ref('t.deleted'), '=', false)
      if (scope.categoryId)
        q = q.where(
          't.id',
          'in',
          db()
            .selectFrom('CatalogItemCategory')
            .select('itemId')
            .where('companyId', '=', companyId)
            .where('categoryId', '=', scope.categoryId),
        )
      for (const c of conds) {
        if (c.field === 'ids')
          q = q
            .where('t.externalId', 'in', externalIdsOf(c))
            .where('t.integrationKey', '=', DEFAULT_INTEGRATION)
            .where('t.catalogName', '=', DEFAULT_CATALOG)
        else if (c.field === 'title') q = q.where(containsInsensitive(sql.ref('t.title'), oneString(c)))
        else if (c.field === 'published') q = q.where('t.published', '=', oneBool(c))
        else if (c.field === 'category.id') {
          const ext = fromApiId(oneString(c))?.externalId ?? '\u0000'
          q = q.where(
            't.id',
            'in',
            db()
              .selectFrom('CatalogItemCategory as l')
              .innerJoin('CatalogCategory as c', 'c.id', 'l.categoryId')
              .select('l.itemId')
              .where('l.companyId', '=', companyId)
              .where('c.companyId', '=', companyId)
              .where('c.externalId', '=', ext),
          )
        }
      }
      const page = yield* pageOps(q, url, size, sort.desc)
      const items = page.rows.map(toItemRow)
      const variants = include.includes('variants')
        ? yield* variantsOfItemsOps(
            companyId,
            items.map((i) => i.id),
          )
        : null
      return { items, variants, next: page.next }
    })(),
  )
  const byItem = new Map<string, CatalogVariantRow[]>()
  for (const v of result.variants ?? []) byItem.set(v.itemId, [...(byItem.get(v.itemId) ?? []), v])
  return {
    data: result.items.map((i) =>
      serializeItem(url, i, {
        fields,
        ...(result.variants ? { variantIds: (byItem.get(i.id) ?? []).map((v) => toApiId(v.externalId)) } : {}),
      }),
    ),
    links: links(url, result.next),
    ...(result.variants
      ? { included: result.variants.map((v) => serializeVariant(url, v, { fields: variantFields })) }
      : {}),
  }
}

/** GET /api/catalog-items/{id} (include=variants). */
export async function itemDocument(companyId: number, url: URL, apiId: string) {
  const item = await requireItem(companyId, apiId)
  const fields = sparseFields(url, 'catalog-item', ITEM_FIELDS)
  const include = listParam(url, 'include') ?? []
  for (const i of include)
    if (i !== 'variants') throw invalidParam('include', `"${i}" is not a valid include. Allowed: variants.`)
  if (!include.includes('variants'))
    return { data: serializeItem(url, item, { fields }), links: { self: url.toString() } }
  const variants = await read(variantsOfItemsOps(companyId, [item.id]))
  return {
    data: serializeItem(url, item, { fields, variantIds: variants.map((v) => toApiId(v.externalId)) }),
    included: variants.map((v) =>
      serializeVariant(url, v, { fields: sparseFields(url, 'catalog-variant', VARIANT_FIELDS) }),
    ),
    links: { self: url.toString() },
  }
}

/** GET /api/catalog-variants and GET /api/catalog-items/{id}/variants. */
export async function listVariantsDocument(companyId: number, url: URL, scope: { itemId?: string } = {}) {
  const size = pageSize(url, { def: 100, max: 100 })
  const sort = sortParam(url, ['created', '-created'] as const, 'created')
  const fields = sparseFields(url, 'catalog-variant', VARIANT_FIELDS)
  const conds = filterParam(url, VARIANT_FILTERS)
  const page = await read(
    (function* () {
      let q = db().selectFrom('CatalogVariant as t').selectAll('t').where('t.companyId', '=', companyId)
      if (scope.itemId) q = q.where('t.itemId', '=', scope.itemId)
      for (const c of conds) {
        if (c.field === 'ids')
          q = q
            .where('t.externalId', 'in', externalIdsOf(c))
            .where('t.integrationKey', '=', DEFAULT_INTEGRATION)
            .where('t.catalogName', '=', DEFAULT_CATALOG)
        else if (c.field === 'title') q = q.where(containsInsensitive(sql.ref('t.title'), oneString(c)))
        else if (c.field === 'sku') q = q.where('t.sku', '=', oneString(c))
        else if (c.field === 'published') q = q.where('t.published', '=', oneBool(c))
        else if (c.field === 'item.id') {
          const ext = fromApiId(oneString(c))?.externalId ?? '\u0000'
          q = q.where(
            't.itemId',
            'in',
            db()
              .selectFrom('CatalogItem')
              .select('id')
              .where('companyId', '=', companyId)
              .where('externalId', '=', ext),
          )
        }
      }
      return yield* pageOps(q, url, size, sort.desc)
    })(),
  )
  return {
    data: page.rows.map((r) => serializeVariant(url, toVariantRow(r), { fields })),
    links: links(url, page.next),
  }
}

/** GET /api/catalog-categories and GET /api/catalog-items/{id}/categories. */
export async function listCategoriesDocument(companyId: number, url: URL, scope: { itemId?: string } = {}) {
  const size = pageSize(url, { def: 100, max: 100 })
  const sort = sortParam(url, ['created', '-created'] as const, 'created')
  const fields = sparseFields(url, 'catalog-category', CATEGORY_FIELDS)
  const conds = filterParam(url, CATEGORY_FILTERS)
  const page = await read(
    (function* () {
      let q = db().selectFrom('CatalogCategory as t').selectAll('t').where('t.companyId', '=', companyId)
      if (scope.itemId)
        q = q.where(
          't.id',
          'in',
          db()
            .selectFrom('CatalogItemCategory')
            .select('categoryId')
            .where('companyId', '=', companyId)
            .where('itemId', '=', scope.itemId),
        )
      for (const c of conds) {
        if (c.field === 'ids')
          q = q
            .where('t.externalId', 'in', externalIdsOf(c))
            .where('t.integrationKey', '=', DEFAULT_INTEGRATION)
            .where('t.catalogName', '=', DEFAULT_CATALOG)
        else if (c.field === 'name') q = q.where(containsInsensitive(sql.ref('t.name'), oneString(c)))
        else if (c.field === 'item.id') {
          const ext = fromApiId(oneString(c))?.externalId ?? '\u0000'
          q = q.where(
            't.id',
            'in',
            db()
              .selectFrom('CatalogItemCategory as l')
              .innerJoin('CatalogItem as i', 'i.id', 'l.itemId')
              .select('l.categoryId')
              .where('l.companyId', '=', companyId)
              .where('i.companyId', '=', companyId)
              .where('i.externalId', '=', ext),
          )
        }
      }
      return yield* pageOps(q, url, size, sort.desc)
    })(),
  )
  return {
    data: page.rows.map((r) => serializeCategory(url, toCategoryRow(r), { fields })),
    links: links(url, page.next),
  }
}

/** Relationship linkage lists: {data:[{type,id}]} (no paging beyond 1000 here; cursor as lists). */
export async function linkageDocument(
  companyId: number,
  url: URL,
  kind: 'item-categories' | 'category-items' | 'item-variants',
  ownerId: string,
) {
  const size = pageSize(url, { def: 100, max: 100 })
  const rows = await read(
    (function* () {
      let q
      if (kind === 'item-variants')
        q = db()
          .selectFrom('CatalogVariant as t')
          .select(['t.id', 't.externalId', 't.createdAt'])
          .where('t.companyId', '=', companyId)
          .where('t.itemId', '=', ownerId)
      else if (kind === 'item-categories')
        q = db()
          .selectFrom('CatalogCategory as t')
          .select(['t.id', 't.externalId', 't.createdAt'])
          .where('t.companyId', '=', companyId)
          .where(
            't.id',
            'in',
            db()
              .selectFrom('CatalogItemCategory')
              .select('categoryId')
              .where('companyId', '=', companyId)
              .where('itemId', '=', ownerId),
          )
      else
        q = db()
          .selectFrom('CatalogItem as t')
          .select(['t.id', 't.externalId', 't.createdAt'])
          .where('t.companyId', '=', companyId)
          .where(sql.ref('t.deleted'), '=', false)
          .where(
            't.id',
            'in',
            db()
              .selectFrom('CatalogItemCategory')
              .select('itemId')
              .where('companyId', '=', companyId)
              .where('categoryId', '=', ownerId),
          )
      return yield* pageOps(q, url, size, false)
    })(),
  )
  const type =
    kind === 'item-variants' ? 'catalog-variant' : kind === 'item-categories' ? 'catalog-category' : 'catalog-item'
  return { data: rows.rows.map((r) => ({ type, id: toApiId(String(r.externalId)) })), links: links(url, rows.next) }
}

export type { CatalogItemRow, CatalogCategoryRow }
