// What the demo storefront (/storefront-demo, issue 20 §4) shows: a store of the installation
// (the company named by ?company_id, else the oldest one: the seeded Demo Store), a page of its
// published catalog, and the live embedded forms it puts on every page.
import { db } from '@/lib/db/client'

export interface StorefrontCompany {
  id: number
  name: string
  publicApiKey: string
  currency: string
}
export interface StorefrontProduct {
  id: string
  externalId: string
  title: string
  description: string
  price: number | null
  imageUrl: string | null
  categories: string[]
}

const PRODUCTS_ON_HOME = 12

export async function findStorefrontCompany(publicKey: string | null): Promise<StorefrontCompany | null> {
  const select = { id: true, name: true, publicApiKey: true, currency: true }
  if (publicKey) return db.company.findUnique({ where: { publicApiKey: publicKey }, select })
  return db.company.findFirst({ where: { isInternalAccount: false }, orderBy: { id: 'asc' }, select })
}

const toProduct = (
  r: {
    id: string
    externalId: string
    title: string
    description: string
    price: number | null
    imageFullUrl: string | null
  },
  categories: string[] = [],
): StorefrontProduct => ({
  id: r.id,
  externalId: r.externalId,
  title: r.title,
  description: r.description,
  price: r.price,
  imageUrl: r.imageFullUrl,
  categories,
})

const ITEM_FIELDS = {
  id: true,
  externalId: true,
  title: true,
  description: true,
  price: true,
  imageFullUrl: true,
} as const

export async function storefrontProducts(companyId: number): Promise<StorefrontProduct[]> {
  const rows = await db.catalogItem.findMany({
    where: { companyId, published: true, deleted: false },
    orderBy: [{ title: 'asc' }, { id: 'asc' }],
    take: PRODUCTS_ON_HOME,
    select: ITEM_FIELDS,
  })
  return rows.map((r) => toProduct(r))
}

export async function storefrontProduct(companyId: number, itemId: string): Promise<StorefrontProduct | null> {
  const row = await db.catalogItem.findFirst({
    where: { companyId, id: itemId, published: true, deleted: false },
    select: ITEM_FIELDS,
  })
  if (!row) return null
  const links = await db.catalogItemCategory.findMany({ where: { companyId, itemId }, select: { categoryId: true } })
  const cats = links.length
    ? await db.catalogCategory.findMany({
        where: { companyId, id: { in: links.map((l) => l.categoryId) } },
        select: { name: true },
      })
    : []
  return toProduct(
    row,
    cats.map((c) => c.name),
  )
}

/** Ids of the live embedded forms: each gets its <div class="klaviyo-form-{id}"> in the footer. */
export async function liveEmbedFormIds(companyId: number): Promise<string[]> {
  const forms = await db.form.findMany({
    where: { companyId, status: 'live', formType: 'embed' },
    orderBy: { createdAt: 'asc' },
    select: { id: true },
  })
  return forms.map((f) => f.id)
}
