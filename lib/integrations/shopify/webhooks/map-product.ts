// Shopify's product payloads (products/create|update, products/delete: {id}) and
// inventory_levels/update ({inventory_item_id, location_id, available, updated_at}) into the
// store model. A variant without inventory_management is not tracked (no inventory count).
import type { StoreInventoryLevel, StoreProduct, StoreVariant } from '@/lib/integrations/commerce/types'
import { arr, id, money, obj, str, tags, type Json } from './map-common'

const stripHtml = (html: string | null) =>
  (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

function variant(v: Json, images: Map<string, string>): StoreVariant | null {
  const variantId = id(v.id)
  if (!variantId) return null
  const tracked =
    v.inventory_management != null || (v.inventory_management === undefined && typeof v.inventory_quantity === 'number')
  const policy = str(v.inventory_policy)
  return {
    id: variantId,
    title: str(v.title) ?? variantId,
    sku: str(v.sku),
    price: money(v.price) ?? 0,
    compareAtPrice: money(v.compare_at_price),
    inventoryQuantity: tracked ? (money(v.inventory_quantity) ?? 0) : null,
    inventoryPolicy: policy === 'continue' ? 'continue' : 'deny',
    inventoryItemId: id(v.inventory_item_id),
    imageUrl: (id(v.image_id) && images.get(id(v.image_id)!)) || null,
  }
}

export function mapShopifyProduct(payload: unknown): StoreProduct | null {
  const p = obj(payload)
  const productId = id(p?.id)
  if (!p || !productId) return null
  const imageList = arr(p.images)
  const images = new Map(
    imageList.flatMap((i) => (id(i.id) && str(i.src) ? [[id(i.id)!, str(i.src)!] as [string, string]] : [])),
  )
  const main = str(obj(p.image)?.src) ?? str(imageList[0]?.src)
  return {
    id: productId,
    title: str(p.title) ?? productId,
    description: stripHtml(str(p.body_html)),
    handle: str(p.handle),
    vendor: str(p.vendor),
    productType: str(p.product_type),
    tags: tags(p.tags),
    status: str(p.status) ?? (p.published_at === null ? 'draft' : 'active'),
    imageUrl: main,
    imageUrls: imageList.map((i) => str(i.src)).filter((s): s is string => !!s),
    variants: arr(p.variants)
      .map((v) => variant(v, images))
      .filter((v): v is StoreVariant => v !== null),
    createdAt: str(p.created_at),
    updatedAt: str(p.updated_at),
  }
}

/** products/delete: the product id, or null. */
export const mapShopifyProductDelete = (payload: unknown): string | null => id(obj(payload)?.id)

export function mapShopifyInventoryLevel(payload: unknown): StoreInventoryLevel | null {
  const l = obj(payload)
  const itemId = id(l?.inventory_item_id)
  if (!l || !itemId) return null
  return {
    inventoryItemId: itemId,
    available: money(l.available),
    locationId: id(l.location_id),
    updatedAt: str(l.updated_at),
  }
}
