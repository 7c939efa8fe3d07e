// Order and checkout lines name a product by id only (Shopify's line items have no URL, image or
// collection): the catalog fills ProductURL, ImageURL and Categories where the line lacks them,
// so the emails built from Items show pictures and link to the product. One read per batch.
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import type { StoreLine } from './types'

export async function enrichLines(companyId: number, lines: StoreLine[]): Promise<void> {
  const ids = [
    ...new Set(
      lines.filter((l) => l.productId && (!l.url || !l.imageUrl || !l.categories?.length)).map((l) => l.productId!),
    ),
  ]
  if (!ids.length) return
  const found = new Map<
    string,
    { url: string; image: string | null; categories: string[]; productType: string | null }
  >()
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500)
    const items = await read(
      select(
        kysely()
          .selectFrom('CatalogItem')
          .select(['id', 'externalId', 'url', 'imageFullUrl', 'customMetadata'])
          .where('companyId', '=', companyId)
          .where('deleted', '=', false)
          .where('externalId', 'in', part),
      ),
    )
    const cats = items.length
      ? await read(
          select(
            kysely()
              .selectFrom('CatalogItemCategory')
              .innerJoin('CatalogCategory', 'CatalogCategory.id', 'CatalogItemCategory.categoryId')
              .select(['CatalogItemCategory.itemId', 'CatalogCategory.name'])
              .where('CatalogItemCategory.companyId', '=', companyId)
              .where('CatalogCategory.companyId', '=', companyId)
              .where(
                'CatalogItemCategory.itemId',
                'in',
                items.map((r) => String(r.id)),
              ),
          ),
        )
      : []
    for (const r of items) {
      let productType: string | null = null
      try {
        const meta = JSON.parse(String(r.customMetadata ?? '{}')) as { productType?: unknown }
        productType = typeof meta.productType === 'string' && meta.productType ? meta.productType : null
      } catch {}
      const names = cats.filter((c) => String(c.itemId) === String(r.id)).map((c) => String(c.name))
      found.set(String(r.externalId), {
        url: String(r.url ?? ''),
        image: (r.imageFullUrl as string | null) ?? null,
        categories: names,
        productType,
      })
    }
  }
  for (const l of lines) {
    const f = l.productId ? found.get(l.productId) : undefined
    if (!f) continue
    if (!l.url && f.url) l.url = f.url
    if (!l.imageUrl && f.image) l.imageUrl = f.image
    if (!l.categories?.length) l.categories = f.categories.length ? f.categories : f.productType ? [f.productType] : []
  }
}
