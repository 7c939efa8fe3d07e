// The catalog store: every write to items, variants, categories and their links goes through
// lib/catalog/store/ (the /api, the bulk jobs, /ajax, feed syncs, the seed): items.ts, variants.ts,
// categories.ts, item-category-links.ts, with validation.ts, rows.ts (shared building blocks),
// catalog-error.ts and run-write.ts; this file holds their shared types. Each write is an Ops
// generator (lib/db/ops.ts) so it runs in the caller's transaction on SQLite and PostgreSQL alike.
//
// - Set-based: the *Ops functions take arrays (a bulk job's 100 entries are one call: one
//   SELECT of what exists, one multi-row INSERT); the single-entry helpers call them with one.
// - Per entry: each entry is validated on its own (zod, field errors keyed by the camelCase
//   field name: externalId, price, customMetadata, inventoryQuantity, …) and either applied
//   whole or reported with its errors; a bad entry never stops the good ones.
// - Catalog changes: when an item's price, or a variant's price or inventory quantity,
//   changes (old ≠ new, on an update or an upsert that hits an existing row), a CatalogChange
//   row (kind 'price' | 'inventory', oldValue → newValue) is written in the same transaction,
//   and the job CATALOG_CHANGES_JOB is enqueued once per call (payload {companyId}); its
//   handler (K2, lib/catalog/changes.ts) runs the reactions and sets processedAt. Creating a
//   row records no change.
// - On PostgreSQL the job queue's schema must exist before the transaction: call
//   prepareCatalogWrite() first (or use runCatalogWrite(), which also wakes the workers).
// - Deletes are hard deletes (the variants and links of a deleted item go with it), so an
//   external id can be used again; readers still skip rows with deleted = true.
export const CATALOG_CHANGES_JOB = 'catalog.changes'
export const CUSTOM_METADATA_MAX_BYTES = 100 * 1024

export type FieldErrorCode = 'invalid' | 'conflict' | 'not_found'
/** One problem with one entry; `field` is the camelCase input field ('' = the entry itself). */
export type CatalogFieldError = { field: string; code: FieldErrorCode; message: string }
/** The outcome of one entry of a set-based write, in input order. */
export type EntryResult = { ok: true; id: string; created?: boolean } | { ok: false; errors: CatalogFieldError[] }

export type ItemInput = {
  externalId: string
  title: string
  description: string
  url: string
  price?: number | null
  imageFullUrl?: string | null
  imageThumbnailUrl?: string | null
  imageUrls?: string[]
  customMetadata?: Record<string, unknown>
  published?: boolean
  itemType?: string | null
  itemSubtypeId?: number | null
  /** api | feed | csv | ajax, or a source id. */
  sourceId?: string | null
  /** Internal category ids (replace the item's categories on update). */
  categoryIds?: string[]
}
export type ItemPatch = Partial<Omit<ItemInput, 'externalId'>>

export type VariantInput = {
  externalId: string
  /** The item (internal id); or give itemExternalId. */
  itemId?: string
  itemExternalId?: string
  title: string
  description: string
  sku: string
  price: number
  inventoryQuantity: number
  inventoryPolicy?: 0 | 1 | 2
  url: string
  imageFullUrl?: string | null
  imageThumbnailUrl?: string | null
  imageUrls?: string[]
  customMetadata?: Record<string, unknown>
  published?: boolean
}
export type VariantPatch = Partial<Omit<VariantInput, 'externalId' | 'itemId' | 'itemExternalId'>>

export type CategoryInput = { externalId: string; name: string; /** Internal item ids. */ itemIds?: string[] }
export type CategoryPatch = { name?: string; itemIds?: string[] }

export type CatalogItemRow = {
  id: string
  companyId: number
  integrationKey: string
  catalogName: string
  externalId: string
  title: string
  description: string
  price: number | null
  url: string
  imageFullUrl: string | null
  imageThumbnailUrl: string | null
  imageUrls: string[]
  published: boolean
  customMetadata: Record<string, unknown>
  itemType: string | null
  itemSubtypeId: number | null
  sourceId: string | null
  createdAt: Date
  updatedAt: Date
}
export type CatalogVariantRow = {
  id: string
  companyId: number
  itemId: string
  integrationKey: string
  catalogName: string
  externalId: string
  title: string
  description: string
  sku: string
  price: number
  url: string
  imageFullUrl: string | null
  imageThumbnailUrl: string | null
  imageUrls: string[]
  inventoryQuantity: number
  inventoryPolicy: number
  published: boolean
  customMetadata: Record<string, unknown>
  createdAt: Date
  updatedAt: Date
}
export type CatalogCategoryRow = {
  id: string
  companyId: number
  integrationKey: string
  catalogName: string
  externalId: string
  name: string
  createdAt: Date
  updatedAt: Date
}
