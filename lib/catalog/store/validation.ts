// Validation of catalog inputs (zod): per-entry field errors keyed by the camelCase field name.
import { z } from 'zod'
import { isHttpUrl } from '@/lib/templates/url-scheme'
import { CUSTOM_METADATA_MAX_BYTES, type CatalogFieldError } from './types'

const customMetadata = z.record(z.string(), z.unknown()).superRefine((v, ctx) => {
  for (const [k, val] of Object.entries(v)) {
    if (val !== null && typeof val === 'object' && !Array.isArray(val)) {
      ctx.addIssue({ code: 'custom', message: `custom_metadata must be flat: "${k}" is an object.` })
      return
    }
    if (Array.isArray(val) && val.some((x) => x !== null && typeof x === 'object')) {
      ctx.addIssue({ code: 'custom', message: `custom_metadata must be flat: "${k}" holds objects.` })
      return
    }
  }
  if (Buffer.byteLength(JSON.stringify(v)) > CUSTOM_METADATA_MAX_BYTES)
    ctx.addIssue({ code: 'custom', message: 'custom_metadata may not exceed 100 KB.' })
})
const str = (name: string, max = 1000) =>
  z.string({ error: `${name} must be a string.` }).max(max, `${name} is too long (at most ${max} characters).`)
const required = (name: string, max = 1000) => str(name, max).refine((s) => s.trim() !== '', `${name} is required.`)
// templates print these into href and src: absolute http(s) only, never javascript: and the
// like (issue 29, finding 10); an item's url may be left empty
const httpUrl = (name: string) => str(name, 2000).refine(isHttpUrl, `${name} must be an http or https URL.`)
const pageUrl = (name: string) =>
  str(name, 2000).refine((s) => s.trim() === '' || isHttpUrl(s), `${name} must be an http or https URL.`)
const nullableUrl = (name: string) => z.union([httpUrl(name), z.null()])
const images = z
  .array(httpUrl('images'), { error: 'images must be a list of URLs.' })
  .max(100, 'images holds at most 100 URLs.')
const price = z
  .number({ error: 'price must be a number.' })
  .finite('price must be a number.')
  .min(0, 'price must not be negative.')
const inventory = z
  .number({ error: 'inventory_quantity must be a number.' })
  .finite('inventory_quantity must be a number.')
  .min(0, 'inventory_quantity must not be negative.')
  .max(2_147_483_647, 'inventory_quantity is too large.')
  .transform((n) => Math.floor(n))
const published = z.boolean({ error: 'published must be true or false.' })
const externalId = required('external_id', 255).refine((s) => !s.includes('\n'), 'external_id must be one line.')
const idList = z.array(z.string()).max(1000)

const itemFields = {
  title: required('title', 1000),
  description: str('description', 100_000),
  url: pageUrl('url'),
  price: z.union([price, z.null()]).optional(),
  imageFullUrl: nullableUrl('image_full_url').optional(),
  imageThumbnailUrl: nullableUrl('image_thumbnail_url').optional(),
  imageUrls: images.optional(),
  customMetadata: customMetadata.optional(),
  published: published.optional(),
  itemType: z.union([str('item_type', 255), z.null()]).optional(),
  itemSubtypeId: z.union([z.number().int(), z.null()]).optional(),
  sourceId: z.union([str('source', 255), z.null()]).optional(),
  categoryIds: idList.optional(),
}
export const itemInputSchema = z.object({ externalId, ...itemFields })
export const itemPatchSchema = z.object({
  ...itemFields,
  title: itemFields.title.optional(),
  description: itemFields.description.optional(),
  url: itemFields.url.optional(),
})

const variantFields = {
  title: required('title', 1000),
  description: str('description', 100_000),
  sku: required('sku', 255),
  price,
  inventoryQuantity: inventory,
  inventoryPolicy: z
    .union([z.literal(0), z.literal(1), z.literal(2)], { error: 'inventory_policy must be 0, 1 or 2.' })
    .optional(),
  url: pageUrl('url'),
  imageFullUrl: nullableUrl('image_full_url').optional(),
  imageThumbnailUrl: nullableUrl('image_thumbnail_url').optional(),
  imageUrls: images.optional(),
  customMetadata: customMetadata.optional(),
  published: published.optional(),
}
export const variantInputSchema = z
  .object({ externalId, itemId: z.string().optional(), itemExternalId: z.string().optional(), ...variantFields })
  .refine((v) => v.itemId || v.itemExternalId, { message: 'The variant needs an item.', path: ['itemId'] })
export const variantPatchSchema = z.object({
  title: variantFields.title.optional(),
  description: variantFields.description.optional(),
  sku: variantFields.sku.optional(),
  price: price.optional(),
  inventoryQuantity: inventory.optional(),
  inventoryPolicy: variantFields.inventoryPolicy,
  url: variantFields.url.optional(),
  imageFullUrl: variantFields.imageFullUrl,
  imageThumbnailUrl: variantFields.imageThumbnailUrl,
  imageUrls: variantFields.imageUrls,
  customMetadata: variantFields.customMetadata,
  published: variantFields.published,
})
export const categoryInputSchema = z.object({ externalId, name: required('name', 1000), itemIds: idList.optional() })
export const categoryPatchSchema = z.object({ name: required('name', 1000).optional(), itemIds: idList.optional() })

/** Field errors of a zod failure, keyed by the first path segment (camelCase). */
export function zodFieldErrors(e: z.ZodError): CatalogFieldError[] {
  return e.issues.map((i) => ({
    field: i.path.length ? String(i.path[0]) : '',
    code: 'invalid' as const,
    message: issueMessage(i),
  }))
}
function issueMessage(i: z.core.$ZodIssue): string {
  const f = i.path.length ? String(i.path[0]) : ''
  if (i.code === 'invalid_type' && i.input === undefined) return `${snake(f)} is required.`
  if (i.code === 'unrecognized_keys') return `Unknown field: ${i.keys.join(', ')}.`
  return i.message
}
/** camelCase → snake_case (the /api attribute name of a field). */
export const snake = (s: string) => s.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase()).replace(/^image_urls$/, 'images')

export function validate<T>(
  schema: z.ZodType<T>,
  input: unknown,
): { ok: true; value: T } | { ok: false; errors: CatalogFieldError[] } {
  const r = schema.safeParse(input)
  return r.success ? { ok: true, value: r.data } : { ok: false, errors: zodFieldErrors(r.error) }
}
