// Read-only server queries for the catalog screens (issue 11, K4). Every query is scoped by
// companyId; lists page by a cursor (the last row's id; ULIDs sort by creation) in pages of 25
// (seed 002 §9). Writes go through K1's /ajax (lib/catalog/store/), never through here.
import { db } from '@/lib/db/client'

export const CATALOG_PAGE_SIZE = 25

export interface Page<T> {
  rows: T[]
  nextCursor: string | null
}

export interface ItemListRow {
  id: string
  externalId: string
  title: string
  price: number | null
  imageThumbnailUrl: string | null
  imageFullUrl: string | null
  published: boolean
  sourceId: string | null
  variantCount: number
  inventory: number
  updatedAt: Date
}

export interface ItemFilters {
  search?: string
  published?: boolean
  categoryId?: string
  sourceId?: string
  cursor?: string | null
  limit?: number
}

const parseJson = <T>(s: string | null | undefined, fallback: T): T => {
  try {
    return s ? (JSON.parse(s) as T) : fallback
  } catch {
    return fallback
  }
}

function pageOf<T extends { id: string }>(rows: T[], limit: number): Page<T> {
  const more = rows.length > limit
  const page = more ? rows.slice(0, limit) : rows
  return { rows: page, nextCursor: more ? page[page.length - 1]!.id : null }
}

export async function catalogOverview(companyId: number) {
  const [items, published, variants, categories, sources, lastSync, bisActive, bisNotified, feeds] = await Promise.all([
    db.catalogItem.count({ where: { companyId, deleted: false } }),
    db.catalogItem.count({ where: { companyId, deleted: false, published: true } }),
    db.catalogVariant.count({ where: { companyId } }),
    db.catalogCategory.count({ where: { companyId } }),
    db.catalogSource.count({ where: { companyId } }),
    db.catalogSync.findFirst({ where: { companyId }, orderBy: { createdAt: 'desc' } }),
    db.backInStockSubscription.count({ where: { companyId, notifiedAt: null } }),
    db.backInStockSubscription.count({ where: { companyId, notifiedAt: { not: null } } }),
    db.productFeed.count({ where: { companyId } }),
  ])
  return {
    items,
    published,
    variants,
    categories,
    sources,
    feeds,
    lastSync: lastSync
      ? {
          id: lastSync.id,
          status: lastSync.status,
          at: lastSync.finishedAt ?? lastSync.startedAt ?? lastSync.createdAt,
        }
      : null,
    backInStock: { active: bisActive, notified: bisNotified },
  }
}

export async function listItems(companyId: number, f: ItemFilters = {}): Promise<Page<ItemListRow>> {
  const limit = Math.min(Math.max(f.limit ?? CATALOG_PAGE_SIZE, 1), 100)
  let itemIdsInCategory: string[] | undefined
  if (f.categoryId) {
    const links = await db.catalogItemCategory.findMany({
      where: { companyId, categoryId: f.categoryId },
      select: { itemId: true },
    })
    itemIdsInCategory = links.map((l) => l.itemId)
  }
  const search = f.search?.trim()
  const rows = await db.catalogItem.findMany({
    where: {
      companyId,
      deleted: false,
      ...(f.published !== undefined ? { published: f.published } : {}),
      ...(f.sourceId ? { sourceId: f.sourceId } : {}),
      ...(search ? { OR: [{ title: { contains: search } }, { externalId: { contains: search } }] } : {}),
      ...(f.cursor ? { id: { lt: f.cursor } } : {}),
      ...(itemIdsInCategory ? { AND: [{ id: { in: itemIdsInCategory } }] } : {}),
    },
    orderBy: { id: 'desc' },
    take: limit + 1,
  })
  const page = pageOf(rows, limit)
  const ids = page.rows.map((r) => r.id)
  const agg = ids.length
    ? await db.catalogVariant.groupBy({
        by: ['itemId'],
        where: { companyId, itemId: { in: ids } },
        _count: { _all: true },
        _sum: { inventoryQuantity: true },
      })
    : []
  const byItem = new Map(agg.map((a) => [a.itemId, a]))
  return {
    nextCursor: page.nextCursor,
    rows: page.rows.map((r) => ({
      id: r.id,
      externalId: r.externalId,
      title: r.title,
      price: r.price,
      imageThumbnailUrl: r.imageThumbnailUrl,
      imageFullUrl: r.imageFullUrl,
      published: r.published,
      sourceId: r.sourceId,
      updatedAt: r.updatedAt,
      variantCount: byItem.get(r.id)?._count._all ?? 0,
      inventory: byItem.get(r.id)?._sum.inventoryQuantity ?? 0,
    })),
  }
}

export async function getItem(companyId: number, itemId: string) {
  const item = await db.catalogItem.findFirst({ where: { id: itemId, companyId, deleted: false } })
  if (!item) return null
  const [variants, links] = await Promise.all([
    db.catalogVariant.findMany({ where: { companyId, itemId }, orderBy: [{ title: 'asc' }, { id: 'asc' }] }),
    db.catalogItemCategory.findMany({ where: { companyId, itemId } }),
  ])
  const categories = links.length
    ? await db.catalogCategory.findMany({
        where: { companyId, id: { in: links.map((l) => l.categoryId) } },
        orderBy: { name: 'asc' },
      })
    : []
  return {
    ...item,
    imageUrls: parseJson<string[]>(item.imageUrls, []),
    customMetadata: parseJson<Record<string, unknown>>(item.customMetadata, {}),
    variants,
    categories: categories.map((c) => ({ id: c.id, name: c.name, externalId: c.externalId })),
  }
}

export async function getVariant(companyId: number, variantId: string) {
  const variant = await db.catalogVariant.findFirst({ where: { id: variantId, companyId } })
  if (!variant) return null
  const [item, changes] = await Promise.all([
    db.catalogItem.findFirst({
      where: { id: variant.itemId, companyId },
      select: { id: true, title: true, externalId: true },
    }),
    db.catalogChange.findMany({ where: { companyId, variantId }, orderBy: { id: 'desc' }, take: 50 }),
  ])
  return {
    ...variant,
    customMetadata: parseJson<Record<string, unknown>>(variant.customMetadata, {}),
    item,
    priceHistory: changes
      .filter((c) => c.kind === 'price')
      .map((c) => ({ id: c.id, oldValue: c.oldValue, newValue: c.newValue, at: c.at })),
    inventoryHistory: changes
      .filter((c) => c.kind === 'inventory')
      .map((c) => ({ id: c.id, oldValue: c.oldValue, newValue: c.newValue, at: c.at })),
  }
}

export async function listCategories(
  companyId: number,
  opts: { cursor?: string | null; search?: string; limit?: number } = {},
) {
  const limit = Math.min(Math.max(opts.limit ?? CATALOG_PAGE_SIZE, 1), 100)
  const search = opts.search?.trim()
  const rows = await db.catalogCategory.findMany({
    where: {
      companyId,
      ...(search ? { name: { contains: search } } : {}),
      ...(opts.cursor ? { id: { lt: opts.cursor } } : {}),
    },
    orderBy: { id: 'desc' },
    take: limit + 1,
  })
  const page = pageOf(rows, limit)
  const ids = page.rows.map((r) => r.id)
  const counts = ids.length
    ? await db.catalogItemCategory.groupBy({
        by: ['categoryId'],
        where: { companyId, categoryId: { in: ids } },
        _count: { _all: true },
      })
    : []
  const byId = new Map(counts.map((c) => [c.categoryId, c._count._all]))
  return {
    nextCursor: page.nextCursor,
    rows: page.rows.map((r) => ({ id: r.id, name: r.name, externalId: r.externalId, items: byId.get(r.id) ?? 0 })),
  }
}

/** Every category (for the filter select), by name. */
export async function categoryOptions(companyId: number) {
  return db.catalogCategory.findMany({
    where: { companyId },
    select: { id: true, name: true },
    orderBy: { name: 'asc' },
    take: 500,
  })
}

export async function listProductFeeds(companyId: number) {
  return db.productFeed.findMany({ where: { companyId }, orderBy: { createdAt: 'desc' }, take: 200 })
}

export async function getProductFeed(companyId: number, id: string) {
  return db.productFeed.findFirst({ where: { companyId, id } })
}
