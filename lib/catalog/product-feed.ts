// Product feeds for ads (issue 11, K4): the company's published catalog as a Google Merchant
// XML (RSS 2.0 with the g: namespace) or JSON document, served at a public URL guarded by a
// secret token (/product-feeds/{id}/feed?token=…). One entry per published variant; a variant
// with inventory policy 1 and no stock is hidden; an item without variants is one entry.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { ulid } from '@/lib/ids/make-id'
import { badRequest } from '@/lib/errors/app-error'

export type FeedFormat = 'xml' | 'json'

export interface FeedEntry {
  id: string
  itemGroupId: string
  title: string
  description: string
  link: string
  imageLink: string | null
  price: string
  availability: 'in_stock' | 'out_of_stock'
  sku: string | null
  productType: string | null
}

export class ProductFeedError extends Error {
  constructor(public fieldErrors: Array<{ field: string; message: string }>) {
    super(fieldErrors.map((e) => e.message).join(' '))
  }
}

const feedInput = z.object({
  name: z.string().trim().min(1, 'Name is required.').max(200, 'Name is too long.'),
  format: z.enum(['xml', 'json'], { message: 'Format must be xml or json.' }).default('xml'),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, 'Currency must be a three-letter code.')
    .default('USD'),
  categoryIds: z.array(z.string().min(1)).max(500).default([]),
})

/** For /ajax: a ProductFeedError as a 400 with field errors (the catalog failure rule). */
export function asBadRequest(e: unknown): never {
  if (e instanceof ProductFeedError) {
    const fieldErrors: Record<string, string[]> = {}
    for (const f of e.fieldErrors) (fieldErrors[f.field] ??= []).push(f.message)
    throw badRequest(e.message, fieldErrors)
  }
  throw e
}

export const newFeedToken = () => randomBytes(24).toString('base64url')

function parseInput(input: unknown) {
  const r = feedInput.safeParse(input)
  if (!r.success)
    throw new ProductFeedError(r.error.issues.map((i) => ({ field: String(i.path[0] ?? 'body'), message: i.message })))
  return r.data
}

async function checkCategories(companyId: number, ids: string[]) {
  if (!ids.length) return
  const found = await db.catalogCategory.count({ where: { companyId, id: { in: ids } } })
  if (found !== new Set(ids).size) throw new ProductFeedError([{ field: 'categoryIds', message: 'Unknown category.' }])
}

export async function createProductFeed(companyId: number, input: unknown) {
  const data = parseInput(input)
  await checkCategories(companyId, data.categoryIds)
  return db.productFeed.create({
    data: {
      id: ulid(),
      companyId,
      name: data.name,
      format: data.format,
      currency: data.currency,
      categoryIds: JSON.stringify(data.categoryIds),
      token: newFeedToken(),
    },
  })
}

export async function updateProductFeed(
  companyId: number,
  id: string,
  input: unknown,
  opts: { rotateToken?: boolean } = {},
) {
  const data = parseInput(input)
  await checkCategories(companyId, data.categoryIds)
  const r = await db.productFeed.updateMany({
    where: { id, companyId },
    data: {
      name: data.name,
      format: data.format,
      currency: data.currency,
      categoryIds: JSON.stringify(data.categoryIds),
      ...(opts.rotateToken ? { token: newFeedToken() } : {}),
    },
  })
  if (!r.count) return null
  return db.productFeed.findFirst({ where: { id, companyId } })
}

export async function deleteProductFeed(companyId: number, id: string): Promise<boolean> {
  const r = await db.productFeed.deleteMany({ where: { id, companyId } })
  return r.count > 0
}

/** The feed for a public request, or null when the id or the token is wrong (same answer for both). */
export async function feedForToken(id: string, token: string) {
  const feed = await db.productFeed.findUnique({ where: { id } })
  if (!feed) return null
  const a = Buffer.from(feed.token)
  const b = Buffer.from(token)
  if (a.length !== b.length || !timingSafeEqual(a, b)) return null
  return feed
}

const money = (n: number, currency: string) => `${n.toFixed(2)} ${currency}`

/** The entries of a feed (companyId scoped). */
export async function productFeedEntries(
  companyId: number,
  opts: { currency: string; categoryIds?: string[] },
): Promise<FeedEntry[]> {
  let itemFilter: string[] | undefined
  if (opts.categoryIds?.length) {
    const links = await db.catalogItemCategory.findMany({
      where: { companyId, categoryId: { in: opts.categoryIds } },
      select: { itemId: true },
    })
    itemFilter = [...new Set(links.map((l) => l.itemId))]
  }
  const items = await db.catalogItem.findMany({
    where: { companyId, deleted: false, published: true, ...(itemFilter ? { id: { in: itemFilter } } : {}) },
    orderBy: { id: 'asc' },
  })
  if (!items.length) return []
  const ids = items.map((i) => i.id)
  const [variants, links] = await Promise.all([
    db.catalogVariant.findMany({ where: { companyId, itemId: { in: ids } }, orderBy: { id: 'asc' } }),
    db.catalogItemCategory.findMany({ where: { companyId, itemId: { in: ids } } }),
  ])
  const cats = links.length
    ? await db.catalogCategory.findMany({
        where: { companyId, id: { in: [...new Set(links.map((l) => l.categoryId))] } },
      })
    : []
  const catName = new Map(cats.map((c) => [c.id, c.name]))
  const typeOf = new Map<string, string>()
  for (const l of links) {
    const n = catName.get(l.categoryId)
    if (n) typeOf.set(l.itemId, typeOf.has(l.itemId) ? `${typeOf.get(l.itemId)} > ${n}` : n)
  }
  const byItem = new Map<string, typeof variants>()
  for (const v of variants) {
    const list = byItem.get(v.itemId) ?? []
    list.push(v)
    byItem.set(v.itemId, list)
  }
  const out: FeedEntry[] = []
  for (const item of items) {
    const vs = byItem.get(item.id) ?? []
    if (!vs.length) {
      if (item.price == null) continue
      out.push({
        id: item.externalId,
        itemGroupId: item.externalId,
        title: item.title,
        description: item.description,
        link: item.url,
        imageLink: item.imageFullUrl,
        price: money(item.price, opts.currency),
        availability: 'in_stock',
        sku: null,
        productType: typeOf.get(item.id) ?? null,
      })
      continue
    }
    for (const v of vs) {
      if (!v.published) continue
      const inStock = v.inventoryQuantity > 0
      // Policy 1: the variant is hidden from feeds while out of stock.
      if (v.inventoryPolicy === 1 && !inStock) continue
      out.push({
        id: v.externalId,
        itemGroupId: item.externalId,
        title: v.title || item.title,
        description: v.description || item.description,
        link: v.url || item.url,
        imageLink: v.imageFullUrl ?? item.imageFullUrl,
        price: money(v.price, opts.currency),
        // Policy 2 (keep selling): shown as in stock; policy 0: shown, out of stock.
        availability: inStock || v.inventoryPolicy === 2 ? 'in_stock' : 'out_of_stock',
        sku: v.sku,
        productType: typeOf.get(item.id) ?? null,
      })
    }
  }
  return out
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)

export function feedXml(meta: { title: string; link: string }, entries: FeedEntry[]): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    '<channel>',
    `<title>${esc(meta.title)}</title>`,
    `<link>${esc(meta.link)}</link>`,
    `<description>${esc(meta.title)}</description>`,
  ]
  for (const e of entries) {
    lines.push(
      '<item>',
      `<g:id>${esc(e.id)}</g:id>`,
      `<g:item_group_id>${esc(e.itemGroupId)}</g:item_group_id>`,
      `<title>${esc(e.title)}</title>`,
      `<description>${esc(e.description)}</description>`,
      `<link>${esc(e.link)}</link>`,
      ...(e.imageLink ? [`<g:image_link>${esc(e.imageLink)}</g:image_link>`] : []),
      `<g:price>${esc(e.price)}</g:price>`,
      `<g:availability>${e.availability}</g:availability>`,
      `<g:condition>new</g:condition>`,
      ...(e.sku ? [`<g:mpn>${esc(e.sku)}</g:mpn>`] : []),
      ...(e.productType ? [`<g:product_type>${esc(e.productType)}</g:product_type>`] : []),
      '</item>',
    )
  }
  lines.push('</channel>', '</rss>', '')
  return lines.join('\n')
}

export function feedJson(meta: { title: string; link: string }, entries: FeedEntry[]): string {
  return JSON.stringify({
    title: meta.title,
    link: meta.link,
    items: entries.map((e) => ({
      id: e.id,
      item_group_id: e.itemGroupId,
      title: e.title,
      description: e.description,
      link: e.link,
      image_link: e.imageLink,
      price: e.price,
      availability: e.availability,
      condition: 'new',
      mpn: e.sku,
      product_type: e.productType,
    })),
  })
}

/** The whole public answer for a feed: body and content type. */
export async function renderProductFeed(
  feed: { id: string; companyId: number; name: string; format: string; currency: string; categoryIds: string },
  link: string,
) {
  let categoryIds: string[] = []
  try {
    categoryIds = JSON.parse(feed.categoryIds) as string[]
  } catch {
    categoryIds = []
  }
  // Ad platforms need absolute URLs: a relative image or link (the demo's local images) gets the feed's origin.
  const origin = new URL(link).origin
  const abs = (u: string) => (u.startsWith('/') ? origin + u : u)
  const entries = (await productFeedEntries(feed.companyId, { currency: feed.currency, categoryIds })).map((e) => ({
    ...e,
    link: abs(e.link),
    imageLink: e.imageLink ? abs(e.imageLink) : null,
  }))
  return feed.format === 'json'
    ? { body: feedJson({ title: feed.name, link }, entries), contentType: 'application/json; charset=utf-8' }
    : { body: feedXml({ title: feed.name, link }, entries), contentType: 'application/xml; charset=utf-8' }
}
