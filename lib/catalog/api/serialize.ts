// JSON:API documents of catalog items, variants and categories (/api ids: $custom:::$default:::{external_id}).
import { apiDate, apiLink, pickFields } from '@/lib/api/json-api'
import type { CatalogCategoryRow, CatalogItemRow, CatalogVariantRow } from '@/lib/catalog/store/types'
import { toApiId } from '@/lib/ids/catalog-api-id'

export const ITEM_FIELDS = [
  'external_id',
  'title',
  'description',
  'price',
  'url',
  'image_full_url',
  'image_thumbnail_url',
  'images',
  'custom_metadata',
  'published',
  'created',
  'updated',
] as const
export const VARIANT_FIELDS = [
  'external_id',
  'title',
  'description',
  'sku',
  'inventory_policy',
  'inventory_quantity',
  'price',
  'url',
  'image_full_url',
  'image_thumbnail_url',
  'images',
  'custom_metadata',
  'published',
  'created',
  'updated',
] as const
export const CATEGORY_FIELDS = ['external_id', 'name', 'updated'] as const

const enc = encodeURIComponent
const rel = (url: URL, type: string, id: string, name: string, data?: unknown) => ({
  ...(data !== undefined ? { data } : {}),
  links: {
    self: apiLink(url, `/${type}/${enc(id)}/relationships/${name}/`),
    related: apiLink(url, `/${type}/${enc(id)}/${name}/`),
  },
})

export function serializeItem(
  url: URL,
  r: CatalogItemRow,
  opts: { fields?: Set<string> | null; variantIds?: string[] } = {},
) {
  const id = toApiId(r.externalId, r.integrationKey, r.catalogName)
  return {
    type: 'catalog-item',
    id,
    attributes: pickFields(
      {
        external_id: r.externalId,
        title: r.title,
        description: r.description,
        price: r.price,
        url: r.url,
        image_full_url: r.imageFullUrl,
        image_thumbnail_url: r.imageThumbnailUrl,
        images: r.imageUrls,
        custom_metadata: r.customMetadata,
        published: r.published,
        created: apiDate(r.createdAt),
        updated: apiDate(r.updatedAt),
      },
      opts.fields ?? null,
    ),
    relationships: {
      variants: rel(
        url,
        'catalog-items',
        id,
        'variants',
        opts.variantIds?.map((v) => ({ type: 'catalog-variant', id: v })),
      ),
    },
    links: { self: apiLink(url, `/catalog-items/${enc(id)}/`) },
  }
}

export function serializeVariant(url: URL, r: CatalogVariantRow, opts: { fields?: Set<string> | null } = {}) {
  const id = toApiId(r.externalId, r.integrationKey, r.catalogName)
  return {
    type: 'catalog-variant',
    id,
    attributes: pickFields(
      {
        external_id: r.externalId,
        title: r.title,
        description: r.description,
        sku: r.sku,
        inventory_policy: r.inventoryPolicy,
        inventory_quantity: r.inventoryQuantity,
        price: r.price,
        url: r.url,
        image_full_url: r.imageFullUrl,
        image_thumbnail_url: r.imageThumbnailUrl,
        images: r.imageUrls,
        custom_metadata: r.customMetadata,
        published: r.published,
        created: apiDate(r.createdAt),
        updated: apiDate(r.updatedAt),
      },
      opts.fields ?? null,
    ),
    relationships: { item: rel(url, 'catalog-variants', id, 'item') },
    links: { self: apiLink(url, `/catalog-variants/${enc(id)}/`) },
  }
}

export function serializeCategory(url: URL, r: CatalogCategoryRow, opts: { fields?: Set<string> | null } = {}) {
  const id = toApiId(r.externalId, r.integrationKey, r.catalogName)
  return {
    type: 'catalog-category',
    id,
    attributes: pickFields(
      { external_id: r.externalId, name: r.name, updated: apiDate(r.updatedAt) },
      opts.fields ?? null,
    ),
    relationships: { items: rel(url, 'catalog-categories', id, 'items') },
    links: { self: apiLink(url, `/catalog-categories/${enc(id)}/`) },
  }
}
