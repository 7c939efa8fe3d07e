// Store products into the catalog store (lib/catalog/store): one item per product (external id
// the product id), one variant per variant (external id the variant id), with prices and
// inventory, so the catalog's change records (price, inventory) make back-in-stock and
// price-drop fire from the store itself. The variant keeps the store's inventory item id in its
// custom metadata: inventory_levels/update names only that.
import { kysely } from '@/lib/db/kysely'
import { select, type Ops } from '@/lib/db/ops'
import { deleteItemsOps, upsertItemsOps } from '@/lib/catalog/store/items'
import { idsByExternalIdOps } from '@/lib/catalog/store/rows'
import type { EntryResult, ItemInput, VariantInput } from '@/lib/catalog/store/types'
import { updateVariantsOps, upsertVariantsOps } from '@/lib/catalog/store/variants'
import type { CommerceContext, StoreInventoryLevel, StoreProduct, StoreVariant } from './types'

const POLICY = { deny: 1, continue: 2 } as const

export function productPageUrl(ctx: CommerceContext, p: StoreProduct): string {
  if (p.url) return p.url
  const base = (ctx.storeUrl ?? '').replace(/\/+$/, '')
  return base && p.handle ? `${base}/products/${encodeURIComponent(p.handle)}` : base
}

export function itemInput(ctx: CommerceContext, p: StoreProduct): ItemInput {
  const prices = p.variants.map((v) => v.price).filter((n) => Number.isFinite(n))
  return {
    externalId: p.id,
    title: p.title || p.id,
    description: p.description ?? '',
    url: productPageUrl(ctx, p),
    price: prices.length ? Math.min(...prices) : null,
    imageFullUrl: p.imageUrl ?? null,
    imageThumbnailUrl: p.imageUrl ?? null,
    imageUrls: p.imageUrls ?? (p.imageUrl ? [p.imageUrl] : []),
    published: (p.status ?? 'active') === 'active',
    customMetadata: {
      vendor: p.vendor ?? null,
      productType: p.productType ?? null,
      tags: p.tags ?? [],
      integration: ctx.provider,
    },
    sourceId: ctx.provider,
  }
}

export function variantInput(ctx: CommerceContext, p: StoreProduct, v: StoreVariant): VariantInput {
  const tracked = v.inventoryQuantity != null
  return {
    externalId: v.id,
    itemExternalId: p.id,
    title: v.title && v.title !== 'Default Title' ? `${p.title} - ${v.title}` : p.title || v.id,
    description: p.description ?? '',
    sku: v.sku || v.id,
    price: v.price,
    inventoryQuantity: tracked ? Math.max(0, Math.trunc(v.inventoryQuantity!)) : 0,
    inventoryPolicy: tracked ? POLICY[v.inventoryPolicy ?? 'deny'] : 0,
    url: productPageUrl(ctx, p),
    imageFullUrl: v.imageUrl ?? p.imageUrl ?? null,
    published: (p.status ?? 'active') === 'active',
    customMetadata: {
      inventoryItemId: v.inventoryItemId ?? null,
      compareAtPrice: v.compareAtPrice ?? null,
      integration: ctx.provider,
    },
  }
}

const failures = (rs: EntryResult[]) =>
  rs.flatMap((r) => (r.ok ? [] : r.errors.map((e) => `${e.field || 'entry'}: ${e.message}`)))

/** Creates or updates the product and its variants; returns the refused fields (empty when all went in). */
export function* upsertProductOps(ctx: CommerceContext, p: StoreProduct, now: Date): Ops<string[]> {
  const item = yield* upsertItemsOps(ctx.companyId, [itemInput(ctx, p)], now)
  if (!item[0]?.ok) return failures(item)
  const variants = yield* upsertVariantsOps(
    ctx.companyId,
    p.variants.map((v) => variantInput(ctx, p, v)),
    now,
  )
  return failures(variants)
}

/** Deletes the product (its variants go with it); false when it was not in the catalog. */
export function* deleteProductOps(ctx: CommerceContext, productId: string, now: Date): Ops<boolean> {
  const ids = yield* idsByExternalIdOps('CatalogItem', ctx.companyId, [productId])
  const id = ids.get(productId)
  if (!id) return false
  yield* deleteItemsOps(ctx.companyId, [id], now)
  return true
}

/** Sets the available count on the variants of an inventory item; returns how many were updated. */
export function* setInventoryLevelOps(ctx: CommerceContext, level: StoreInventoryLevel, now: Date): Ops<number> {
  if (level.available == null) return 0
  const needle = `%"inventoryItemId":${JSON.stringify(level.inventoryItemId)}%`
  const rows = yield* select(
    kysely()
      .selectFrom('CatalogVariant')
      .select(['id', 'customMetadata'])
      .where('companyId', '=', ctx.companyId)
      .where('customMetadata', 'like', needle),
  )
  const ids = rows
    .filter((r) => {
      try {
        return (
          (JSON.parse(String(r.customMetadata)) as { inventoryItemId?: unknown }).inventoryItemId ===
          level.inventoryItemId
        )
      } catch {
        return false
      }
    })
    .map((r) => String(r.id))
  if (!ids.length) return 0
  const res = yield* updateVariantsOps(
    ctx.companyId,
    ids.map((id) => ({ id, patch: { inventoryQuantity: Math.max(0, Math.trunc(level.available!)) } })),
    now,
  )
  return res.filter((r) => r.ok).length
}
