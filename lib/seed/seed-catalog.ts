// The demo store's catalog (issue 11, K4): categories, a few hundred items with variants, images
// served locally (/catalog-image/{externalId}, generated SVGs), a coupon with codes and three
// catalog flows (back in stock, price drop, low inventory) as drafts ready to turn live. The
// best-selling products of lib/seed/catalog.ts keep their ids as external ids, so the seeded
// Viewed Product / Added to Cart / Placed Order events (ProductID) name real catalog items.
// Deterministic (seeded PRNG) and quick: rows go in with createMany.
import { db } from '@/lib/db/client'
import { ulid } from '@/lib/ids/make-id'
import { buildTemplateDefinition } from '@/lib/flows/templates'
import { createFlow } from '@/lib/flows/store'
import { CATEGORIES, DISCOUNT_CODES, PRODUCTS, type Category } from './catalog'
import { createRng } from './prng'

export interface SeedCatalogResult {
  categories: number
  items: number
  variants: number
  couponCodes: number
  flows: string[]
  ms: number
}

const EDITIONS = ['Heritage', 'Studio', 'Everyday', 'Coastal', 'Alpine', 'Limited', 'Essential'] as const
const SIZES: Partial<Record<Category, string[]>> = {
  Apparel: ['XS', 'S', 'M', 'L', 'XL'],
  Outerwear: ['S', 'M', 'L', 'XL'],
  Footwear: ['7', '8', '9', '10', '11'],
}
const COLOURS = ['Black', 'Oat', 'Navy', 'Sage', 'Rust', 'Stone']

const slugify = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

export async function seedCatalog(
  companyId: number,
  opts: { seed?: string; storeUrl?: string; now?: Date; flows?: boolean } = {},
): Promise<SeedCatalogResult> {
  const t0 = Date.now()
  const now = opts.now ?? new Date()
  const storeUrl = (opts.storeUrl ?? 'https://demo-store.example').replace(/\/$/, '')
  const rng = createRng(`${opts.seed ?? 'demo-store'}/catalog`)
  const baseMs = now.getTime() - 400 * 86_400_000
  let tick = 0
  const id = () => ulid(baseMs + ++tick * 1000)

  const categoryIds = new Map<string, string>()
  const categories = CATEGORIES.map((name) => {
    const cid = id()
    categoryIds.set(name, cid)
    return { id: cid, companyId, externalId: slugify(name), name }
  })

  type Row = { externalId: string; name: string; category: Category; brand: string; price: number }
  const rows: Row[] = PRODUCTS.map((p) => ({
    externalId: p.id,
    name: p.name,
    category: p.category as Category,
    brand: p.brand,
    price: p.price,
  }))
  // The long tail: editions of each product (about 300 items in all).
  PRODUCTS.forEach((p, i) => {
    EDITIONS.forEach((ed, j) => {
      if ((i + j) % 7 === 6) return
      rows.push({
        externalId: String(7600000 + i * 10 + j),
        name: `${p.name} – ${ed} Edition`,
        category: p.category as Category,
        brand: p.brand,
        price: Math.round(p.price * (0.85 + 0.1 * j)),
      })
    })
  })

  const items: Array<Record<string, unknown>> = []
  const variants: Array<Record<string, unknown>> = []
  const links: Array<{ companyId: number; itemId: string; categoryId: string }> = []
  for (const r of rows) {
    const itemId = id()
    const slug = slugify(r.name)
    const image = `/catalog-image/${r.externalId}`
    const published = rng.chance(0.95)
    items.push({
      id: itemId,
      companyId,
      externalId: r.externalId,
      title: r.name,
      description: `${r.brand} ${r.name.toLowerCase()}, from our ${r.category.toLowerCase()} range.`,
      price: r.price,
      url: `${storeUrl}/products/${slug}`,
      imageFullUrl: image,
      imageThumbnailUrl: image,
      imageUrls: JSON.stringify([image]),
      published,
      customMetadata: JSON.stringify({ brand: r.brand, category: r.category }),
      sourceId: 'api',
      createdAt: new Date(baseMs + tick * 1000),
      updatedAt: now,
    })
    links.push({ companyId, itemId, categoryId: categoryIds.get(r.category)! })
    const options = SIZES[r.category] ?? COLOURS.slice(0, rng.int(1, 3))
    options.forEach((opt, k) => {
      // Mostly in stock; a few sold out (some hidden from feeds: policy 1), a few running low.
      const roll = rng.next()
      const inventory = roll < 0.08 ? 0 : roll < 0.16 ? rng.int(1, 5) : rng.int(6, 120)
      variants.push({
        id: id(),
        companyId,
        itemId,
        externalId: `${r.externalId}-${k + 1}`,
        title: `${r.name} / ${opt}`,
        description: '',
        sku: `${r.externalId}-${slugify(opt).toUpperCase()}`,
        price: r.price,
        url: `${storeUrl}/products/${slug}?variant=${k + 1}`,
        imageFullUrl: image,
        imageThumbnailUrl: image,
        imageUrls: JSON.stringify([image]),
        inventoryQuantity: inventory,
        inventoryPolicy: rng.chance(0.5) ? 1 : 0,
        published: true,
        customMetadata: JSON.stringify({ option: opt }),
        createdAt: now,
        updatedAt: now,
      })
    })
  }
  await db.$transaction(
    async (tx) => {
      await tx.catalogCategory.createMany({ data: categories })
      await tx.catalogItem.createMany({ data: items as never })
      await tx.catalogVariant.createMany({ data: variants as never })
      await tx.catalogItemCategory.createMany({ data: links })
    },
    { timeout: 120_000, maxWait: 30_000 },
  )

  // A coupon with unique codes (the welcome offer), through direct rows.
  const couponId = id()
  const codes = Array.from({ length: 200 }, (_, i) => ({
    id: id(),
    companyId,
    couponId,
    code: `${DISCOUNT_CODES.welcome}-${(rng.int(0, 0xffffff) ^ (i * 7919)).toString(36).toUpperCase().padStart(5, '0')}-${i}`,
  }))
  await db.coupon.create({
    data: {
      id: couponId,
      companyId,
      externalId: 'WELCOME10_UNIQUE',
      description: '10% off the first order (unique codes)',
      monitorConfiguration: JSON.stringify({ low_balance_threshold: 20 }),
    },
  })
  await db.couponCode.createMany({ data: codes })

  // Three catalog flows, drafts ready to turn live.
  const flows: string[] = []
  if (opts.flows !== false) {
    for (const key of ['back_in_stock', 'price_drop', 'low_inventory'] as const) {
      const t = await buildTemplateDefinition(companyId, key)
      flows.push(await createFlow(companyId, { name: t.name, definition: t.definition, status: 'draft' }))
    }
  }
  return {
    categories: categories.length,
    items: items.length,
    variants: variants.length,
    couponCodes: codes.length,
    flows,
    ms: Date.now() - t0,
  }
}
