// The catalog /api route handlers (app/api/catalog-*/… re-export these): items, variants,
// categories, their relationships, and the nine bulk job families.
import { z } from 'zod'
import { apiRoute, ApiResult } from '@/lib/api/api-route'
import { ApiError, invalidPointer } from '@/lib/api/api-error'
import { inWriteTx, read } from '@/lib/db/ops'
import { wakeWorkers } from '@/lib/jobs/queue'
import { CatalogError } from '@/lib/catalog/store/catalog-error'
import { setItemCategoryLinksOps } from '@/lib/catalog/store/item-category-links'
import { toCategoryRow, toItemRow, toVariantRow } from '@/lib/catalog/store/rows'
import { prepareCatalogWrite } from '@/lib/catalog/store/run-write'
import { CATALOG_CHANGES_JOB } from '@/lib/catalog/store/types'
import { applyEntriesOps, entryApiError, TYPE_OF, type Action, type Resource } from './apply'
import {
  internalIdsOps,
  itemDocument,
  linkageDocument,
  listCategoriesDocument,
  listItemsDocument,
  listVariantsDocument,
  requireCategory,
  requireItem,
  requireRow,
  requireVariant,
} from './read'
import {
  serializeCategory,
  serializeItem,
  serializeVariant,
  VARIANT_FIELDS as VARIANT_FIELD_NAMES,
  CATEGORY_FIELDS as CATEGORY_FIELD_NAMES,
} from './serialize'
import {
  bulkBody,
  COLLECTION_KEY,
  createBulkJob,
  getBulkJob,
  listBulkJobsDocument,
  serializeBulkJob,
} from './bulk-jobs'
import { sparseFields } from '@/lib/api/query-params'

const READ = ['catalogs:read'] as const
const WRITE = ['catalogs:write'] as const

/** A path id: Next may hand it over still percent-encoded (the SDK encodes `$custom:::…`). */
export function pathId(raw: string | undefined): string {
  const v = raw ?? ''
  if (v.includes(':::') || !/%[0-9A-Fa-f]{2}/.test(v)) return v
  try {
    return decodeURIComponent(v)
  } catch {
    return v
  }
}

const resourceBody = (type: string) => z.object({ data: z.object({ type: z.literal(type) }).passthrough() })

/** One entry through the same path as the bulk jobs; throws the entry's errors as a JSON:API error. */
async function applyOne(companyId: number, resource: Resource, action: Action, entry: unknown) {
  await prepareCatalogWrite()
  const [r] = await inWriteTx(() => applyEntriesOps(companyId, resource, action, [entry], new Date()))
  wakeWorkers(CATALOG_CHANGES_JOB)
  if (!r!.ok) throw entryApiError(r!.errors)
  return r!
}

function checkPathMatchesBody(id: string, body: { data: Record<string, unknown> }) {
  if (body.data.id !== undefined && body.data.id !== id)
    throw invalidPointer('/data/id', `data.id "${String(body.data.id)}" does not match the id in the path.`)
}

// ---- items
export const itemsCollection = {
  GET: apiRoute({ scopes: READ, rate: 'L', handler: ({ ctx }) => listItemsDocument(ctx.companyId, ctx.url) }),
  POST: apiRoute({
    scopes: WRITE,
    rate: 'M',
    status: 201,
    body: resourceBody('catalog-item'),
    handler: async ({ ctx, body }) => {
      const r = await applyOne(ctx.companyId, 'item', 'create', body.data)
      const data = serializeItem(ctx.url, toItemRow(await requireRow('CatalogItem', ctx.companyId, r.id)))
      return { data, links: { self: data.links.self } }
    },
  }),
}
export const itemResource = {
  GET: apiRoute({
    scopes: READ,
    rate: 'L',
    handler: ({ ctx, params }) => itemDocument(ctx.companyId, ctx.url, pathId(params.id)),
  }),
  PATCH: apiRoute({
    scopes: WRITE,
    rate: 'M',
    body: resourceBody('catalog-item'),
    handler: async ({ ctx, body, params }) => {
      const id = pathId(params.id)
      checkPathMatchesBody(id, body)
      await requireItem(ctx.companyId, id)
      await applyOne(ctx.companyId, 'item', 'update', { ...body.data, id })
      const data = serializeItem(ctx.url, await requireItem(ctx.companyId, id))
      return { data, links: { self: data.links.self } }
    },
  }),
  DELETE: apiRoute({
    scopes: WRITE,
    rate: 'M',
    status: 204,
    handler: async ({ ctx, params }) => {
      const id = pathId(params.id)
      await requireItem(ctx.companyId, id)
      await applyOne(ctx.companyId, 'item', 'delete', { type: 'catalog-item', id })
      return null
    },
  }),
}
export const itemVariants = {
  GET: apiRoute({
    scopes: READ,
    rate: 'L',
    handler: async ({ ctx, params }) =>
      listVariantsDocument(ctx.companyId, ctx.url, {
        itemId: (await requireItem(ctx.companyId, pathId(params.id))).id,
      }),
  }),
}
export const itemVariantsRelationship = {
  GET: apiRoute({
    scopes: READ,
    rate: 'L',
    handler: async ({ ctx, params }) =>
      linkageDocument(
        ctx.companyId,
        ctx.url,
        'item-variants',
        (await requireItem(ctx.companyId, pathId(params.id))).id,
      ),
  }),
}
export const itemCategories = {
  GET: apiRoute({
    scopes: READ,
    rate: 'L',
    handler: async ({ ctx, params }) =>
      listCategoriesDocument(ctx.companyId, ctx.url, {
        itemId: (await requireItem(ctx.companyId, pathId(params.id))).id,
      }),
  }),
}

const linkageBody = (type: string) =>
  z.object({ data: z.array(z.object({ type: z.literal(type), id: z.string().min(1) })).max(1000) })

function linkRoutes(side: 'item' | 'category') {
  const otherType = side === 'item' ? 'catalog-category' : 'catalog-item'
  const write = (mode: 'add' | 'replace' | 'remove') =>
    apiRoute({
      scopes: WRITE,
      rate: 'M',
      status: 204,
      body: linkageBody(otherType),
      handler: async ({ ctx, body, params }) => {
        const owner =
          side === 'item'
            ? await requireItem(ctx.companyId, pathId(params.id))
            : await requireCategory(ctx.companyId, pathId(params.id))
        const apiIds = body.data.map((d) => d.id)
        const ids = await read(
          internalIdsOps(side === 'item' ? 'CatalogCategory' : 'CatalogItem', ctx.companyId, apiIds),
        )
        const missing = apiIds.filter((a) => !ids.has(a))
        if (missing.length)
          throw new ApiError(404, 'not_found', `Not found: ${missing.join(', ')}.`, { pointer: '/data' })
        try {
          await inWriteTx(() =>
            setItemCategoryLinksOps(
              ctx.companyId,
              side,
              owner.id,
              apiIds.map((a) => ids.get(a)!),
              mode,
              new Date(),
            ),
          )
        } catch (e) {
          if (e instanceof CatalogError)
            throw new ApiError(e.status, e.errors[0]?.code ?? 'invalid', e.message, { pointer: '/data' })
          throw e
        }
        return null
      },
    })
  return {
    GET: apiRoute({
      scopes: READ,
      rate: 'L',
      handler: async ({ ctx, params }) =>
        side === 'item'
          ? linkageDocument(
              ctx.companyId,
              ctx.url,
              'item-categories',
              (await requireItem(ctx.companyId, pathId(params.id))).id,
            )
          : linkageDocument(
              ctx.companyId,
              ctx.url,
              'category-items',
              (await requireCategory(ctx.companyId, pathId(params.id))).id,
            ),
    }),
    POST: write('add'),
    PATCH: write('replace'),
    DELETE: write('remove'),
  }
}
export const itemCategoriesRelationship = linkRoutes('item')
export const categoryItemsRelationship = linkRoutes('category')

// ---- variants
export const variantsCollection = {
  GET: apiRoute({ scopes: READ, rate: 'L', handler: ({ ctx }) => listVariantsDocument(ctx.companyId, ctx.url) }),
  POST: apiRoute({
    scopes: WRITE,
    rate: 'M',
    status: 201,
    body: resourceBody('catalog-variant'),
    handler: async ({ ctx, body }) => {
      const r = await applyOne(ctx.companyId, 'variant', 'create', body.data)
      const data = serializeVariant(ctx.url, toVariantRow(await requireRow('CatalogVariant', ctx.companyId, r.id)))
      return { data, links: { self: data.links.self } }
    },
  }),
}
export const variantResource = {
  GET: apiRoute({
    scopes: READ,
    rate: 'L',
    handler: async ({ ctx, params }) => ({
      data: serializeVariant(ctx.url, await requireVariant(ctx.companyId, pathId(params.id)), {
        fields: sparseFields(ctx.url, 'catalog-variant', [...VARIANT_FIELD_NAMES]),
      }),
      links: { self: ctx.url.toString() },
    }),
  }),
  PATCH: apiRoute({
    scopes: WRITE,
    rate: 'M',
    body: resourceBody('catalog-variant'),
    handler: async ({ ctx, body, params }) => {
      const id = pathId(params.id)
      checkPathMatchesBody(id, body)
      await requireVariant(ctx.companyId, id)
      await applyOne(ctx.companyId, 'variant', 'update', { ...body.data, id })
      const data = serializeVariant(ctx.url, await requireVariant(ctx.companyId, id))
      return { data, links: { self: data.links.self } }
    },
  }),
  DELETE: apiRoute({
    scopes: WRITE,
    rate: 'M',
    status: 204,
    handler: async ({ ctx, params }) => {
      const id = pathId(params.id)
      await requireVariant(ctx.companyId, id)
      await applyOne(ctx.companyId, 'variant', 'delete', { type: 'catalog-variant', id })
      return null
    },
  }),
}

// ---- categories
export const categoriesCollection = {
  GET: apiRoute({ scopes: READ, rate: 'L', handler: ({ ctx }) => listCategoriesDocument(ctx.companyId, ctx.url) }),
  POST: apiRoute({
    scopes: WRITE,
    rate: 'M',
    status: 201,
    body: resourceBody('catalog-category'),
    handler: async ({ ctx, body }) => {
      const r = await applyOne(ctx.companyId, 'category', 'create', body.data)
      const data = serializeCategory(ctx.url, toCategoryRow(await requireRow('CatalogCategory', ctx.companyId, r.id)))
      return { data, links: { self: data.links.self } }
    },
  }),
}
export const categoryResource = {
  GET: apiRoute({
    scopes: READ,
    rate: 'L',
    handler: async ({ ctx, params }) => ({
      data: serializeCategory(ctx.url, await requireCategory(ctx.companyId, pathId(params.id)), {
        fields: sparseFields(ctx.url, 'catalog-category', [...CATEGORY_FIELD_NAMES]),
      }),
      links: { self: ctx.url.toString() },
    }),
  }),
  PATCH: apiRoute({
    scopes: WRITE,
    rate: 'M',
    body: resourceBody('catalog-category'),
    handler: async ({ ctx, body, params }) => {
      const id = pathId(params.id)
      checkPathMatchesBody(id, body)
      await requireCategory(ctx.companyId, id)
      await applyOne(ctx.companyId, 'category', 'update', { ...body.data, id })
      const data = serializeCategory(ctx.url, await requireCategory(ctx.companyId, id))
      return { data, links: { self: data.links.self } }
    },
  }),
  DELETE: apiRoute({
    scopes: WRITE,
    rate: 'M',
    status: 204,
    handler: async ({ ctx, params }) => {
      const id = pathId(params.id)
      await requireCategory(ctx.companyId, id)
      await applyOne(ctx.companyId, 'category', 'delete', { type: 'catalog-category', id })
      return null
    },
  }),
}
export const categoryItems = {
  GET: apiRoute({
    scopes: READ,
    rate: 'L',
    handler: async ({ ctx, params }) =>
      listItemsDocument(ctx.companyId, ctx.url, {
        categoryId: (await requireCategory(ctx.companyId, pathId(params.id))).id,
      }),
  }),
}

// ---- bulk jobs
export function bulkJobRoutes(resource: Resource, action: Action) {
  return {
    collection: {
      GET: apiRoute({
        scopes: READ,
        rate: 'L',
        handler: ({ ctx }) => listBulkJobsDocument(ctx.companyId, ctx.url, resource, action),
      }),
      POST: apiRoute({
        scopes: WRITE,
        rate: 'M',
        status: 202,
        body: bulkBody(resource, action),
        handler: async ({ ctx, body }) => {
          const entries = (body.data.attributes as Record<string, { data: unknown[] }>)[COLLECTION_KEY[resource]]!.data
          const job = await createBulkJob(ctx.companyId, resource, action, entries)
          const data = serializeBulkJob(ctx.url, job)
          return new ApiResult(202, { data, links: data.links })
        },
      }),
    },
    one: {
      GET: apiRoute({
        scopes: READ,
        rate: 'L',
        handler: async ({ ctx, params }) => {
          const job = await getBulkJob(ctx.companyId, resource, action, pathId(params.job_id ?? params.id))
          const data = serializeBulkJob(
            ctx.url,
            job,
            sparseFields(ctx.url, `catalog-${resource}-bulk-${action}-job`, [
              'status',
              'created_at',
              'total_count',
              'completed_count',
              'failed_count',
              'completed_at',
              'expires_at',
              'errors',
            ]),
          )
          return { data, links: { self: ctx.url.toString() } }
        },
      }),
    },
  }
}
export { TYPE_OF }
